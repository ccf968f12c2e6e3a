/**
 * Browser loaders: each fetches its route's loader data as JSON from the server's data
 * endpoint. A 404 or 500 there becomes the same route error the server would have rendered.
 * Data prefetched for a likely next page (client/preload.ts) waits here a short while and is
 * used, once, by the navigation that needs it; a prefetch the server refused is not.
 */
import { data, type LoaderFunction } from "react-router";
import { DATA_PREFIX, ROUTE_PARAM } from "../shared/dataEndpoint";
import type { LoaderFactory } from "../views/routes";
import { isLeaving } from "./leaving";

/** How long prefetched data may wait for its navigation. */
export const PREFETCH_TTL_MS = 30_000;

interface DataAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  body: unknown;
}

/** The data endpoint's URL for one route of a page. */
export function dataUrl(page: URL, routeId: string): string {
  const url = new URL(page.href);
  url.hash = "";
  url.searchParams.set(ROUTE_PARAM, routeId);
  return `${DATA_PREFIX}${url.pathname}${url.search}`;
}

async function fetchData(url: string, signal?: AbortSignal): Promise<DataAnswer> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  const body = response.headers.get("Content-Type")?.includes("json") ? await response.json() : null;
  return { ok: response.ok, status: response.status, statusText: response.statusText, body };
}

const prefetched = new Map<string, { at: number; answer: Promise<DataAnswer> }>();

/** Whether data for `url` is waiting (or on its way) and still fresh. */
export function isPrefetched(url: string): boolean {
  const entry = prefetched.get(url);
  return !!entry && Date.now() - entry.at < PREFETCH_TTL_MS;
}

/**
 * An answer about the moment rather than the page: the client's budget of renders spent (429,
 * docs/security.md "Uncached renders") or the server or content briefly failing (5xx). A prefetch
 * is a guess made early, so such an answer is dropped and the navigation asks again, where
 * showing it would turn a click into an error screen the page itself never earned.
 */
const isRefusal = (answer: DataAnswer) => answer.status === 429 || answer.status >= 500;

/** Fetches a route's data ahead of its navigation; settles when the answer has arrived. */
export function prefetchData(url: string): Promise<void> {
  if (isPrefetched(url)) return Promise.resolve();
  const answer = fetchData(url);
  const entry = { at: Date.now(), answer };
  prefetched.set(url, entry);
  const drop = () => {
    if (prefetched.get(url) === entry) prefetched.delete(url);
  };
  return answer.then(
    (settled) => void (isRefusal(settled) && drop()),
    () => drop(),
  );
}

/** Takes the prefetched answer for `url`, if fresh: each is used once. */
function takePrefetched(url: string): Promise<DataAnswer> | undefined {
  const entry = prefetched.get(url);
  prefetched.delete(url);
  return entry && Date.now() - entry.at < PREFETCH_TTL_MS ? entry.answer : undefined;
}

/**
 * The data of a navigation: its prefetched answer when one is waiting and is not a refusal, else
 * fetched now. When the fetch fails because the visitor is leaving the
 * page (a link's document load, a typed address: engines cancel the page's requests), it never
 * settles: the page being left shows no error screen in its last moments (decision record 017).
 */
async function navigationData(url: string, signal: AbortSignal): Promise<DataAnswer> {
  const early = await takePrefetched(url)?.catch(() => undefined);
  if (early && !isRefusal(early)) return early;
  try {
    return await fetchData(url, signal);
  } catch (error) {
    if (isLeaving() && !signal.aborted) return new Promise<DataAnswer>(() => {});
    throw error;
  }
}

export const clientLoaders: LoaderFactory = (_kind, routeId) =>
  (async ({ request }) => {
    const answer = await navigationData(dataUrl(new URL(request.url), routeId), request.signal);
    if (!answer.ok)
      throw data((answer.body as { message?: string } | null)?.message ?? answer.statusText, { status: answer.status });
    return answer.body;
  }) as LoaderFunction;
