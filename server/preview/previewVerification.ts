/**
 * A preview is a preview only once Prismic has read content at its token. The cookie
 * `io.prismic.preview` is the visitor's to write, and the repository's name is public, so a
 * made-up token (`{"<repo>.prismic.io":{"preview":"t<anything>"}}`) must not buy what a preview
 * gets: a render for this request alone past every cache, and in hosted mode a round of calls
 * to Prismic. So each token is asked about once (ContentService.verifyPreview, one small query
 * at it), and the answer is remembered: valid tokens for VALID_FOR_MS, refused ones for
 * REFUSED_FOR_MS, in two bounded LRUs (a flood of refused tokens cannot push out an editor's).
 *
 * Asking is rate-limited: per client address (IPv6 by /64) and for the whole process
 * (server/http/visitorBudget.ts). An editor is a client whose preview Prismic has verified (within
 * VALID_FOR_MS): inside Prismic's editor every pause in typing pushes a new ref, each one a new
 * token to ask about, so an editor has a budget of its own on top of a stranger's
 * (EDITOR_PER_MINUTE, EDITOR_BURST: docs/prismic.md, "Previews inside Prismic's editor"); a
 * stranger's bounds, and the process's, are unchanged. A request whose token is unknown and finds no budget left is served
 * as if it had no cookie: the public page, from the page cache. A request whose token is being
 * asked about waits for that one answer (never a second question). When Prismic cannot answer
 * (down, slow), the request is a preview as before this gate existed, and nothing is remembered.
 *
 * What each request gets is decided once (`admit`, memoised per request) so that the page
 * cache's fast path (server/pageCache/fastHit.ts), which runs first and cannot wait, and the
 * rest of the stack agree. An editor's token is known from the start: /preview verifies it
 * before it writes the cookie and records the answer here (server/preview/previewRoute.ts).
 */
