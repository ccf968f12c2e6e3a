/**
 * The preview entry (`/preview`, docs/behaviour.md section 3.4): Prismic's editor opens
 * `GET /preview?token=<preview token>&documentId=<id>`; we check both, read the document at the
 * token (by id, the token as ref, lang "*"), resolve its URL with our own link
 * resolver and the menus of its language read at the same token, set the preview cookie and
 * redirect there. From then on every request of that browser reads the token (server/http/requestScope.ts).
 *
 * Why not `client.resolvePreviewURL`: it neither validates the token nor checks the URL it
 * returns, and an unknown token silently becomes the master ref (it would give a published URL
 * and we would store a token that previews nothing). So: the token and id are validated here,
 * the content service tells an unknown or expired token apart (`previewDocument`), and the only
 * redirect targets are same-site paths (`sameSitePath`), else the region's home.
 *
 * The cookie `io.prismic.preview` holds Prismic's JSON shape,
 * `{"<repository>.prismic.io":{"preview":"<token>"}}`: Path=/, SameSite=None; Secure on HTTPS and
 * on loopback so that it works inside Prismic's editor frame (previewCookie.ts, previewCookieOptions), a session cookie (it ends with the browser session; the token itself expires at Prismic), and
 * deliberately NOT HttpOnly: Prismic's toolbar reads it in the browser and deletes it to end
 * the preview. It grants nothing by itself: it names a token, which Prismic checks.
 *
 * `GET /preview/exit?to=<path>` ends a preview from our side (the toolbar stand-in's Exit link,
 * and client/preview.ts on `prismicPreviewEnd`): clears the cookie, redirects to `to` when it is
 * a same-site path, else home.
 *
 * Both answer a 302 with `Cache-Control: no-store`: never an error page, never cached.
 *
 * In the editor's frame (`Sec-Fetch-Dest: iframe`) `/preview` redirects through `/preview/check`,
 * which goes on to the page only when the browser sent the cookie back, and otherwise says why the
 * preview cannot show in the frame (previewCookieCheck.ts).
 *
 * `GET /preview/toolbar.js` is the embedded-mode stand-in for Prismic's toolbar, given by the
 * Prismic stand-in (packages/prismic-stand-in/src/toolbarStandIn.ts) when there is no repository.
 *
 * Embedded content outside development serves no preview unless EMBEDDED_PREVIEWS=on
 * (docs/prismic.md, "Previews"): a release's token is its folder's name, so `/preview` and the
 * toolbar stand-in are then a 404 (`enabled: false`); `/preview/exit` still clears a cookie.
 */
import express, { type Request, type Response, type Router } from "express";
import { resolveLink, type LinkLike } from "../../shared/linkResolver";
import { localeByLang } from "../../shared/locales";
import { regionHome, sameSitePath } from "../../shared/regionChoice";
import { buildSectionIndex, type SectionIndex } from "../../shared/sectionIndex";
import type { ContentService } from "../content/contentService";
import type { PreviewDocument } from "../content/previewDocument";
import type { Logger } from "../observability/logger";
import { clearPreviewCookie, PREVIEW_COOKIE, previewCookieOptions, validPreviewToken } from "./previewCookie";
import { cookieCheckUrl, isFrameNavigation, PREVIEW_CHECK_PATH, previewCookieCheck } from "./previewCookieCheck";
import type { PreviewGate } from "./previewVerification";

export { MAX_TOKEN_LENGTH, validPreviewToken } from "./previewCookie";
import { TOOLBAR_STAND_IN_SRC } from "./toolbar";

export const PREVIEW_PATH = "/preview";
export const PREVIEW_EXIT_PATH = "/preview/exit";

/** Seconds before a client past its budget of new preview tokens may try again. */
const PREVIEW_RETRY_AFTER_SECONDS = 60;

/** Prismic document ids: letters, digits, `_` and `-` (ours and exported ones alike). */
const DOCUMENT_ID = /^[\w-]{1,64}$/;

/** `value` as a Prismic document id, or null. */
export function validDocumentId(value: unknown): string | null {
  return typeof value === "string" && DOCUMENT_ID.test(value) ? value : null;
}

/**
 * The value of the preview cookie for `token`: Prismic's JSON, keyed by the repository's host,
 * lower-cased as the toolbar writes and reads it (it takes the host from `new URL(…).hostname`).
 */
export function previewCookieValue(repositoryName: string, token: string): string {
  return JSON.stringify({ [`${repositoryName.toLowerCase()}.prismic.io`]: { preview: token } });
}

