/**
 * The hashed build assets under /assets (BUILD_DIR/client/assets): immutable and cached for a
 * year, and sent as the `name.br` or `name.gz` that build.mjs wrote beside each text asset when
 * the client accepts that encoding, so no asset is compressed per request. compression(), mounted
 * before this, leaves alone a response that already has a Content-Encoding.
 */
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";

/** A pre-compressed variant: an encoding of its canonical name, never a public URL of its own. */
const VARIANT = /\.(?:br|gz)$/i;

export function hashedAssets(buildDir: string): RequestHandler {
  // The library lists the variants once, here: assets written after start-up go out as they are
  // (and compression() compresses them).
  const serve = expressStaticGzip(path.join(buildDir, "client", "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false },
  });
  return (req, res, next) => {
    // Other methods go on to the app's 405.
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (namesVariant(req.path)) return notFound(res);
    serve(req, res, (error?: unknown) => {
      // The library labels the response with the variant's encoding before it opens the file:
      // when the file turns out to be missing, that label must not reach another body.
      res.removeHeader("Content-Encoding");
      if (error) return next(error);
      notFound(res);
    });
  };
}

/** Decoded and normalised as the file lookup does it, so `%2Ebr` or a trailing `/.` changes nothing. */
function namesVariant(urlPath: string): boolean {
  try {
    return VARIANT.test(path.posix.basename(path.posix.normalize(decodeURIComponent(urlPath))));
  } catch {
    return false; // a malformed path: the library answers 400
  }
}

/**
 * Nothing else lives under /assets: a plain 404, never a rendered page. Not stored: during a
 * rolling deploy the file may exist on the next instance asked.
 */
function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Not Found");
}

/**
 * `serve` (express.static on `dir`) for the files `dir` held at start only, every other request
 * passed on at once: the public files are part of the image, and without the list every page
 * request would cost a file-system lookup for a file that is not there (decision record 019). Paths are
 * compared decoded and normalised, as the file lookup does.
 */
export function listedFiles(dir: string, serve: RequestHandler): RequestHandler {
  const files = new Set(
    fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
          .filter((e) => e.isFile())
          .map((e) => `/${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/")}`)
      : [],
  );
  return (req, res, next) => {
    let file: string;
    try {
      file = path.posix.normalize(decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!files.has(file)) return next();
    serve(req, res, next);
  };
}
