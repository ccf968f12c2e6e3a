/**
 * Reads the Prismic preview cookie (`io.prismic.preview`, spec §3). Its value is JSON keyed by
 * repository host (`{"repo.prismic.io":{"preview":"<token>"}}`) or, in older toolbars, the
 * bare token. A cookie that does not parse only warns (spec §4): the page renders published.
 */
import * as prismic from "@prismicio/client";

export const PREVIEW_COOKIE = prismic.cookie.preview;
const MAX_TOKEN_LENGTH = 2048;

function plausibleToken(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_TOKEN_LENGTH && !/[\u0000-\u001f\u007f\s]/.test(value);
}

export function previewTokenFrom(
  raw: string | undefined,
  repositoryName: string,
  warn: (message: string) => void,
): string | null {
  if (!raw) return null;
  if (/^https?:\/\//.test(raw)) return plausibleToken(raw) ? raw : null;
  try {
    const parsed = JSON.parse(raw) as Record<string, { preview?: unknown } | undefined>;
    const entry = parsed?.[`${repositoryName}.prismic.io`] ?? Object.values(parsed ?? {})[0];
    if (plausibleToken(entry?.preview)) return entry.preview;
    warn("Ignoring a preview cookie without a usable token");
  } catch {
    warn("Ignoring a preview cookie that does not parse");
  }
  return null;
}
