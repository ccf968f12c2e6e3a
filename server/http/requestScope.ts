/**
 * What one request reads: the content service bound to one ref (the master ref of the moment,
 * or the editor's preview token, which wins: docs/behaviour.md section 3.4), and whether this is a preview. The
 * renderer and the data endpoint put it in the router's request context for the loaders.
 */
import type { Request } from "express";
import { createContext, RouterContextProvider } from "react-router";
import type { ContentService } from "../content/contentService";
import type { RefTracker } from "../content/refTracker";
import type { Confirmation, EdgeLifetimes } from "../edge/edgeLifetimes";
import type { Logger } from "../observability/logger";
import { PREVIEW_COOKIE, previewTokenFrom } from "../preview/previewCookie";
import type { PreviewGate } from "../preview/previewVerification";

export interface RequestScope {
  content: ContentService;
  /** The ref every query of this request reads. */
  ref: string;
  preview: boolean;
  /**
   * The master ref confirmed by a read that started after this request arrived, for the edge's
   * long lifetime (server/edge/edgeLifetimes.ts); absent for a preview or with short lifetimes.
   */
  confirmed?: Confirmation;
}

export const requestScope = createContext<RequestScope>();
/** Per-request memo, so the layout and a page loader share one navigation fetch. */
export const requestMemo = createContext<Map<string, Promise<unknown>>>();

export interface ScopeDeps {
  content: ContentService;
  refs: RefTracker;
  repositoryName: string;
  logger: Logger;
  /** Which preview tokens are previews (verified: server/preview/previewVerification.ts). */
  previews: Pick<PreviewGate, "isPreview">;
  /** The edge's lifetimes (server/edge/edgeLifetimes.ts); without it, the short ones. */
  lifetimes?: EdgeLifetimes;
}

/** The scope of a request; rejects (content unavailable) only when no master ref was ever read. */
export async function scopeFor(req: Request, deps: ScopeDeps): Promise<RequestScope> {
  // Begun first, as the request arrives: only a master-ref read started from now confirms its answer.
  const confirmation = deps.lifetimes?.longLived() ? deps.lifetimes.confirm() : undefined;
  const log = (req as Request & { log?: Logger }).log ?? deps.logger;
  const token = previewTokenFrom(req.cookies?.[PREVIEW_COOKIE], deps.repositoryName, (message) => log.warn(message));
  // Only a verified token previews. One Prismic refused (expired, unknown, not allowed) is
  // ignored: published content, and the response clears the cookie (preview/previewFallback.ts);
  // one not verified (no budget left to ask about it) is an ordinary visitor.
  if (token && (await deps.previews.isPreview(req)))
    return { content: deps.content.withRef(token), ref: token, preview: true };
  // With long edge lifetimes, the page is read at the ref confirmed after the request arrived, so
  // an instance that has not yet seen a publish learns it before the edge can keep its answer
  // (docs/operations.md, "Edge caching and purges"); the last known ref if that read failed.
  const ref = (confirmation && (await confirmation)) || (await deps.refs.current());
  // Published content: its reads are shared by every request at this ref (never a preview's).
  return { content: deps.content.atMasterRef(ref), ref, preview: false, confirmed: confirmation };
}

export function routerContext(scope: RequestScope): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestScope, scope);
  context.set(requestMemo, new Map());
  return context;
}
