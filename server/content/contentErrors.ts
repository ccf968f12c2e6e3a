/**
 * Which failures mean "the content service is unavailable" (network errors, timeouts, 5xx,
 * rate limits) as opposed to answers about the content (not found, bad query). Only the
 * first kind may be covered by stale pages and the friendly 503.
 */
import * as prismic from "@prismicio/client";

/** Raised by our own fetch wrapper when Prismic is rate-limiting us or timed out. */
export class ContentUnavailableError extends Error {
  override name = "ContentUnavailableError";
  constructor(
    message: string,
    /** Seconds after which trying again makes sense. */
    readonly retryAfter = 30,
  ) {
    super(message);
  }
}

const ANSWERS_ABOUT_CONTENT = [
  prismic.NotFoundError,
  prismic.ParsingError,
  prismic.ForbiddenError,
  prismic.RefNotFoundError,
  prismic.RefExpiredError,
  prismic.PreviewTokenExpiredError,
];

export function isContentUnavailable(error: unknown): boolean {
  if (error instanceof ContentUnavailableError) return true;
  // By name: an abort may be another realm's DOMException (a test runner's), not this realm's Error.
  const name = typeof error === "object" && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === "AbortError" || name === "TimeoutError") return true;
  // undici's network failures: "fetch failed" with a cause.
  if (error instanceof TypeError && /fetch failed|network/i.test(error.message)) return true;
  if (error instanceof prismic.PrismicError) return !ANSWERS_ABOUT_CONTENT.some((kind) => error instanceof kind);
  return false;
}
