/**
 * Only the site's own pages may post its forms (docs/security.md): `Origin` must be SITE_URL's,
 * and `Sec-Fetch-Site` same-origin where the browser sends it. Every browser sends `Origin` with a
 * form's POST, so a cross-site page cannot send a visitor's choices or requests in their name.
 * `Origin` is compared as sent (server/tracking/sameOrigin.ts `siteOriginCheck`): a browser sends
 * the serialized origin, so `https://evil@www.example.com` is not the site, though it parses as it.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Request } from "express";
import { siteOriginCheck } from "../tracking/sameOrigin";

/** The check on a request's headers alone, for the request forms' gate, which runs before Express (server/requests/requestGate.ts). */
export function sameSiteFormHeaders(siteUrl: string): (headers: IncomingHttpHeaders) => boolean {
  const isSite = siteOriginCheck(siteUrl);
  return (headers) => {
    const fetchSite = headers["sec-fetch-site"];
    if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
    return isSite(headers.origin);
  };
}

export function sameSiteForm(siteUrl: string): (req: Request) => boolean {
  const fromSite = sameSiteFormHeaders(siteUrl);
  return (req) => fromSite(req.headers);
}
