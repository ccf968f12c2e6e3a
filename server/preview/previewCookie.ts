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
 * - Inside Prismic's own editor frame the toolbar does nothing (it sets up only when
 *   `window.self === window.top`), so the cookie there is whichever of the above was written.
 *
 * The repository's entry is found case-insensitively (a PRISMIC_REPOSITORY with capitals still
 * matches the toolbar's lower-cased host, and `<repo>.cdn.prismic.io` too); `_tracker` is never
 * taken for a token. A value still percent-encoded (written encoded twice) is decoded once more.
 * A cookie that does not parse only warns (docs/behaviour.md section 3.4): the page renders published. Only a
 * well-formed token (an https URL or a plausible ref, as /preview accepts) of THIS repository
 * can make a preview, and only once Prismic has read content at it (previewVerification.ts):
 * anything else is an ordinary visitor, served from the page cache.
 */
import * as prismic from "@prismicio/client";

export const PREVIEW_COOKIE = prismic.cookie.preview;

/** Preview tokens are URLs (`https://<repo>.prismic.io/previews/…`) or, from older tools, bare refs. */
export const MAX_TOKEN_LENGTH = 2048;
const PLAUSIBLE_REF = /^[\w.~:-]{1,512}$/;

/** `value` as a preview token, or null: an https URL or a plausible ref, without white space or control characters. */
export function validPreviewToken(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in a token on purpose
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
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
  if (!/^(%7B|%22|https?%3A)/i.test(raw)) return raw;
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
    warn("Ignoring a preview cookie that does not parse");
    return null;
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
