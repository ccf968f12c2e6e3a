/**
 * `/builds/latest.json` (written by build.mjs): the id and time of the build this server runs.
 * Open tabs poll it with a timestamp query (docs/behaviour.md section 2.10) to learn that a new version was deployed;
 * it is never cached anywhere, so a deploy is seen at the next poll.
 */
import path from "node:path";
import express, { type Router } from "express";

export const BUILDS_PATH = "/builds";

export function createBuildsRoute(buildDir: string): Router {
  // Its exact spelling only, as the app's own routing (docs/security.md, "Only page paths are re-spelled").
  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(
    BUILDS_PATH,
    express.static(path.join(buildDir, "client", "builds"), {
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "no-store"),
    }),
    // Nothing else lives here: a plain 404, never a rendered page.
    (_req, res) => void res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("Not Found"),
  );
  return router;
}
