/**
 * Only the site's own pages may post tracking events. Browsers send `Origin` on every POST made
 * with fetch or sendBeacon, same-origin ones included, so a POST without it (or with
 * `Origin: null`, from sandboxed frames and opaque redirects) is refused like a cross-site one.
 * Allowed: SITE_URL's origin, and nothing else. Not the origin the request names for itself
 * (Host, X-Forwarded-Host): a script that forges Host can forge Origin to match, so comparing
 * the two proves nothing. Other host names of the site (the apex beside www) redirect to SITE_URL
 * at the edge, so its pages, and their beacons, are on SITE_URL's origin.
 */
import type { RequestHandler } from "express";

/** `scheme://host[:port]` of a URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { origin } = new URL(url);
  // Stryker disable next-line ConditionalExpression,StringLiteral: an opaque origin ("null") never equals the site's http(s) origin: refused either way
  return origin === "null" ? undefined : origin;
}

/**
 * Whether an `Origin` header is the site's own, compared as the exact string: a browser sends a
 * serialized origin (`scheme://host[:port]`, lower-case, no user info, no path), so anything
 * else is not a browser on the site's pages. Parsing the header first would let
 * `https://evil@www.example.com` (or a path, a trailing slash, capitals) pass as the site.
 */
export function siteOriginCheck(siteUrl: string): (origin: string | undefined) => boolean {
  const site = originOf(siteUrl);
  return (origin) => site !== undefined && origin === site;
}

export function sameOriginOnly(siteUrl: string): RequestHandler {
  const isSite = siteOriginCheck(siteUrl);
  return (req, res, next) => {
    const origin = req.get("origin");
    if (isSite(origin)) return next();
    res
      .status(403)
      .set("Cache-Control", "no-store")
      .json({
        error: origin ? "origin: tracking events are accepted from this site only" : "origin: required",
        field: "origin",
      });
  };
}
