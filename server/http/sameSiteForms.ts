/**
 * Only the site's own pages may post its forms (docs/security.md): `Origin` must be SITE_URL's,
 * and `Sec-Fetch-Site` same-origin where the browser sends it. Every browser sends `Origin` with a
 * form's POST, so a cross-site page cannot send a visitor's choices or requests in their name.
 */
import type { Request } from "express";
import { originOf } from "../tracking/sameOrigin";

export function sameSiteForm(siteUrl: string): (req: Request) => boolean {
  const site = originOf(siteUrl);
  return (req) => {
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
    const origin = req.get("origin");
    return Boolean(origin) && originOf(origin as string) === site;
  };
}
