/**
 * Purges Fastly by surrogate key (the `Surrogate-Key` header of our answers): `POST
 * {FASTLY_API_URL}/service/{service}/purge` with the keys in a `Surrogate-Key` request header
 * (Fastly's batch purge: at most 256 keys a call) and the API token in `Fastly-Key`.
 *
 * Soft purges (`Fastly-Soft-Purge: 1`): Fastly marks the copies stale instead of deleting them.
 * Our long-lived answers carry no stale-while-revalidate (edgeLifetimes.ts), so a stale copy is
 * never served as a page after a purge; it is served only under stale-if-error, when the app
 * cannot answer, which is what we want from it.
 */
import {
  batches,
  type EdgePurger,
  PURGE_CALL_TIMEOUT_MS,
  PurgeFailedError,
  purgeCall,
  refusalReason,
} from "./edgePurger";

export const FASTLY_API_URL = "https://api.fastly.com";
export const FASTLY_KEYS_PER_CALL = 256;

export interface FastlyPurgerOptions {
  apiUrl?: string;
  serviceId: string;
  token: string;
  timeoutMs?: number;
}

export function createFastlyPurger({
  apiUrl = FASTLY_API_URL,
  serviceId,
  token,
  timeoutMs = PURGE_CALL_TIMEOUT_MS,
}: FastlyPurgerOptions): EdgePurger {
  const url = `${apiUrl.replace(/\/+$/, "")}/service/${encodeURIComponent(serviceId)}/purge`;
  return {
    name: "fastly",
    async purge(keys) {
      for (const run of batches(keys, FASTLY_KEYS_PER_CALL)) {
        const response = await purgeCall(
          "fastly",
          url,
          {
            method: "POST",
            headers: {
              "fastly-key": token,
              "surrogate-key": run.join(" "),
              "fastly-soft-purge": "1",
              accept: "application/json",
            },
          },
          timeoutMs,
        );
        if (!response.ok) throw new PurgeFailedError("fastly", response.status, await refusalReason(response));
        await response.body?.cancel();
      }
    },
  };
}