import type { Request, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { clientKey, createClientBudget, type ClientBudget } from "../http/visitorBudget";
import type { ContentService } from "../content/contentService";
import type { Logger } from "../observability/logger";
import { PREVIEW_COOKIE, previewTokenFrom } from "./previewCookie";

/** How long a verified token is trusted before it is asked about again (Prismic's refusals of it are seen at once anyway). */
export const VALID_FOR_MS = 30 * 60_000;
/** New tokens a minute an editor (a client with a verified preview) may have asked about, besides a stranger's 30. */
export const EDITOR_PER_MINUTE = 60;
/** What an editor may spend at once of that budget, besides a stranger's burst of 10. */
export const EDITOR_BURST = 20;
/** How long a refused token is remembered. */
export const REFUSED_FOR_MS = 60 * 60_000;

/**
 * What a request's preview cookie gets:
 * - `none`: no preview token of this repository;
 * - `preview`: a verified token;
 * - `verify`: an unknown token being asked about now (the request waits for the answer);
 * - `refused`: a token Prismic refused: the public page, and the response clears the cookie;
 * - `unverified`: an unknown token with no budget left to ask: the public page, as without a cookie.
 */
export type PreviewAdmission = "none" | "preview" | "verify" | "refused" | "unverified";

export interface PreviewGateOptions {
  content: Pick<ContentService, "verifyPreview" | "previewRefused">;
  repositoryName: string;
  logger: Logger;
  /** Questions about unknown tokens per client address per minute (default 30, 10 at once). */
  perClientPerMinute?: number;
  /** Questions about unknown tokens per second for the whole process (default 10, 20 at once). */
  perSecond?: number;
  /**
   * Whether this site serves previews at all (server/config.ts, `servesPreviews`): false for
   * embedded content without EMBEDDED_PREVIEWS=on, where every preview cookie is ignored.
   */
  enabled?: boolean;
  /** The clock of the budgets (tests). */
  now?: () => number;
}

/**
 * The gate of a site that serves no preview (embedded content with EMBEDDED_PREVIEWS off): every
 * cookie is as no cookie, nothing is asked or remembered, and the page comes from the page cache.
 * The drafts under CONTENT_DIR/_releases are then read by no request (docs/prismic.md, "Previews").
 */
const NO_PREVIEWS: PreviewGate = {
  admit: () => "none",
  isPreview: () => Promise.resolve(false),
  verified: () => false,
  status: () => "refused",
  takeQuestion: () => false,
  remember: () => undefined,
};

export interface PreviewGate {
  /** What this request's cookie gets; decided once per request (cookies parsed first). */
  admit(req: Request): PreviewAdmission;
  /** Whether this request is a preview: waits for the answer about its token when it is being asked about. */
  isPreview(req: Request): Promise<boolean>;
  /**
   * Whether this request's token is known valid: Prismic has read content at it (after
   * `isPreview` has settled). A token treated as a preview only because Prismic could not
   * answer is not: such an answer is never framable (server/http/security.ts, allowPreviewFraming).
   */
  verified(req: Request): boolean;
  /** Whether a token is known to be valid or refused, or not (no I/O). */
  status(token: string): "valid" | "refused" | "pending" | "unknown";
  /** Takes one question from the request's client's budget and the process's: false when either is spent. */
  takeQuestion(req: Request): boolean;
  /** Records an answer learned elsewhere (/preview reads a document at the token); a valid one makes `req`'s client an editor. */
  remember(token: string, valid: boolean, req?: Request): void;
}

export function createPreviewGate({
  content,
  repositoryName,
  logger,
  perClientPerMinute = 30,
  perSecond = 10,
  enabled = true,
  now = Date.now,
}: PreviewGateOptions): PreviewGate {
  if (!enabled) return NO_PREVIEWS;
  const valid = new LRUCache<string, true>({ max: 500, ttl: VALID_FOR_MS });
  const refused = new LRUCache<string, true>({ max: 2_000, ttl: REFUSED_FOR_MS });
  const pending = new Map<string, Promise<boolean | null>>();
  const perClient: ClientBudget = createClientBudget({
    burst: Math.max(1, Math.ceil(perClientPerMinute / 3)),
    perSecond: perClientPerMinute / 60,
    now,
  });
  const global: ClientBudget = createClientBudget({ burst: Math.max(1, perSecond * 2), perSecond, maxKeys: 1, now });
  // Clients with a verified preview, and their extra budget: only Prismic's answer makes an editor.
  const editors = new LRUCache<string, true>({ max: 1_000, ttl: VALID_FOR_MS });
  const perEditor: ClientBudget = createClientBudget({
    burst: EDITOR_BURST,
    perSecond: EDITOR_PER_MINUTE / 60,
    maxKeys: 1_000,
    now,
  });
  const isEditor = (req: Request) => editors.set(clientKey(req), true);
  const admitted = new WeakMap<Request, { token: string | null; admission: PreviewAdmission }>();

  const remember = (token: string, isValid: boolean, req?: Request) => {
    if (isValid && req) isEditor(req);
    if (isValid) {
      valid.set(token, true);
      refused.delete(token);
    } else {
      refused.set(token, true);
      valid.delete(token);
    }
  };

  const status: PreviewGate["status"] = (token) => {
    if (content.previewRefused(token) || refused.has(token)) return "refused";
    if (valid.has(token)) return "valid";
    return pending.has(token) ? "pending" : "unknown";
  };

  // Per client first: a client past its own budget must not spend the process's. An editor past a
  // stranger's budget spends its own.
  const takeQuestion = (req: Request) => {
    const key = clientKey(req);
    const mine = perClient.take(key) === 0 || (editors.has(key) && perEditor.take(key) === 0);
    return mine && global.take("*") === 0;
  };

  /** One question per token, shared by every request that carries it meanwhile; null when Prismic could not answer. */
  const ask = (token: string): Promise<boolean | null> => {
    let answer = pending.get(token);
    if (!answer) {
      answer = content
        .verifyPreview(token)
        .then(
          (isValid) => {
            remember(token, isValid);
            return isValid;
          },
          (error: unknown) => {
            logger.warn(
              { err: error },
              "preview: could not verify a preview token (the content service did not answer); treated as a preview this time",
            );
            return null;
          },
        )
        .finally(() => pending.delete(token));
      pending.set(token, answer);
    }
    return answer;
  };

  const decide = (req: Request): { token: string | null; admission: PreviewAdmission } => {
    const raw: unknown = req.cookies?.[PREVIEW_COOKIE];
    const token = typeof raw === "string" ? previewTokenFrom(raw, repositoryName, () => undefined) : null;
    if (!token) return { token, admission: "none" };
    switch (status(token)) {
      case "valid":
        isEditor(req);
        return { token, admission: "preview" };
      case "refused":
        return { token, admission: "refused" };
      case "pending":
        return { token, admission: "verify" };
      default:
        // Only what a preview changes (a page, its data) is worth a question: a GET or HEAD.
        if ((req.method !== "GET" && req.method !== "HEAD") || !takeQuestion(req))
          return { token, admission: "unverified" };
        void ask(token);
        return { token, admission: "verify" };
    }
  };

  const memo = (req: Request) => {
    let found = admitted.get(req);
    if (!found) {
      found = decide(req);
      admitted.set(req, found);
    }
    return found;
  };

  return {
    admit: (req) => memo(req).admission,
    isPreview: async (req) => {
      const { token, admission } = memo(req);
      if (admission !== "verify" || !token) return admission === "preview";
      // The question in flight, or its remembered answer if it has just settled.
      const answer = pending.get(token) ?? Promise.resolve(valid.has(token) ? true : refused.has(token) ? false : null);
      const settled = await answer;
      if (settled === true) isEditor(req);
      return settled !== false;
    },
    verified: (req) => {
      const { token } = memo(req);
      return token !== null && status(token) === "valid";
    },
    status,
    takeQuestion,
    remember,
  };
}

/**
 * Marks a request that is a preview of this repository (`res.locals.preview`), verified (above),
 * for what decides before the page: the root's locale detection lets an editor see the gb home,
 * and the policy lets the toolbar in. Mount it after cookie-parser.
 */
export function markPreviewRequests(previews: PreviewGate): RequestHandler {
  return (req, res, next) => {
    const admission = previews.admit(req);
    if (admission !== "verify") {
      res.locals.preview = admission === "preview";
      return next();
    }
    previews.isPreview(req).then((preview) => {
      res.locals.preview = preview;
      next();
    }, next);
  };
}

/** Whether the page cache must not answer this request: a preview, a token being verified, or a refused one (its response clears the cookie). */
export const skipsPageCache = (admission: PreviewAdmission): boolean =>
  admission === "preview" || admission === "verify" || admission === "refused";
