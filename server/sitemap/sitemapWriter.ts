/**
 * Writes a sitemap file's XML to the response as its batches come, and keeps a copy of the body
 * for the cache. The XML (escaping included) is written by the `sitemap` library; every URL comes
 * from the link resolver, whose path segments are percent-encoded.
 */
import { once } from "node:events";
import { Transform, type TransformCallback, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { ErrorLevel, SitemapIndexStream, SitemapStream } from "sitemap";
import type { Logger } from "../observability/logger";
import type { Batches, Item } from "./documentBatches";
import type { FileSpec } from "./sitemapFiles";

/** A file with no `<url>` at all (the library refuses to write one). Fixed text: nothing to escape. */
const EMPTY_URLSET =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"></urlset>';

/** Joins the library's many small strings into chunks of about 64 KiB, and keeps a copy of them. */
class Coalesce extends Transform {
  readonly #parts: string[] = [];
  #length = 0;

  constructor(private readonly collected: string[]) {
    super({ writableObjectMode: true, readableObjectMode: false, decodeStrings: false });
  }

  override _transform(chunk: string | Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
    this.#parts.push(text);
    this.#length += text.length;
    if (this.#length >= 64 * 1024) this.#emit();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#emit();
    callback();
  }

  #emit(): void {
    if (this.#parts.length === 0) return;
    const text = this.#parts.join("");
    this.#parts.length = 0;
    this.#length = 0;
    this.collected.push(text);
    this.push(text, "utf8");
  }
}

function openStream(kind: FileSpec["kind"], log: Logger): Transform {
  const errorHandler = (error: Error) => log.warn({ err: error }, "sitemap: invalid entry");
  return kind === "index"
    ? new SitemapIndexStream({ level: ErrorLevel.WARN })
    : new SitemapStream({
        xmlns: { xhtml: true, news: false, image: false, video: false },
        level: ErrorLevel.WARN,
        errorHandler,
      });
}

/**
 * Writes the file whose first batch (`step`) is already read and whose headers are set, then the
 * rest of `batches`, and ends `res`; resolves with the whole body. On a failure it stops the
 * generation and rethrows, leaving `res` to the caller (a 503 if nothing was flushed, else a cut).
 */
export async function writeSitemap(
  res: Writable,
  kind: FileSpec["kind"],
  batches: Batches,
  step: IteratorResult<Item[], void>,
  signal: AbortSignal,
  log: Logger,
): Promise<Buffer> {
  const collected: string[] = [];

  // xml → coalesce → res with plain pipes: on a failure nothing else destroys `res`, and the
  // caller decides between a 503 (nothing flushed yet) and cutting the connection.
  let xml: Transform | null = null;
  let coalesce: Coalesce | null = null;
  let streamError: Promise<never> | null = null;
  try {
    for (; !step.done; step = await batches.next()) {
      for (const item of step.value) {
        signal.throwIfAborted();
        if (!xml) {
          xml = openStream(kind, log);
          coalesce = new Coalesce(collected);
          const [a, b] = [xml, coalesce];
          streamError = Promise.race([once(a, "error"), once(b, "error")]).then(([error]) => Promise.reject(error));
          streamError.catch(() => undefined); // raced below
          a.pipe(b).pipe(res);
        }
        if (!xml.write(item)) await Promise.race([once(xml, "drain", { signal }), streamError]);
      }
    }
    if (xml && coalesce && streamError) {
      xml.end();
      await Promise.race([finished(res), streamError]);
    } else {
      collected.push(EMPTY_URLSET);
      res.end(EMPTY_URLSET);
    }
  } catch (error) {
    await batches.return(undefined);
    xml?.unpipe();
    coalesce?.unpipe();
    xml?.destroy();
    coalesce?.destroy();
    throw error;
  }
  return Buffer.from(collected.join(""), "utf8");
}
