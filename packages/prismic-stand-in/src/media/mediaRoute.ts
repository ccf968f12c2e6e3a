/**
 * `/media/<file>`: the embedded repository's images, with the imgix parameters the Prismic image
 * helpers emit, so embedded and hosted content run the same image code (docs/architecture.md, Images).
 * Anything that is not an image inside MEDIA_DIR is a plain 404, never a page and never a 5xx.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { parseImageParams, type OutputFormat } from "./imageParams";
import type { ImageOutcome, ImageService, MediaFile } from "./imageService";
import { AbandonedError, QueueFullError } from "./transformQueue";

export interface MediaRouteOptions {
  /** null: /media is off (hosted content, server/config.ts `servedMediaDir`), every request a 404. */
  mediaDir: string | null;
  images: ImageService;
}

/** Served extensions. SVG has no raster format: it is served as it is, whatever the parameters. */
const TYPES: Record<string, { type: string; format?: OutputFormat }> = {
  jpg: { type: "image/jpeg", format: "jpeg" },
  jpeg: { type: "image/jpeg", format: "jpeg" },
  png: { type: "image/png", format: "png" },
  webp: { type: "image/webp", format: "webp" },
  avif: { type: "image/avif", format: "avif" },
  gif: { type: "image/gif", format: "gif" },
  svg: { type: "image/svg+xml" },
};

// Files may change under the same URL (an editor replaces an image), so no `immutable`.
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
// An SVG opened directly must not run script or load anything.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/** When the transform queue is full: long enough for it to drain a few images. */
const RETRY_AFTER_SECONDS = 2;

/** The original format of a served image file (undefined for SVG). */
export const originalFormat = (media: MediaFile): OutputFormat | undefined => TYPES[media.ext].format;

export function createMediaRoute({ mediaDir, images }: MediaRouteOptions): RequestHandler {
  return async (req, res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return void res.status(405).type("text/plain").send("Method Not Allowed");
    }
    const media = mediaDir === null ? undefined : await resolveMediaFile(mediaDir, req.path);
    if (!media) return void res.status(404).type("text/plain").send("Not Found");

    const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "";
    const parsed = parseImageParams(new URLSearchParams(query));
    if (!parsed.ok) return void res.status(400).type("text/plain").send(parsed.message);

    const original = originalFormat(media);
    if (!original) {
      res.setHeader("Cache-Control", CACHE_CONTROL);
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      res.setHeader("Content-Security-Policy", SVG_CSP);
      return sendOriginal(req, res, media);
    }
    // The requester hanging up stops its wait, and drops the transform if nobody else wants it.
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) gone.abort();
    });
    let outcome: ImageOutcome;
    try {
      outcome = await images.image({
        media,
        original,
        params: parsed.params,
        accept: req.get("accept"),
        signal: gone.signal,
        fresh: (etag) => matches(req, etag),
        logger: req.log,
      });
    } catch (error) {
      if (error instanceof AbandonedError) return;
      if (error instanceof QueueFullError) {
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        res.setHeader("Cache-Control", "no-store");
        return void res.status(503).type("text/plain").send("Busy: try again shortly");
      }
      throw error;
    }
    if (outcome.kind === "refused") return void res.status(400).type("text/plain").send(outcome.message);
    if (outcome.kind === "unprocessable") return void unprocessable(res);
    res.setHeader("Cache-Control", CACHE_CONTROL);
    // Public images: usable from the site under any host name, in share previews and e-mails.
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    // The format was chosen from Accept (auto=format), even when the choice is the original file.
    if (outcome.varies) res.vary("Accept");
    if (outcome.kind === "original") return sendOriginal(req, res, media);
    res.setHeader("ETag", outcome.etag);
    if (!outcome.body) return void res.status(304).end();
    res.type(outcome.type).send(outcome.body);
  };
}

function unprocessable(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(422).type("text/plain").send("Unprocessable: the file is not a valid image");
}

async function sendOriginal(req: Request, res: Response, media: MediaFile): Promise<void> {
  const etag = `"o-${hash([media.relative, media.mtimeMs, media.size])}"`;
  res.setHeader("ETag", etag);
  if (matches(req, etag)) return void res.status(304).end();
  res.type(TYPES[media.ext].type);
  await sendFile(res, media.file);
}

/** Streams a file; if it vanished meanwhile, a plain 404 rather than the error page. */
function sendFile(res: Response, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    res.sendFile(file, { dotfiles: "allow", etag: false, lastModified: false, cacheControl: false }, (error) => {
      if (!error || res.headersSent) return resolve();
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        res.status(404).type("text/plain").send("Not Found");
        return resolve();
      }
      reject(error);
    });
  });
}

/**
 * The file a request path names, only when it is a served image inside `root` (symlinks
 * resolved). `requestPath` is the raw path below the mount point, still percent-encoded.
 */
export async function resolveMediaFile(root: string, requestPath: string): Promise<MediaFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses a NUL byte in a media path on purpose
  if (!decoded.startsWith("/") || /[\u0000\\]/.test(decoded)) return undefined;
  const segments = decoded.slice(1).split("/");
  // Rejects "..", ".", empty segments (//) and hidden files: encoded or not, the same check.
  if (segments.some((segment) => segment === "" || segment.startsWith("."))) return undefined;
  const ext = extensionOf(decoded);
  if (!ext) return undefined;
  try {
    const realRoot = await fs.realpath(root);
    const real = await fs.realpath(path.join(realRoot, ...segments));
    // A symlink may rename an image, but must stay inside the folder and point at an image.
    if (!real.startsWith(realRoot + path.sep) || !extensionOf(real)) return undefined;
    const stat = await fs.stat(real);
    if (!stat.isFile()) return undefined;
    return { file: real, relative: path.relative(realRoot, real), ext, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return undefined;
  }
}

function extensionOf(file: string): string | undefined {
  const ext = path.extname(file).slice(1).toLowerCase();
  return Object.hasOwn(TYPES, ext) ? ext : undefined;
}

function hash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 32);
}

/** `If-None-Match` holds our ETag (weak or strong; `*` matches any). */
function matches(req: Request, etag: string): boolean {
  const header = req.get("if-none-match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
