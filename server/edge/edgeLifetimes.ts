/**
 * How long the edge may keep a public answer (docs/operations.md, "Edge caching and purges"):
 * one policy, made once from the configuration (server/app.ts) and handed to every place that
 * writes a Cache-Control header of a public answer: pages (server/pageCache/sendCached.ts,
 * headerBlock.ts, server/render/render.tsx), their data (server/render/dataRoute.ts) and the
 * sitemap (server/sitemap/sitemapRoute.ts).
 *
 * - EDGE_PURGER=none: every header exactly as it has always been (cacheControl.ts).
 * - A purger, purges working, and the answer's ref confirmed by a master-ref read that started
 *   after the request arrived (RefTracker.confirmedAfter): `s-maxage=EDGE_LIFETIME_SECONDS`, since
 *   a publish purges what it changed. No stale-while-revalidate: a soft-purged copy (Fastly) or
 *   one past its lifetime would be served once more after the publish; stale-if-error stays, an
 *   outage of the app is still covered for a day. Browsers keep max-age=0: no purge reaches them.
 * - Otherwise (a purge failing, or the ref not confirmed: an instance that may not have seen the
 *   publish yet) the short header of EDGE_PURGER=none, so a wrong copy lives seconds, not a day.
 * 404s keep their 60 s either way: a new document's type key purges them, and a junk URL is not
 *   worth a day of the edge's memory.
 */
import type { Config } from "../config";
import type { RefTracker } from "../content/refTracker";
import { refClock } from "../content/refTracker";
import { cacheControlFor, DATA_CACHE_CONTROL, SITEMAP_CACHE_CONTROL } from "../pageCache/cacheControl";
import type { PurgeQueue } from "./purgeQueue";

export const longCacheControl = (seconds: number): string =>
  `public, max-age=0, s-maxage=${seconds}, stale-if-error=86400`;

/**
 * A request's claim to the long lifetime: started when the request arrives, it resolves to the
 * master ref confirmed after that moment, or undefined (short lifetimes, or the read failed).
 */
export type Confirmation = Promise<string | undefined>;

export interface EdgeLifetimes {
  /** Whether answers may be given the long lifetime now: a purger configured and no purge failing. */
  longLived(): boolean;
  /** Begins confirming the master ref for a request arriving now; resolves at once to undefined when lifetimes are short. */
  confirm(): Confirmation;
  /** A rendered status's header (cacheControl.ts `cacheControlFor` unless `ref` is the confirmed one). */
  page(status: number, isPrivate: boolean, ref: string, confirmed: string | undefined): string;
  /** The data endpoint's header for an answer read at `ref`. */
  data(ref: string, confirmed: string | undefined): string;
  /** The sitemap's header for a file generated at `ref`. */
  sitemap(ref: string, confirmed: string | undefined): string;
}

const NOT_CONFIRMED: Confirmation = Promise.resolve(undefined);

/** Today's headers, always: EDGE_PURGER=none. */
export const SHORT_LIFETIMES: EdgeLifetimes = {
  longLived: () => false,
  confirm: () => NOT_CONFIRMED,
  page: (status, isPrivate) => cacheControlFor(status, isPrivate),
  data: () => DATA_CACHE_CONTROL,
  sitemap: () => SITEMAP_CACHE_CONTROL,
};

export function createEdgeLifetimes(
  config: Pick<Config, "EDGE_PURGER" | "EDGE_LIFETIME_SECONDS">,
  refs: Pick<RefTracker, "confirmedAfter">,
  purges: Pick<PurgeQueue, "healthy"> | undefined,
): EdgeLifetimes {
  const confirmedAfter = refs.confirmedAfter?.bind(refs);
  if (config.EDGE_PURGER === "none" || !purges || !confirmedAfter) return SHORT_LIFETIMES;
  const long = longCacheControl(config.EDGE_LIFETIME_SECONDS);
  const longLived = () => purges.healthy();
  /** Long only for an answer at the confirmed ref, while purges work (checked as the header is written). */
  const isLong = (ref: string, confirmed: string | undefined) => ref !== "" && ref === confirmed && longLived();
  return {
    longLived,
    confirm: () =>
      longLived()
        ? confirmedAfter(refClock()).then(
            (ref) => ref,
            () => undefined,
          )
        : NOT_CONFIRMED,
    page: (status, isPrivate, ref, confirmed) =>
      !isPrivate && status === 200 && isLong(ref, confirmed) ? long : cacheControlFor(status, isPrivate),
    data: (ref, confirmed) => (isLong(ref, confirmed) ? long : DATA_CACHE_CONTROL),
    sitemap: (ref, confirmed) => (isLong(ref, confirmed) ? long : SITEMAP_CACHE_CONTROL),
  };
}
