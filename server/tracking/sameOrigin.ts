/**
 * Only the site's own pages may post tracking events. Browsers send `Origin` on every POST made
 * with fetch or sendBeacon, same-origin ones included, so a POST without it (or with
 * `Origin: null`, from sandboxed frames and opaque redirects) is refused like a cross-site one.
 * Allowed: SITE_URL's origin, and the origin of the request itself (the same server reached under
 * another host name: www and apex, a preview host, 127.0.0.1 in tests). A forged Host header
 * does not help a cross-site page: its browser sends its own Origin.
 */
import type { Request, RequestHandler } from "express";

/** `scheme://host[:port]` of a URL, or undefined when it is not one. */
function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { origin } = new URL(url);
  // Stryker disable next-line ConditionalExpression,StringLiteral: an opaque origin ("null") equals neither the site's nor the request's http(s) origin: refused either way
  return origin === "null" ? undefined : origin;
}

/** The origin the browser used to reach this request (through trusted proxies: X-Forwarded-Proto and -Host). */
const requestOrigin = (req: Request) => (req.host ? originOf(`${req.protocol}://${req.host}`) : undefined);

export function sameOriginOnly(siteUrl: string): RequestHandler {
  const site = originOf(siteUrl);
  return (req, res, next) => {
    const origin = req.get("origin");
    const given = origin ? originOf(origin) : undefined;
    if (given && (given === site || given === requestOrigin(req))) return next();
    res
      .status(403)
      .set("Cache-Control", "no-store")
      .json({ error: origin ? "origin: tracking events are accepted from this site only" : "origin: required", field: "origin" });
  };
}
