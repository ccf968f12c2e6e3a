/**
 * Purges Cloudflare by cache tag (the `Cache-Tag` header of our answers): `POST
 * {CLOUDFLARE_API_URL}/zones/{zone}/purge_cache` with `{"tags": [...]}` and the API token as a
 * bearer; Cloudflare answers `{"success": true, ...}` when it accepted the purge.
 *
 * Cloudflare's documented limits ("Purge cache", applied per account): at most 100 tags in one
 * call on every plan; 5 calls a second on Pro (a bucket of 25), 10 on Business, 50 on
 * Enterprise, and 5 a minute on Free. Calls of one purge are sent one after another,
 * CLOUDFLARE_CALL_SPACING_MS apart; a 429 fails the purge and the queue retries it later
 * (purgeQueue.ts), merged with whatever was queued meanwhile.
 */
import {
  batches,
  type EdgePurger,
  PURGE_CALL_TIMEOUT_MS,
  PurgeFailedError,
  purgeCall,
  refusalReason,
} from "./edgePurger";

export const CLOUDFLARE_API_URL = "https://api.cloudflare.com/client/v4";
export const CLOUDFLARE_TAGS_PER_CALL = 100;
/** 5 calls a second: the Pro plan's rate, within every paid plan's. */
export const CLOUDFLARE_CALL_SPACING_MS = 200;

export interface CloudflarePurgerOptions {
  apiUrl?: string;
  zoneId: string;
  token: string;
  timeoutMs?: number;
  spacingMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createCloudflarePurger({
  apiUrl = CLOUDFLARE_API_URL,
  zoneId,
  token,
  timeoutMs = PURGE_CALL_TIMEOUT_MS,
  spacingMs = CLOUDFLARE_CALL_SPACING_MS,
}: CloudflarePurgerOptions): EdgePurger {
  const url = `${apiUrl.replace(/\/+$/, "")}/zones/${encodeURIComponent(zoneId)}/purge_cache`;
  return {
    name: "cloudflare",
    async purge(keys) {
      const runs = batches(keys, CLOUDFLARE_TAGS_PER_CALL);
      for (const [index, tags] of runs.entries()) {
        if (index > 0) await sleep(spacingMs);
        const response = await purgeCall(
          "cloudflare",
          url,
          {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ tags }),
          },
          timeoutMs,
        );
        if (!response.ok) throw new PurgeFailedError("cloudflare", response.status, await refusalReason(response));
        const answer = (await response.json().catch(() => undefined)) as { success?: unknown } | undefined;
        if (answer?.success !== true)
          throw new PurgeFailedError("cloudflare", response.status, "the answer did not say success");
      }
    },
  };
}
