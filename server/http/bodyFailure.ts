/**
 * What an error from express's body parsers (`express.json`, `express.text`) says is wrong with
 * the request's body, for the small POST endpoints that answer it in their own words: too large,
 * in an encoding they do not take, or otherwise not readable (not JSON, a length that does not
 * match). Null for an error that is not the body's fault (a 5xx, a bug), which goes on to the last
 * error handler. The parsers' messages are never echoed.
 */
export type BodyFailure = "too_large" | "encoding" | "unreadable";

export function bodyFailure(error: unknown): BodyFailure | null {
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  if (type === "entity.too.large") return "too_large";
  if (type === "encoding.unsupported") return "encoding";
  return "unreadable";
}
