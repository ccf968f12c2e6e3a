/**
 * What a request's forwarding headers are believed for, decided once for the app (Express's
 * `req.secure` and `req.ip`, whose getters this replaces: server/app.ts) and the page cache's fast
 * path, through the app's `trust proxy` function (TRUST_PROXY: server/config.ts):
 * - HTTPS (HSTS, Secure cookies): the request's own TLS socket, or the first value of
 *   `X-Forwarded-Proto` being exactly `https` when the peer is a trusted proxy;
 * - the client's address: `proxy-addr` (Express's own) through the trusted proxies' X-Forwarded-For.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";

/** Whether the proxy at `address`, `hop` hops from the app, is believed (Express's compiled "trust proxy fn"). */
export type TrustProxy = (address: string, hop: number) => boolean;

export function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trust(req.socket.remoteAddress ?? "", 0)) return false;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",", 1)[0].trim() === "https";
}

export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust);
}

/** Makes every request of an Express app (its `app.request` prototype) read `secure` and `ip` through these rules. */
export function decideForwardingOn(requestPrototype: object, trust: TrustProxy): void {
  Object.defineProperties(requestPrototype, {
    secure: {
      get(this: IncomingMessage) {
        return isSecure(this, trust);
      },
    },
    ip: {
      get(this: IncomingMessage) {
        return clientAddress(this, trust);
      },
    },
  });
}
