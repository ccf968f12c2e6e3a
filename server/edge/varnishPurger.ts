/**
 * Purges the deploy's own edge, Varnish with the xkey vmod (deploy/): for each Varnish in
 * EDGE_PURGE_URLS, `PURGE /` with `xkey-purge: <keys>` and the shared token as a bearer; Varnish
 * answers 200 when it purged (the VCL's protocol, docs/operations.md "Edge caching and purges").
 * Every Varnish must accept: one that missed the purge would keep the old pages.
 */
import {
  batches,
  type EdgePurger,
  PURGE_CALL_TIMEOUT_MS,
  PurgeFailedError,
  purgeCall,
  refusalReason,
} from "./edgePurger";

/**
 * Keys per request: the keys travel in one header, and Varnish's default limit of a request's
 * header block is 8 KB (http_req_hdr_len): 100 keys of up to ~60 characters stay well within it.
 */
export const VARNISH_KEYS_PER_CALL = 100;

export interface VarnishPurgerOptions {
  /** Each Varnish's base URL. */
  urls: readonly string[];
  token: string;
  timeoutMs?: number;
}

export function createVarnishPurger({
  urls,
  token,
  timeoutMs = PURGE_CALL_TIMEOUT_MS,
}: VarnishPurgerOptions): EdgePurger {
  return {
    name: "varnish",
    async purge(keys) {
      for (const run of batches(keys, VARNISH_KEYS_PER_CALL)) {
        // Every Varnish at once: they are independent caches.
        await Promise.all(
          urls.map(async (base) => {
            const response = await purgeCall(
              "varnish",
              new URL("/", base).toString(),
              { method: "PURGE", headers: { "xkey-purge": run.join(" "), authorization: `Bearer ${token}` } },
              timeoutMs,
            );
            if (response.status !== 200)
              throw new PurgeFailedError("varnish", response.status, `${base}: ${await refusalReason(response)}`);
            await response.body?.cancel();
          }),
        );
      }
    },
  };
}
