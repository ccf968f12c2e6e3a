/**
 * Security headers through helmet. Scripts run only with this response's nonce (or are
 * loaded by a script that has it: 'strict-dynamic'); there is no 'unsafe-inline' anywhere.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { EMBED_FRAME_ORIGINS } from "../shared/embedPlayer";

export function cspNonce(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

/** `siteOrigin`: the configured public origin, where absolute image URLs point even when a request arrives under another host name. */
export function securityHeaders(siteOrigin: string): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'", "'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", siteOrigin, "data:", "https://images.prismic.io"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Video players load only after a click on the embed facade.
        frameSrc: EMBED_FRAME_ORIGINS,
        frameAncestors: ["'none'"],
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
  });
}
