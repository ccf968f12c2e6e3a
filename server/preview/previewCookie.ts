/**
 * Reads the Prismic preview cookie (`io.prismic.preview`, docs/behaviour.md section 3.4) in every form that is
 * written to it (sources in docs/decisions/009):
 *
 * - Prismic's toolbar (prismic-toolbar, src/toolbar/preview/cookie.js) writes JSON keyed by the
 *   repository's host, which it takes from `new URL(...).hostname` and so is lower-cased:
 *   `{"_tracker":"<8 chars>","<repo>.prismic.io":{"preview":"<token>"}}`; `_tracker` alone
 *   when no preview is active; the host entry without `_tracker` for an editor not logged in.
 * - Our /preview route writes `{"<repo>.prismic.io":{"preview":"<token>"}}`.
 * - Server-side kits (@prismicio/next's redirectToPreviewURL, older toolbars) write the bare
 *   token, which the toolbar converts to JSON on its next load.
 * - Inside Prismic's editor (its Live Preview frame) the toolbar 4.1.5 and later, in its embedded
 *   mode, writes the plain ref it is pushed (`m-…:p-…` and other shapes), `SameSite=None; Secure`.
 *
 * The repository's entry is found case-insensitively (a PRISMIC_REPOSITORY with capitals still
 * matches the toolbar's lower-cased host, and `<repo>.cdn.prismic.io` too); `_tracker` is never
 * taken for a token. A value still percent-encoded (written encoded twice) is decoded once more.
 * A value that is neither JSON nor a URL is the plain ref when it is a plausible one.
 * A cookie that does not parse only warns (docs/behaviour.md section 3.4): the page renders published. Only a
 * well-formed token (an https URL or a plausible ref, as /preview accepts) of THIS repository
 * can make a preview, and only once Prismic has read content at it (previewVerification.ts):
 * anything else is an ordinary visitor, served from the page cache.
 */
import * as prismic from "@prismicio/client";
import type { CookieOptions, Request, Response } from "express";

export const PREVIEW_COOKIE = prismic.cookie.preview;

/** Preview tokens are URLs (`https://<repo>.prismic.io/previews/…`) or, from older tools, bare refs. */
export const MAX_TOKEN_LENGTH = 2048;
const PLAUSIBLE_REF = /^[\w.~:-]{1,512}$/;

/** `value` as a preview token, or null: an https URL or a plausible ref, without white space or control characters. */
export function validPreviewToken(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in a token on purpose
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return null;
  // A URL: http(s) only. Other `x:` prefixes are refs (Prismic's `m-…:p-…`), but never a script's scheme.
  if (/^(https?|javascript|vbscript|data|file|blob):/i.test(value)) {
    if (!URL.canParse(value)) return null;
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password ? value : null;
  }
  return PLAUSIBLE_REF.test(value) ? value : null;
}

/** Whether a cookie key is this repository's host: `<repo>.prismic.io`, `<repo>.cdn.prismic.io`, any case. */
function isRepositoryHost(key: string, repositoryName: string): boolean {
  const host = key.toLowerCase();
  const repo = repositoryName.toLowerCase();
  return host === `${repo}.prismic.io` || host === `${repo}.cdn.prismic.io`;
}

function stillEncoded(raw: string): string {
  if (!/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The preview token the cookie holds for `repositoryName`, or null (with a warning when a cookie was there but is not one). */
export function previewTokenFrom(
  raw: string | undefined,
  repositoryName: string,
  warn: (message: string) => void,
): string | null {
  if (!raw) return null;
  const value = stillEncoded(raw.trim());
  if (/^https?:\/\//.test(value)) {
    const bare = validPreviewToken(value);
    if (!bare) warn("Ignoring a preview cookie without a usable token");
    return bare;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // The plain ref the toolbar writes in the editor's frame (any of Prismic's ref formats).
    const ref = /^[{["]/.test(value) ? null : validPreviewToken(value);
    if (!ref) warn("Ignoring a preview cookie that does not parse");
    return ref;
  }
  // A JSON string: a bare token written as JSON.
  if (typeof parsed === "string") return validPreviewToken(parsed);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    warn("Ignoring a preview cookie that is not an object");
    return null;
  }
  const entries = Object.entries(parsed as Record<string, unknown>).filter(([key]) =>
    isRepositoryHost(key, repositoryName),
  );
  for (const [, entry] of entries) {
    const preview = validPreviewToken((entry as { preview?: unknown } | null)?.preview);
    if (preview) return preview;
  }
  // Only `_tracker`, or another repository's preview: nothing to preview here, and nothing wrong.
  if (entries.length > 0) warn("Ignoring a preview cookie without a usable token");
  return null;
}

/**
 * Whether `req` came to a loopback host (localhost, *.localhost, 127.0.0.0/8, [::1]): Chromium and
 * Firefox take a `Secure` cookie from http://localhost as from HTTPS (WebKit does not:
 * docs/prismic.md, "Previews inside Prismic's editor").
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/**
 * The preview cookie's attributes: `Path=/; SameSite=None; Secure` on HTTPS and on a loopback host,
 * so that the browser keeps and sends it inside Prismic's editor, a cross-site frame (as
 * @prismicio/next writes it); over plain HTTP elsewhere a browser refuses `Secure`, so the cookie
 * is `SameSite=Lax` there: previews work in a tab of their own, not framed. A session cookie, not
 * HttpOnly: Prismic's toolbar reads, rewrites and deletes it.
 */
export function previewCookieOptions(req: Request): CookieOptions {
  const secure = req.secure || isLoopbackHost(req.hostname ?? "");
  return secure
    ? { path: "/", sameSite: "none", secure: true, httpOnly: false }
    : { path: "/", sameSite: "lax", secure: false, httpOnly: false };
}

/**
 * Clears the preview cookie with the attributes it was written with, and also any `SameSite=Lax`
 * cookie an older version of the site or the toolbar left (the same name and path, so either
 * clears it where the browser takes it: inside a cross-site frame only the `None` one is taken).
 */
export function clearPreviewCookie(req: Request, res: Response): void {
  const options = previewCookieOptions(req);
  res.clearCookie(PREVIEW_COOKIE, options);
  // Secure over HTTPS as every cookie the site sets there (docs/security.md).
  if (options.sameSite !== "lax")
    res.clearCookie(PREVIEW_COOKIE, { path: "/", sameSite: "lax", secure: req.secure, httpOnly: false });
}
