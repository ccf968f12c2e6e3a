/**
 * From "this file, these parameters" to bytes: the original's size (remembered per file version),
 * the canonical transform and its key, then the disk cache or one queued transform. The HTTP
 * route and the cache warmer both come through here, so a warmed entry is exactly the one a
 * visitor's request finds.
 */
import { createHash } from "node:crypto";
import os from "node:os";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { canonicalTransform } from "./canonicalImage";
import type { ImageParams, OutputFormat } from "./imageParams";
import { planTransform } from "./imageParams";
import { describeImage, transformImage, UnprocessableImageError, type ImageInfo } from "./imageTransform";
import { createMediaCache, type MediaCache } from "./mediaCache";
import { createTransformQueue, type Priority, type TransformQueue } from "./transformQueue";

/** An image file below MEDIA_DIR, as resolved from a request path. */
export interface MediaFile {
  file: string;
  /** The path below MEDIA_DIR: the cache key and logs use it, not the absolute path. */
  relative: string;
  ext: string;
  size: number;
  mtimeMs: number;
}

export const FORMAT_TYPES: Record<OutputFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};
const EXTENSION_OF: Record<OutputFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif" };
// Bump when the encoding changes, so old cache entries are not served.
const PIPELINE_VERSION = 2;
/** Transforms above this many output pixels (a 2048 w photo; 1200 w is under it) never take the last free core. */
const HEAVY_PIXELS = 1_000_000;
/** Corrupt files we have already reported: answered at once, and logged once. */
const MAX_REMEMBERED_FAILURES = 1000;

export type ImageOutcome =
  /** Nothing to do: serve the original file as it is (`varies`: chosen from Accept all the same, by auto=format). */
  | { kind: "original"; varies: boolean }
  | { kind: "refused"; message: string }
  | { kind: "unprocessable" }
  /** `body` is absent when only the ETag was wanted (it matched `If-None-Match`). */
  | { kind: "image"; etag: string; type: string; varies: boolean; body?: Buffer };

export interface ImageRequest {
  media: MediaFile;
  original: OutputFormat;
  params: ImageParams;
  accept: string | undefined;
  /** The requester went away: stop waiting, and drop the transform if nobody else wants it. */
  signal?: AbortSignal;
  priority?: Priority;
  /** Given the ETag, whether the requester already has it (then no body is produced). */
  fresh?: (etag: string) => boolean;
  logger?: Logger;
}

export interface ImageServiceOptions {
  cacheDir: string;
  cacheBytes: number;
  logger: Logger;
  /** Transforms at once; default one per core. */
  concurrency?: number;
  /** Visitors' transforms that may wait for a core; default 8 per core. */
  maxWaiting?: number;
  /** Spans around the wait for a core and the transform: the server's own (server/observability/tracing.ts); default none. */
  tracing?: ImageTracing;
}

/**
 * What the service asks of a tracer: the server passes its `withSpan` and `traceQueued`, so the
 * spans join the request's trace; this package imports nothing of the server's.
 */
export interface ImageTracing {
  /** Runs `fn` inside a span named `name`, with the attributes `attributes` gives. */
  withSpan<T>(name: string, fn: () => T, options: { attributes: () => Record<string, string | number> }): T;
  /** `work` as a job that, when it starts, records how long it waited as a span named `name`. */
  traceQueued<T>(name: string, work: () => Promise<T>): () => Promise<T>;
}

const NO_TRACING: ImageTracing = { withSpan: (_name, fn) => fn(), traceQueued: (_name, work) => work };

export interface ImageService {
  image(request: ImageRequest): Promise<ImageOutcome>;
  cache: MediaCache;
  queue: TransformQueue;
}

export function createImageService({
  cacheDir,
  cacheBytes,
  logger,
  concurrency,
  maxWaiting,
  tracing: { withSpan, traceQueued } = NO_TRACING,
}: ImageServiceOptions): ImageService {
  const cores = Math.max(1, os.availableParallelism());
  const slots = concurrency ?? cores;
  const cache = createMediaCache({ dir: cacheDir, budgetBytes: cacheBytes, logger });
  const queue = createTransformQueue({
    concurrency: slots,
    maxWaiting: maxWaiting ?? slots * 8,
    heavyCost: HEAVY_PIXELS,
  });
  // Sizes of originals by file version: a header read, but not one per request.
  const infos = new LRUCache<string, Promise<ImageInfo>>({ max: 2_000 });
  const failures = new Set<string>();

  function infoOf(media: MediaFile, animated: boolean): Promise<ImageInfo> {
    const id = JSON.stringify([media.relative, media.mtimeMs, media.size, animated]);
    let info = infos.get(id);
    if (!info) {
      info = describeImage(media.file, animated);
      infos.set(id, info);
      info.catch(() => infos.delete(id));
    }
    return info;
  }

  function remember(id: string, error: UnprocessableImageError, media: MediaFile, log: Logger): ImageOutcome {
    if (failures.size >= MAX_REMEMBERED_FAILURES) failures.clear();
    failures.add(id);
    log.warn({ file: media.relative, reason: error.message }, "media file is not a usable image");
    return { kind: "unprocessable" };
  }

  async function image({
    media,
    original,
    params,
    accept,
    signal,
    priority = "visitor",
    fresh,
    logger: log = logger,
  }: ImageRequest): Promise<ImageOutcome> {
    const { plan, varies, identity } = planTransform(params, original, accept);
    if (identity) return { kind: "original", varies };
    const fileId = JSON.stringify([media.relative, media.mtimeMs, media.size]);
    if (failures.has(fileId)) return { kind: "unprocessable" };
    const animated = original === "gif" && (plan.format === "gif" || plan.format === "webp");
    let info: ImageInfo;
    try {
      info = await infoOf(media, animated);
    } catch (error) {
      if (error instanceof UnprocessableImageError) return remember(fileId, error, media, log);
      throw error;
    }
    const canonical = canonicalTransform(plan, info);
    if (!canonical.ok) return { kind: "refused", message: canonical.message };
    const { transform } = canonical;
    const key = hash([
      PIPELINE_VERSION,
      media.relative,
      media.mtimeMs,
      media.size,
      transform.geometry,
      transform.format,
      transform.quality,
      transform.animated,
    ]);
    if (failures.has(key)) return { kind: "unprocessable" };
    const etag = `"m-${key}"`;
    const type = FORMAT_TYPES[transform.format];
    if (fresh?.(etag)) return { kind: "image", etag, type, varies };
    const name = `${key}.${EXTENSION_OF[transform.format]}`;
    const cached = await cache.read(name);
    if (cached) return { kind: "image", etag, type, varies, body: cached };
    try {
      const body = await queue.run(
        name,
        traceQueued("media.queue_wait", async () => {
          const buffer = await withSpan("media.transform", () => transformImage(media.file, transform), {
            attributes: () => ({
              "media.file": media.relative,
              "media.format": transform.format,
              "media.pixels": transform.pixels,
            }),
          });
          await cache.store(name, buffer);
          return buffer;
        }),
        { signal, priority, cost: transform.pixels },
      );
      return { kind: "image", etag, type, varies, body };
    } catch (error) {
      if (error instanceof UnprocessableImageError) return remember(key, error, media, log);
      throw error;
    }
  }

  return { image, cache, queue };
}

function hash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 32);
}
