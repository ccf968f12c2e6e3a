/**
 * `GET /.well-known/gpc.json`: the Global Privacy Control specification's well-known resource,
 * saying that the site honours the signal (`"gpc": true`) and since when its handling last
 * changed (`lastUpdate`, GPC_LAST_UPDATE). What honouring it means here: docs/tracking-privacy.md.
 * Like robots.txt it answers its exact spelling only: any other spelling reaches the canonical
 * step and gets its plain 404 (docs/security.md, "Caches and URL spellings").
 */
import type { RequestHandler } from "express";

export const GPC_WELL_KNOWN_PATH = "/.well-known/gpc.json";

export const gpcWellKnown = (lastUpdate: string) => ({ gpc: true, lastUpdate });

export function createGpcWellKnownRoute(lastUpdate: string): RequestHandler {
  const body = JSON.stringify(gpcWellKnown(lastUpdate));
  // Routed at its exact spelling only (the app's case-sensitive, strict routing: server/app.ts).
  return (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").type("application/json").send(body);
  };
}
