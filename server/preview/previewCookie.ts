/**
 * Reads the Prismic preview cookie (`io.prismic.preview`, spec §3). Its value is JSON keyed by
 * repository host (`{"repo.prismic.io":{"preview":"<token>"}}`) or, in older toolbars, the
 * bare token. Only a well-formed token under THIS repository's key makes a preview: anything
 * else (junk, another repository's entry, a malformed token) only warns (spec §4), and the
 * page is the published one, served from the page cache like any other visitor's.
 */
import * as prismic from "@prismicio/client";

export const PREVIEW_COOKIE = prismic.cookie.preview;

/** Preview tokens are URLs (`https://<repo>.prismic.io/previews/…`) or, from older tools, bare refs. */
export const MAX_TOKEN_LENGTH = 2048;
const PLAUSIBLE_REF = /^[\w.~:-]{1,512}$/;

/** `value` as a preview token, or null: an https URL or a plausible ref, without white space or control characters. */
export function validPreviewToken(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (!URL.canParse(value)) return null;
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password ? value : null;
  }
  return PLAUSIBLE_REF.test(value) ? value : null;
}

/** The preview token the cookie holds for `repositoryName`, or null (with a warning when a cookie was there but is not one). */
export function previewTokenFrom(
  raw: string | undefined,
  repositoryName: string,
  warn: (message: string) => void,
): string | null {
  if (!raw) return null;
  if (/^https?:\/\//.test(raw)) {
    const bare = validPreviewToken(raw);
    if (!bare) warn("Ignoring a preview cookie without a usable token");
    return bare;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    warn("Ignoring a preview cookie that does not parse");
    return null;
  }
  const entry = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)[`${repositoryName}.prismic.io`] : undefined;
  const token = entry && typeof entry === "object" ? validPreviewToken((entry as { preview?: unknown }).preview) : null;
  if (!token) warn("Ignoring a preview cookie without a usable token for this repository");
  return token;
}

/** Whether the request carries a preview of this repository (cookies already parsed): such a request never meets the page cache. */
export const isPreviewRequest = (cookies: Record<string, unknown> | undefined, repositoryName: string): boolean =>
  typeof cookies?.[PREVIEW_COOKIE] === "string" && previewTokenFrom(cookies[PREVIEW_COOKIE] as string, repositoryName, () => {}) !== null;

/**
 * Marks a request that carries a preview of this repository (`res.locals.preview`), once, for
 * what must decide before the page: the root's locale detection lets an editor see the gb home.
 * Mount it after cookie-parser.
 */
export const markPreviewRequests =
  (repositoryName: string) =>
  (req: { cookies?: Record<string, unknown> }, res: { locals: Record<string, unknown> }, next: () => void): void => {
    res.locals.preview = isPreviewRequest(req.cookies, repositoryName);
    next();
  };
