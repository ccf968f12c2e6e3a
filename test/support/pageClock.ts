/**
 * Times taken inside the page, on its own clock (performance.now()), so that a busy test process
 * or a slow protocol round trip cannot stretch or shrink them. Installed before the document
 * loads, it records:
 * - `entryAdded` and `entryRan`: when the page's tail added the browser entry's script element
 *   (/assets/entry-*.js), and when the entry had run (its load event, after the whole module was
 *   evaluated). Page-view tracking starts while it runs, on a document load, before the app wakes
 *   (decision record 008): after the first, before the second, which a busy machine can set tens of
 *   milliseconds apart;
 * - `pushes`: each history.pushState, i.e. each client navigation the router commits (it pushes
 *   the new location as the new page mounts, just before it tells its subscribers);
 * - `posts`: each POST to the tracking relay, with its event name, as fetch() is called.
 */
import type { Page } from "puppeteer";

export interface PageClock {
  entryAdded: number | null;
  entryRan: number | null;
  pushes: Array<{ at: number; path: string }>;
  posts: Array<{ at: number; event: string }>;
}

export async function installPageClock(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const clock: PageClock = { entryAdded: null, entryRan: null, pushes: [], posts: [] };
    (window as unknown as { __pageClock: PageClock }).__pageClock = clock;
    const isEntry = (node: Node) => node instanceof HTMLScriptElement && /\/assets\/entry-[^/]+\.js$/.test(node.src);
    // A mutation callback runs at the end of the task that added the element, before the module can run.
    new MutationObserver((records, observer) => {
      if (!records.some((record) => [...record.addedNodes].some(isEntry))) return;
      clock.entryAdded = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    // A module script's load event fires as soon as it has been evaluated; load events do not bubble, so listen in the capture phase.
    document.addEventListener(
      "load",
      (event) => {
        const el = event.target;
        if (clock.entryRan === null && isEntry(el as Node)) clock.entryRan = performance.now();
      },
      true,
    );
    const pushState = history.pushState;
    history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
      const result = pushState.apply(this, args);
      clock.pushes.push({ at: performance.now(), path: location.pathname + location.search });
      return result;
    };
    const fetch = window.fetch;
    window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === "/api/meta-capi" && (init?.method ?? "GET").toUpperCase() === "POST") {
        clock.posts.push({ at: performance.now(), event: String(JSON.parse(String(init?.body ?? "{}")).event_name) });
      }
      return fetch.call(this, input, init);
    } as typeof window.fetch;
  });
}

export const readPageClock = (page: Page): Promise<PageClock> =>
  page.evaluate(() => (window as unknown as { __pageClock: PageClock }).__pageClock);
