/** The one place EDGE_PURGER becomes a purger (server/edge/edgeSettings.ts validated its companions). */
import type { Config } from "../config";
import { createCloudflarePurger } from "./cloudflarePurger";
import type { EdgePurger } from "./edgePurger";
import { createFastlyPurger } from "./fastlyPurger";
import { createVarnishPurger } from "./varnishPurger";

export type PurgerConfig = Pick<
  Config,
  | "EDGE_PURGER"
  | "EDGE_PURGE_URLS"
  | "EDGE_PURGE_TOKEN"
  | "CLOUDFLARE_API_URL"
  | "CLOUDFLARE_ZONE_ID"
  | "CLOUDFLARE_API_TOKEN"
  | "FASTLY_API_URL"
  | "FASTLY_SERVICE_ID"
  | "FASTLY_API_TOKEN"
>;

/** The configured edge's purger, or undefined with EDGE_PURGER=none (nothing is purged, lifetimes stay short). */
export function purgerFromConfig(config: PurgerConfig): EdgePurger | undefined {
  switch (config.EDGE_PURGER) {
    case "varnish":
      return createVarnishPurger({ urls: config.EDGE_PURGE_URLS ?? [], token: config.EDGE_PURGE_TOKEN ?? "" });
    case "cloudflare":
      return createCloudflarePurger({
        apiUrl: config.CLOUDFLARE_API_URL,
        zoneId: config.CLOUDFLARE_ZONE_ID ?? "",
        token: config.CLOUDFLARE_API_TOKEN ?? "",
      });
    case "fastly":
      return createFastlyPurger({
        apiUrl: config.FASTLY_API_URL,
        serviceId: config.FASTLY_SERVICE_ID ?? "",
        token: config.FASTLY_API_TOKEN ?? "",
      });
    default:
      return undefined;
  }
}
