/**
 * An answer from Prismic with its body bounded in bytes (docs/behaviour.md section 3.6): a
 * `Content-Length` above the bound fails at once, and a body without one is counted as it
 * streams and cut when it passes the bound, so an endless or huge answer is never held whole.
 * Either way the failure is a ContentUnavailableError, which pages treat like a 5xx (stale
 * content, else the friendly 503).
 */
import { ContentUnavailableError } from "./contentErrors";

/**
 * The largest answer read from Prismic. The embedded repository's largest page of 100 is about
 * 0.4 MB (70 documents), and 100 of its largest document (15 KB) would be 1.5 MB: 8 MiB leaves
 * five times that, and a few such answers parsed at once stay far below the 768 Mi a pod may use.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

function tooLarge(maxBytes: number): ContentUnavailableError {
  return new ContentUnavailableError(`Prismic's answer is larger than ${maxBytes} bytes`);
}

/** `response` with a body that errors (and stops reading the network) once it passes `maxBytes`. */
export function boundedResponse(response: Response, maxBytes: number): Response {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!response.body) return response;
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        // Erroring the transform cancels the source: the connection stops downloading.
        if (seen > maxBytes) controller.error(tooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  const bounded = new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The client names the URL in its errors.
  Object.defineProperty(bounded, "url", { value: response.url });
  return bounded;
}