export interface PreviewRouteDeps {
  content: ContentService;
  /** Prismic repository name: the cookie's key (`<name>.prismic.io`). */
  repositoryName: string;
  logger: Logger;
  /** How a document becomes a URL; default: the site's `resolveLink`. Tests pass hostile ones. */
  linkResolver?: (link: LinkLike, sections: SectionIndex) => string | null;
  /**
   * What is known of preview tokens (previewVerification.ts): a refused token is not asked about
   * again, an unknown one only within the verification budget (else 429), and the answer is
   * recorded, so the pages that follow know the token at once.
   */
  previews?: Pick<PreviewGate, "status" | "takeQuestion" | "remember">;
  /** The toolbar stand-in's script, served at /preview/toolbar.js: embedded mode only (server/content/prismicStandIn.ts). */
  toolbarStandIn?: string;
  /**
   * Whether this site serves previews (server/config.ts, `servesPreviews`). Without, embedded
   * content with EMBEDDED_PREVIEWS off, `/preview` and the toolbar stand-in are a plain 404: no
   * token is read, no cookie written.
   */
  enabled?: boolean;
}

function notFound(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(404).type("text/plain").send("Not Found");
}

function redirect(res: Response, to: string): void {
  res.setHeader("Cache-Control", "no-store");
  res.redirect(302, to);
}

export function createPreviewRouter(deps: PreviewRouteDeps): Router {
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = express.Router({ caseSensitive: true, strict: true });
  const linkResolver = deps.linkResolver ?? resolveLink;

  router.get(PREVIEW_PATH, async (req, res) => {
    if (deps.enabled === false) return notFound(res);
    const log = (req as Request & { log?: Logger }).log ?? deps.logger;
    const token = validPreviewToken(req.query.token);
    const documentId = validDocumentId(req.query.documentId);
    if (!token || !documentId) {
      log.warn(
        { token: Boolean(token), documentId: Boolean(documentId) },
        "preview: missing or malformed token or documentId",
      );
      // Every fallback clears a cookie left by an earlier preview: what the editor asked for is not it.
      clearPreviewCookie(req, res);
      return redirect(res, "/");
    }

    const known = deps.previews?.status(token);
    if (known === "refused") {
      log.warn("preview: the content service has already refused this preview token (unknown or expired)");
      clearPreviewCookie(req, res);
      return redirect(res, "/");
    }
    if (known === "unknown" && !deps.previews!.takeQuestion(req)) {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Retry-After", String(PREVIEW_RETRY_AFTER_SECONDS));
      return void res
        .status(429)
        .type("text/plain")
        .send("Too many new preview tokens from this address: retry in a minute.\n");
    }

    let found: PreviewDocument;
    try {
      found = await deps.content.previewDocument(documentId, token);
    } catch (error) {
      // The content service is down: nothing can be previewed now, and nothing is stored.
      log.warn({ err: error }, "preview: could not read the previewed document");
      return redirect(res, "/");
    }
    deps.previews?.remember(token, found.valid, req);
    if (!found.valid) {
      log.warn({ reason: found.reason }, "preview: the content service refused the preview token (unknown or expired)");
      clearPreviewCookie(req, res);
      return redirect(res, "/");
    }

    res.cookie(PREVIEW_COOKIE, previewCookieValue(deps.repositoryName, token), previewCookieOptions(req));
    // In a frame, through the check that the cookie stuck (previewCookieCheck.ts).
    const land = (target: string) =>
      redirect(res, isFrameNavigation(req) ? cookieCheckUrl(target, token, documentId) : target);
    const document = found.document;
    if (!document) {
      log.warn({ documentId }, "preview: no document with this id at the preview token");
      return land("/");
    }

    const home = regionHome(localeByLang(document.lang));
    let resolved: string | null = null;
    try {
      // The document's URL may depend on the menus (a page's section), which may be drafts too.
      const navigation = await deps.content.withRef(token).navigation(document.lang);
      const sections = buildSectionIndex(navigation.find((doc) => doc.uid === "primary-nav")?.data.body);
      const link: LinkLike = {
        link_type: "Document",
        id: document.id,
        uid: document.uid,
        type: document.type,
        lang: document.lang,
      };
      resolved = linkResolver(link, sections);
    } catch (error) {
      log.warn({ err: error }, "preview: could not resolve the previewed document's URL");
    }
    const target = sameSitePath(resolved);
    if (resolved !== null && target === null)
      log.warn("preview: the resolved URL is not a path on this site; going home");
    land(target ?? home);
  });

  const checkCookie = previewCookieCheck(deps.repositoryName, deps.logger);
  router.get(PREVIEW_CHECK_PATH, (req, res) => {
    if (deps.enabled === false) return notFound(res);
    const token = validPreviewToken(req.query.token);
    const documentId = validDocumentId(req.query.documentId);
    checkCookie(req, res, token && documentId ? `${PREVIEW_PATH}?${new URLSearchParams({ token, documentId })}` : null);
  });

  router.get(PREVIEW_EXIT_PATH, (req, res) => {
    clearPreviewCookie(req, res);
    redirect(res, sameSitePath(req.query.to) ?? "/");
  });

  // With a hosted repository there is no stand-in: a plain 404, never a page (decision record 025).
  const toolbarStandIn = deps.enabled === false ? undefined : deps.toolbarStandIn;
  router.get(TOOLBAR_STAND_IN_SRC, (_req, res) => {
    if (toolbarStandIn === undefined) return void res.status(404).type("text/plain").send("Not Found");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/javascript").send(toolbarStandIn);
  });

  return router;
}
