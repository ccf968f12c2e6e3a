/**
 * Whether the preview cookie stuck in Prismic's editor frame (docs/prismic.md, "Previews inside
 * Prismic's editor"). Inside the editor `/preview` is a frame on another site, where a browser
 * may refuse the cookie it sets: WebKit takes no `Secure` cookie over http://localhost, and any
 * engine that blocks third-party cookies (Safari by default, Chrome's incognito windows, Brave)
 * keeps none. The page it redirects to would then be the published one, which may not be framed
 * (`frame-ancestors 'none'`): the editor would show the browser's refusal, or a published page
 * that no pushed draft ever changes, and nothing would say why.
 *
 * So a `/preview` loaded in a frame (`Sec-Fetch-Dest: iframe`) goes through `GET /preview/check`
 * first: a request that brings the cookie back goes on to the page; one that does not gets a
 * short page that says why the preview cannot show here and links to it in a tab of its own
 * (where the cookie is first-party), and the server log says so too. It never redirects back to
 * `/preview`, so a browser that refuses the cookie cannot loop. The check answer may be framed by
 * the preview's ancestors (server/app.ts), so that the editor shows its words, not a refusal.
 */
import type { Request, Response } from "express";
import { sameSitePath } from "../../shared/regionChoice";
import { escapeHtml } from "../render/html";
import type { Logger } from "../observability/logger";
import { PREVIEW_COOKIE, previewTokenFrom } from "./previewCookie";

export const PREVIEW_CHECK_PATH = "/preview/check";

/** The words the page says (and tests look for). */
export const COOKIE_REFUSED_MESSAGE =
  "Your browser blocks the preview cookie in Prismic's frame, so the draft cannot show here: open the preview in its own tab.";

/** Whether this `/preview` request is a navigation inside a frame (Fetch Metadata, sent by every engine we test). */
export function isFrameNavigation(req: Request): boolean {
  return req.get("sec-fetch-dest") === "iframe";
}

/** Where `/preview` sends a framed editor: the check, carrying the page and the preview link to open in a tab. */
export function cookieCheckUrl(target: string, token: string, documentId: string): string {
  const query = new URLSearchParams({ to: target, token, documentId });
  return `${PREVIEW_CHECK_PATH}?${query}`;
}

function refusedPage(previewLink: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview blocked by the browser</title></head>
<body><main data-preview-cookie-refused>
<h1>The preview cannot show in this frame</h1>
<p>${escapeHtml(COOKIE_REFUSED_MESSAGE)}</p>
<p>This happens in Safari (and other WebKit browsers), in private or incognito windows, and wherever third-party cookies are blocked.</p>
<p><a href="${escapeHtml(previewLink)}" target="_blank" rel="noopener">Open the preview in its own tab</a></p>
</main></body></html>
`;
}

/**
 * The check's handler: on to `to` when the request brought the cookie back, else the page that
 * says why not, linking to `previewLink` (the `/preview` URL, to open in a tab; `to` without one).
 */
export function previewCookieCheck(repositoryName: string, logger: Logger) {
  return (req: Request, res: Response, previewLink: string | null): void => {
    res.setHeader("Cache-Control", "no-store");
    const to = sameSitePath(req.query.to) ?? "/";
    const raw: unknown = req.cookies?.[PREVIEW_COOKIE];
    const token = typeof raw === "string" ? previewTokenFrom(raw, repositoryName, () => undefined) : null;
    if (token) return void res.redirect(302, to);
    const log = (req as Request & { log?: Logger }).log ?? logger;
    log.warn(
      { userAgent: req.get("user-agent") ?? "" },
      "preview: the browser did not send back the preview cookie /preview set in the editor's frame (third-party cookies blocked, or Secure refused over http); the page tells the editor to open the preview in its own tab",
    );
    res
      .status(200)
      .type("html")
      .send(refusedPage(previewLink ?? to));
  };
}
