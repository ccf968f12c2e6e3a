/**
 * `GET /slice-simulator` (docs/behaviour.md section 1.3): the page Prismic's Slice Machine and Page Builder load in
 * an iframe to preview slices. The server only sends a small document; the browser module
 * (client/sliceSimulator.tsx) receives the slices from the editor and renders them with the
 * site's slice library. It is never indexed (robots.txt, `noindex` meta and header), never
 * cached, and it is the one route that may be framed: app.ts mounts `allowFramingBy`
 * (server/http/security.ts) for it with the origins of SLICE_SIMULATOR_ANCESTORS (server/config.ts).
 */
import type { RequestHandler } from "express";
import type { AssetManifest } from "../http/assets";
import { escapeHtml } from "../render/html";

export const SLICE_SIMULATOR_PATH = "/slice-simulator";

export function sliceSimulatorDocument(manifest: AssetManifest, entry: string, nonce: string): string {
  const n = escapeHtml(nonce);
  return [
    "<!doctype html>",
    '<html lang="en-GB">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>Slice simulator</title>",
    ...(manifest.fontPreloads ?? []).map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...manifest.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<script type="module" src="${escapeHtml(entry)}" nonce="${n}"></script>`,
    "</head>",
    "<body>",
    '<div id="root"></div>',
    "</body>",
    "</html>",
  ].join("");
}

export function createSliceSimulatorRoute(assets: () => AssetManifest): RequestHandler {
  return (_req, res) => {
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    const manifest = assets();
    if (!manifest.simulatorEntry) {
      res.status(503).type("text/plain").send("The slice simulator is not in this build: run `npm run build`.");
      return;
    }
    res.type("html").send(sliceSimulatorDocument(manifest, manifest.simulatorEntry, res.locals.cspNonce as string));
  };
}
