/**
 * Security headers through helmet. Scripts run only with this response's nonce (or are
 * loaded by a script that has it: 'strict-dynamic'); there is no 'unsafe-inline' anywhere.
 * Pages replace the nonce by the hashes of their inline scripts (`withScriptHashes`), so the
 * same bytes and the same header are right for every visitor and any cache (decision record 004).
 */
import { randomFillSync } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet, { xFrameOptions } from "helmet";
import onHeaders from "on-headers";
import { EMBED_FRAME_ORIGINS } from "../../shared/embedPlayer";
import type { TagCspSources } from "../tags/tagCsp";

const NONCE_BYTES = 16;
/**
 * Nonces from a pool of random bytes filled 64 nonces at a time, as Node does for randomUUID:
 * the same CSPRNG, one call into it per 64 requests instead of one per request. Each byte is
 * handed out once.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 64);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function cspNonce(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
}

/**
 * Lets the matched route be framed by `ancestors` (and the site itself): CSP `frame-ancestors`
 * lists them and no X-Frame-Options is sent. Mount it before `securityHeaders`, on that route
 * only (app.get(path, …)); every other response keeps `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY`. Used by /slice-simulator, which Prismic's editor frames.
 */
export function allowFramingBy(ancestors: readonly string[]): RequestHandler {
  const sources = ["'self'", ...ancestors].join(" ");
  return (_req, res, next) => {
    res.locals.frameAncestors = sources;
    next();
  };
}

/**
 * Lets a verified preview answer be framed by Prismic's editor (its Live Preview panel frames
 * `/preview` and the page it redirects to): `frame-ancestors 'self'` plus `ancestors`
 * (PRISMIC_PREVIEW_ANCESTORS, server/config.ts) and no X-Frame-Options, as `allowFramingBy`.
 * `isVerifiedPreview` says whether the request's preview token is one Prismic has read content
 * at (server/preview/previewVerification.ts): a made-up, refused or unverified cookie keeps
 * `'none'` and DENY. A framable answer is `private, no-store`, whatever a route set: never
 * stored by the page cache nor by a shared cache (docs/prismic.md, "Previews inside Prismic's editor").
 * Mount it after markPreviewRequests and before `securityHeaders`.
 */
export function allowPreviewFraming(
  ancestors: readonly string[],
  isVerifiedPreview: (req: Request, res: Response) => boolean,
): RequestHandler {
  const sources = ["'self'", ...ancestors].join(" ");
  return (req, res, next) => {
    if (res.locals.frameAncestors === undefined && res.locals.preview === true && isVerifiedPreview(req, res)) {
      res.locals.frameAncestors = sources;
      onHeaders(res, () => {
        res.setHeader("Cache-Control", "private, no-store");
      });
    }
    next();
  };
}

/** A preview request: it carries Prismic's preview cookie (read from the header when no earlier middleware has decided). */
const PREVIEW_COOKIE_IN_HEADER = /(?:^|;\s*)io\.prismic\.preview=/;

/**
 * Widens `connect-src`, `frame-src` and `img-src` of preview responses by `sources` (the
 * preview toolbar's hosts: server/preview/toolbar.ts); every other response keeps the strict
 * policy. Mount it before `securityHeaders`. The toolbar script itself needs no host: it is
 * loaded by a tag with the nonce, and what it loads is allowed by 'strict-dynamic'.
 */
export function allowPreviewToolbar(sources: readonly string[]): RequestHandler {
  const list = sources.join(" ");
  return (req, res, next) => {
    // A valid preview of this repository, as server/preview/previewCookie.ts marked it; a junk cookie is no preview.
    const preview =
      (res.locals.preview as boolean | undefined) ?? PREVIEW_COOKIE_IN_HEADER.test(req.headers.cookie ?? "");
    if (list && preview) res.locals.previewSources = list;
    next();
  };
}

/** A directive's sources, plus the preview toolbar's on a preview response. */
const withPreviewSources = (...sources: string[]) => [
  (_req: unknown, res: unknown) =>
    [...sources, (res as Response).locals.previewSources as string | undefined].filter(Boolean).join(" "),
];

/**
 * `siteOrigin`: the configured public origin, where absolute image URLs point even when a request
 * arrives under another host name. `tags`: what the configured third-party tags may reach
 * (server/tags/tagCsp.ts); their scripts need no host: they are loaded with the nonce.
 */
export function securityHeaders(
  siteOrigin: string,
  tags: TagCspSources = { connectSrc: [], imgSrc: [], frameSrc: [] },
): RequestHandler {
  const frameguard = xFrameOptions({ action: "deny" });
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'", "'self'"],
        styleSrc: ["'self'"],
        imgSrc: withPreviewSources("'self'", siteOrigin, "data:", "https://images.prismic.io", ...tags.imgSrc),
        fontSrc: ["'self'"],
        connectSrc: withPreviewSources("'self'", ...tags.connectSrc),
        // Video players load only after a click on the embed facade.
        frameSrc: withPreviewSources(...EMBED_FRAME_ORIGINS, ...tags.frameSrc),
        frameAncestors: [(_req, res) => ((res as Response).locals.frameAncestors as string | undefined) ?? "'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin isolation would break third-party embeds later; the rest of helmet's defaults stay.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: false,
    // Set below: DENY, except on a route that allowFramingBy opened to its editors.
    xFrameOptions: false,
    // Headers no current browser reads (decision record 019), each a cost on every response:
    // X-XSS-Protection (the XSS auditors it switched off are gone from Chrome, Edge and Safari;
    // Firefox never had one), X-Download-Options (Internet Explorer 8's "open" button) and
    // X-Permitted-Cross-Domain-Policies (Flash and Acrobat's cross-domain policy files).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
  });
  return (req, res, next) =>
    headers(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      // HSTS only on HTTPS (behind the load balancer, with TRUST_PROXY set): over plain HTTP it means nothing.
      if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
      if (res.locals.frameAncestors) return next();
      frameguard(req, res, next);
    });
}

/** Powerful features the site never uses are off for it and for anything it embeds. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * A policy whose `script-src` admits the page's inline scripts by hash (`'sha256-…'` sources,
 * server/render/scriptHashes.ts) and what they load ('strict-dynamic'), plus `nonce` when given (a
 * preview, never cached); every other directive stays as `policy` has it. 'self' stays for
 * browsers that predate 'strict-dynamic' (which ignore it otherwise).
 */
export function withScriptHashes(policy: string, hashes: readonly string[], nonce?: string): string {
  const scriptSrc = [
    "script-src",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...hashes,
    "'strict-dynamic'",
    "'self'",
  ].join(" ");
  return policy
    .split(";")
    .map((directive) => (/^\s*script-src\s/i.test(directive) ? scriptSrc : directive))
    .join(";");
}
