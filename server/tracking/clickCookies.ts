/**
 * Meta's click id and browser id, kept by the relay as first-party cookies in its own response
 * (docs/tracking-privacy.md, "The click cookies"), in the formats of Meta's fbp/fbc parameter
 * documentation and as Meta's server-side Parameter Builder keeps them:
 *
 * - `_fbc` = `fb.{subdomainIndex}.{creationTime}.{fbclid}`, creationTime the ms when the fbclid was
 *   first seen: written when an event brings an fbclid that the cookie does not hold (none, or a
 *   different click), then left unchanged, so every later event carries the click's own time.
 * - `_fbp` = `fb.{subdomainIndex}.{creationTime}.{random}`: created once, when the browser has none.
 *
 * Both live 90 days at the registrable domain of SITE_URL (subdomainIndex: the number of dots in
 * it, `example.com` 1, `example.co.uk` 2; host-only and 0 for localhost and IP addresses). Written
 * by the server, not by script: Safari caps script-written cookies at 7 days (24 hours on a page
 * reached through an fbclid link). Never on a page response, which caches share: only the relay's
 * own no-store answer carries them, and never for a visitor whose browser sends Global Privacy
 * Control without their explicit opt-in (server/tracking/gpcSignal.ts): that visitor's events carry
 * only a click their cookie already holds, since nothing else knows when a new click was first seen.
 */
import { randomInt } from "node:crypto";
import type { Response } from "express";
import { getPublicSuffix, parse as parseHost } from "tldts";

export const FBC_COOKIE = "_fbc";
export const FBP_COOKIE = "_fbp";
/** 90 days, as Meta's Parameter Builder keeps them. */
export const CLICK_COOKIE_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** An `_fbp` value: fb.{index}.{ms}.{random}, perhaps with the appendix segment Meta's own tools add. */
export const FBP_VALUE = /^fb\.\d\.\d{1,16}\.[A-Za-z0-9._-]{1,200}$/;
/** An `_fbc` value: fb.{index}.{ms}.{fbclid}, perhaps followed by Meta's appendix segment. */
const FBC_VALUE = /^fb\.\d\.\d{1,16}\.([A-Za-z0-9_-]{1,500})(?:\.[A-Za-z0-9_-]{1,16})?$/;

/** Where the cookies live: their Domain (undefined: host-only) and the subdomainIndex their values name. */
export interface CookieScope {
  domain: string | undefined;
  subdomainIndex: number;
}

const PUBLIC_SUFFIXES = { allowPrivateDomains: true } as const;
const dotsIn = (domain: string) => domain.split(".").length - 1;

/**
 * The cookies' scope for the site at `siteUrl`: `configured` (TRACKING_COOKIE_DOMAIN) when set,
 * else the registrable domain by the Public Suffix List, its private section included (a site on
 * `shop.pages.dev` gets `shop.pages.dev`: browsers refuse a cookie for `pages.dev`).
 */
export function cookieScope(siteUrl: string, configured?: string): CookieScope {
  if (configured) return { domain: configured, subdomainIndex: dotsIn(configured) };
  const host = parseHost(new URL(siteUrl).hostname, PUBLIC_SUFFIXES);
  if (host.isIp || !host.domain) return { domain: undefined, subdomainIndex: 0 };
  return { domain: host.domain, subdomainIndex: dotsIn(host.domain) };
}

/** Why browsers would refuse cookies for `domain` from the site at `siteUrl`, or undefined when they take them. */
export function cookieDomainProblem(domain: string, siteUrl: string): string | undefined {
  const host = new URL(siteUrl).hostname;
  if (parseHost(host).isIp)
    return `SITE_URL's host ${host} is an IP address, whose cookies are host-only: leave it unset`;
  if (host !== domain && !host.endsWith(`.${domain}`))
    return `SITE_URL's host ${host} is neither ${domain} nor under it: browsers would refuse the cookies`;
  if (getPublicSuffix(domain, PUBLIC_SUFFIXES) === domain)
    return `${domain} is a public suffix, for which browsers refuse cookies: name the site's own domain`;
  return undefined;
}

export interface ClickFacts {
  /** The landing page's click id, as the event's body carried it. */
  fbclid?: string;
  /** The `_fbp` value the event's body carried. */
  fbp?: string;
  /** The request's cookies (cookie-parser's `req.cookies`). */
  cookies: Record<string, unknown> | undefined;
  /** When the relay received the event (ms since the epoch). */
  now: number;
  /** False for a Global Privacy Control opt-out: nothing is created or written. */
  mayWrite: boolean;
}

export interface ClickIds {
  fbc?: string;
  fbp?: string;
  /** The cookies to write with the answer (none, one or both). */
  write: Array<{ name: typeof FBC_COOKIE | typeof FBP_COOKIE; value: string }>;
}

const cookie = (cookies: ClickFacts["cookies"], name: string) => {
  const value = cookies?.[name];
  return typeof value === "string" ? value : undefined;
};

/** The click id (fbc) and browser id (fbp) of an event, and the cookies that keep them. */
export function clickIds(scope: CookieScope, { fbclid, fbp, cookies, now, mayWrite }: ClickFacts): ClickIds {
  const ids: ClickIds = { write: [] };
  const storedFbc = cookie(cookies, FBC_COOKIE);
  const storedClick = storedFbc === undefined ? undefined : FBC_VALUE.exec(storedFbc)?.[1];
  if (fbclid !== undefined && fbclid !== storedClick) {
    // A click not seen before: its creation time is now, kept by the cookie. Without the cookie
    // (an opted-out visitor) every event would date it anew, so it is left out instead.
    if (mayWrite) {
      ids.fbc = `fb.${scope.subdomainIndex}.${now}.${fbclid}`;
      ids.write.push({ name: FBC_COOKIE, value: ids.fbc });
    }
  } else if (storedClick !== undefined) {
    // The click the cookie remembers, with its own creation time, exactly as stored.
    ids.fbc = storedFbc;
  }
  const storedFbp = cookie(cookies, FBP_COOKIE);
  ids.fbp = fbp ?? (storedFbp !== undefined && FBP_VALUE.test(storedFbp) ? storedFbp : undefined);
  if (ids.fbp === undefined && mayWrite) {
    ids.fbp = `fb.${scope.subdomainIndex}.${now}.${randomInt(1, 2 ** 31)}`;
    ids.write.push({ name: FBP_COOKIE, value: ids.fbp });
  }
  return ids;
}

/**
 * Sets `write` on `res`: 90 days, the whole site, sent on top-level navigations from other sites
 * (Lax: an ad click lands with them), Secure over HTTPS, readable by script (Meta's Pixel reads them).
 */
export function writeClickCookies(res: Response, write: ClickIds["write"], scope: CookieScope, secure: boolean): void {
  for (const { name, value } of write)
    res.cookie(name, value, {
      maxAge: CLICK_COOKIE_MAX_AGE_MS,
      path: "/",
      sameSite: "lax",
      secure,
      httpOnly: false,
      ...(scope.domain ? { domain: scope.domain } : {}),
    });
}
