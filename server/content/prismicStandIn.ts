/**
 * The Prismic stand-in (packages/prismic-stand-in): the embedded repository, its images under
 * /media and the preview toolbar's stand-in, for a site without a Prismic repository. Loaded here,
 * and only when PRISMIC_REPOSITORY is not set: with a hosted repository the server never loads it,
 * nor the image library it needs (decision record 025). The build writes it as a file of its own
 * beside the server bundle (dist/server/prismic-stand-in.js).
 */
import type { RequestHandler } from "express";
import type { ImageService } from "../../packages/prismic-stand-in/src/index";
import type { Config } from "../config";
import type { Logger } from "../observability/logger";
import { traceQueued, withSpan } from "../observability/tracing";

export type PrismicStandIn = typeof import("../../packages/prismic-stand-in/src/index");

/** The stand-in without PRISMIC_REPOSITORY; nothing with one. */
export function loadPrismicStandIn(config: Pick<Config, "PRISMIC_REPOSITORY">): Promise<PrismicStandIn | undefined> {
  return config.PRISMIC_REPOSITORY ? Promise.resolve(undefined) : import("../../packages/prismic-stand-in/src/index");
}

/**
 * `/media` with a hosted repository (no stand-in): its images are on Prismic's CDN, so every
 * request here is a plain 404, as the stand-in's own route answers without a media folder; it
 * never falls through to page rendering.
 */
export const noEmbeddedMedia: RequestHandler = (req, res) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return void res.status(405).type("text/plain").send("Method Not Allowed");
  }
  res.status(404).type("text/plain").send("Not Found");
};

/**
 * The stand-in's image service as the configuration describes it (MEDIA_CACHE_DIR,
 * MEDIA_CACHE_BYTES, MEDIA_TRANSFORMS, MEDIA_QUEUE), its spans in the server's traces.
 */
export function imageServiceFrom(standIn: PrismicStandIn, config: Config, logger: Logger): ImageService {
  return standIn.createImageService({
    cacheDir: config.MEDIA_CACHE_DIR,
    cacheBytes: config.MEDIA_CACHE_BYTES,
    logger,
    concurrency: config.MEDIA_TRANSFORMS,
    maxWaiting: config.MEDIA_QUEUE,
    tracing: { withSpan, traceQueued },
  });
}
