/**
 * `GET /.well-known/gpc.json`: the Global Privacy Control specification's well-known resource,
 * saying that the site honours the signal (`"gpc": true`) and since when its handling last
 * changed (`lastUpdate`, GPC_LAST_UPDATE). What honouring it means here: docs/tracking-privacy.md.
 * Like robots.txt it answers its exact spelling only: any other spelling reaches the canonical
 * step and gets its plain 404 (docs/security.md, "Caches and URL spellings").
 */
import type { RequestHandler } from "express";
import { splitUrl } from "../requestRules/canonicalUrls";

export const GPC_WELL_KNOWN_PATH = "/.well-known/gpc.json";

export const gpcWellKnown = (lastUpdate: string) => ({ gpc: true, lastUpdate });

export function createGpcWellKnownRoute(lastUpdate: string): RequestHandler {
  const body = JSON.stringify(gpcWellKnown(lastUpdate));
  return (req, res, next) => {
    // Express matches paths without regard to case or a trailing slash: only the exact one is this file.
    if (splitUrl(req.originalUrl).path !== GPC_WELL_KNOWN_PATH) return next();
    res.set("Cache-Control", "public, max-age=86400").type("application/json").send(body);
  };
}
