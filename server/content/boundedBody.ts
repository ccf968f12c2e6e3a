/**
 * An answer from Prismic with its body bounded in bytes and in time (docs/behaviour.md section
 * 3.6): a `Content-Length` above the bound fails at once, and a body without one is counted as
 * it streams and cut when it passes the bound, so an endless or huge answer is never held whole;
 * a body still arriving when the request's deadline passes is cut there. Each failure is a
 * ContentUnavailableError, which pages treat like a 5xx (stale content, else the friendly 503),
 * and not the network's own abort, whose kind a caller would have to guess.
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

/** The request's deadline: aborted when it passes, and how long it was. */
export interface Deadline {
  signal: AbortSignal;
  ms: number;
}

/**
 * `response` with a body that errors (and stops reading the network) once it passes `maxBytes`,
 * or once `deadline` has passed while it is still arriving.
 */
export function boundedResponse(response: Response, maxBytes: number, deadline?: Deadline): Response {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!response.body) return response;
  const reader = response.body.getReader();
  let seen = 0;
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        // The network's abort at the deadline says only "aborted": say what happened.
        controller.error(
          deadline?.signal.aborted
            ? new ContentUnavailableError(`Prismic's answer did not finish within ${deadline.ms} ms`)
            : error,
        );
        return;
      }
      if (read.done) return controller.close();
      seen += read.value.byteLength;
      if (seen <= maxBytes) return controller.enqueue(read.value);
      controller.error(tooLarge(maxBytes));
      // Stop downloading the rest.
      void reader.cancel().catch(() => undefined);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const bounded = new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The client names the URL in its errors.
  Object.defineProperty(bounded, "url", { value: response.url });
  return bounded;
}
