/**
 * The Prismic stand-in (packages/prismic-stand-in): the embedded repository, its images under
 * /media and the preview toolbar's stand-in, for a site without a Prismic repository. Loaded here,
 * and only when PRISMIC_REPOSITORY is not set: with a hosted repository the server never loads it,
 * nor the image library it needs (decision record 023). The build keeps it in a chunk of its own.
 */
import type { RequestHandler } from "express";
import type { Config } from "../config";

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
