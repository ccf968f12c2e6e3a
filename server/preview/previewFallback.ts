/**
 * A preview cookie whose token Prismic refused (expired in either form, unknown, or not
 * readable with our access token: server/content/expiredPreview.ts) is cleared by the response,
 * so the editor's browser stops sending it; the page itself is published content, rendered by
 * the client's fallback to the master ref the first time and without the token afterwards
 * (server/http/requestScope.ts). A response that clears the cookie is never stored by a shared cache.
 *
 * The check runs when the headers go out (`on-headers`), after the page's queries, so the very
 * response whose queries were refused already clears the cookie.
 */
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import type { ContentService } from "../content/contentService";
import type { Logger } from "../observability/logger";
import { clearPreviewCookie, PREVIEW_COOKIE, previewTokenFrom } from "./previewCookie";

export interface PreviewFallbackDeps {
  content: ContentService;
  repositoryName: string;
  logger: Logger;
}

export function forgetRefusedPreview({ content, repositoryName, logger }: PreviewFallbackDeps): RequestHandler {
  return (req, res, next) => {
    const raw: unknown = req.cookies?.[PREVIEW_COOKIE];
    const token = typeof raw === "string" ? previewTokenFrom(raw, repositoryName, () => undefined) : null;
    if (token) {
      onHeaders(res, () => {
        if (!content.previewRefused(token)) return;
        // The token itself stays out of the log: it reads unpublished content.
        ((req as typeof req & { log?: Logger }).log ?? logger).warn(
          "preview: Prismic refused the preview token (expired, unknown or not allowed); published content served and the cookie cleared",
        );
        // Cleared with the attributes /preview writes (SameSite=None; Secure), and any Lax leftover.
        clearPreviewCookie(req, res);
        res.setHeader("Cache-Control", "private, no-store");
      });
    }
    next();
  };
}
