/**
 * How many refused posts an instance answers with the form's whole page again (docs/requests.md,
 * "Without script"). That page is a render, about 35 times a cached page's cost; a flood of garbage
 * from many addresses, each under its own rate, would make one per post. Past this many a minute
 * (REQUESTS_REFUSED_PAGES_PER_MINUTE), a refusal is answered with a plain page of its errors
 * instead (refusedPlainPage.ts), which costs about what a cached page does. A visitor who posts
 * during such a flood still reads what to change, and the browser keeps what they typed.
 */
import { MemoryStore, type Options } from "express-rate-limit";

const WINDOW_MS = 60_000;
const KEY = "refused-pages";

export interface RefusedPageBudget {
  /** True while this minute's whole pages are not used up (counts one). */
  take(): Promise<boolean>;
}

export function createRefusedPageBudget(perMinute: number): RefusedPageBudget {
  // express-rate-limit's store, as the request gate's, with one key for the whole instance.
  const store = new MemoryStore();
  store.init({ windowMs: WINDOW_MS } as Options);
  return {
    take: async () => (await store.increment(KEY)).totalHits <= perMinute,
  };
}
