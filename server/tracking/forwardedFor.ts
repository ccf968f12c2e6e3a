/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (Express's `trust proxy`,
 * which sets req.ip: the rate limit per client and the IP sent to Meta both read it). A header
 * from any other peer is ignored, and the log says so once: either a client is forging it, or
 * TRUST_PROXY does not match the real hops in front of the app. A hop count cannot tell a proxy
 * from a client (it trusts whatever connects): that is said once at start.
 */
import type { RequestHandler } from "express";
import type { Config } from "../config";
import type { Logger } from "../observability/logger";

/** `trusts(address, hop)` is Express's compiled `trust proxy fn`. */
export function warnOnUntrustedForwarding(
  trustProxy: Config["TRUST_PROXY"],
  trusts: (address: string, hop: number) => boolean,
  logger: Logger,
): RequestHandler {
  if (typeof trustProxy === "number" && trustProxy > 0) {
    logger.warn(
      { TRUST_PROXY: trustProxy },
      `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from whatever connects: the app must be reachable only through those ${trustProxy} proxies, or a client can choose its own IP (name the proxies' addresses instead)`,
    );
  }
  let warned = trustProxy === false || typeof trustProxy === "number";
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      const peer = req.socket.remoteAddress ?? "";
      if (!trusts(peer, 0)) {
        warned = true;
        logger.warn(
          { peer, TRUST_PROXY: trustProxy },
          "X-Forwarded-For from a peer TRUST_PROXY does not name: ignored (a forged header, or TRUST_PROXY does not match the proxies in front of the app); said once",
        );
      }
    }
    next();
  };
}
