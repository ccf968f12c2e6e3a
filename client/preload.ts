/**
 * Preloading (docs/behaviour.md section 2.9), so the next page appears at once:
 *  - a link that scrolls into view, or is hovered or focused, preloads its route's chunks
 *    (fetched into the HTTP cache, not run; at low priority for a link merely seen:
 *    client/modulePreload.ts);
 *  - once the page has been idle for 1 s, the loader data of likely next pages (links seen or
 *    hovered, hovered first, a few per page) is fetched from the data endpoint and kept in
 *    client/dataLoader.ts, where the navigation picks it up.
 * Every request goes through one queue, at most 5 at once. Nothing is preloaded when the
 * visitor saves data or is on a 2G connection. Loaded as its own chunk once the page is idle.
 */
import { matchRoutes, type DataRouter } from "react-router";
import type { PageKind } from "../shared/routeTable";
import type { RouteHandle } from "../views/routes";
import type { dataUrl, isPrefetched, prefetchData } from "./dataLoader";
import type { modulePreload } from "./modulePreload";
import { createTaskQueue } from "./taskQueue";

export const MAX_CONCURRENT_PRELOADS = 5;
export const DATA_PREFETCH_AFTER_MS = 1000;
/** Pages whose data is prefetched per page shown (links seen in the viewport can be many). */
const MAX_DATA_PREFETCHES = 6;

type Matches = NonNullable<ReturnType<typeof matchRoutes>>;

/**
 * What the preloader works with, handed over by the entry rather than imported, so that this
 * chunk shares no module with it (esbuild would move those into extra chunks of their own).
 */
export interface PreloadDeps {
  /** This page's build id: names its route chunk map. */
  buildId: string | undefined;
  /** Source file of each page module (views/pageModules.ts), as the chunk map names them. */
  pageFiles: Record<PageKind, string>;
  /** The data endpoint and the prefetch cache of client/dataLoader.ts. */
  data: { url: typeof dataUrl; isPrefetched: typeof isPrefetched; prefetch: typeof prefetchData };
  /** Whether a navigation to `url` will be a document load (client/fullPageLoads.ts): nothing to preload. */
  loadsAsDocument: (url: URL) => boolean;
  /** Whether the connection allows it now (client/connection.ts). */
  canPrefetch: () => boolean;
  /** Fetches one module ahead of its use (client/modulePreload.ts). */
  modulePreload: typeof modulePreload;
}

export function startPreloading(
  router: DataRouter,
  { buildId, pageFiles, data, loadsAsDocument, canPrefetch, modulePreload }: PreloadDeps,
): void {
  const queue = createTaskQueue(MAX_CONCURRENT_PRELOADS);
  const dataAllowed = !document.documentElement.hasAttribute("data-preview");
  // What this document already has: the server's modulepreload links and the entry script.
  const requested = new Set<string>(
    [
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
        'link[rel="modulepreload"], script[type="module"][src]',
      ),
    ].map((el) => new URL(el instanceof HTMLLinkElement ? el.href : el.src).pathname),
  );

  type ChunkMap = Record<string, string[]>;
  const chunksIn = (map: ChunkMap, matches: Matches): string[] =>
    matches.flatMap((m) => {
      const page = (m.route.handle as RouteHandle | undefined)?.page;
      return page ? (map[pageFiles[page]] ?? []) : [];
    });
  /** The page shown has its chunks already (the router loaded them). */
  const markShown = (map: ChunkMap | null) => {
    if (!map) return;
    for (const h of chunksIn(map, router.state.matches as Matches)) requested.add(h);
  };

  let chunkMap: Promise<ChunkMap | null> | undefined;
  /** The build's route chunks (build.mjs writes /assets/routes-{buildId}.json), fetched at the first need. */
  const routeChunks = () =>
    (chunkMap ??= buildId
      ? queue.run(() =>
          fetch(`/assets/routes-${buildId}.json`)
            .then((r) => (r.ok ? (r.json() as Promise<ChunkMap>) : null))
            .catch(() => null)
            .then((map) => {
              markShown(map);
              return map;
            }),
        )
      : Promise.resolve(null));

  const chunksOf = async (matches: Matches): Promise<string[]> => {
    const map = await routeChunks();
    return map ? chunksIn(map, matches) : [];
  };

  const preloadChunks = async (matches: Matches, urgent: boolean) => {
    for (const href of await chunksOf(matches)) {
      if (requested.has(href)) continue;
      requested.add(href);
      void queue.run(() => modulePreload(href, urgent ? "soon" : "idle"), urgent);
    }
  };

  // Data prefetching, per page shown: the likely next pages, and whether 1 s of idle has passed.
  let likely = new Map<string, { url: URL; matches: Matches; urgent: boolean }>();
  let idle = false;
  let prefetches = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  /** `urgent`: the visitor points at the link; only links merely seen count against the cap. */
  const prefetchPage = (url: URL, matches: Matches, urgent: boolean) => {
    if (!dataAllowed || (!urgent && prefetches >= MAX_DATA_PREFETCHES)) return;
    const current = new Set(router.state.matches.map((m) => m.route.id));
    // Parent routes already shown keep their data (the region's layout); the page's own always loads.
    const urls = matches
      .filter((m, i) => m.route.loader && (i === matches.length - 1 || !current.has(m.route.id!)))
      .map((m) => data.url(url, m.route.id!))
      .filter((u) => !data.isPrefetched(u));
    if (!urls.length) return;
    if (!urgent) prefetches++;
    for (const u of urls) void queue.run(() => data.prefetch(u), urgent);
  };

  const intent = (link: Element, urgent: boolean) => {
    if (!(link instanceof HTMLAnchorElement) || !canPrefetch()) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search))
      return;
    if (loadsAsDocument(url)) return;
    // The server's own endpoints (/_data, /_region…): no page starts with "/_" (a uid starts with a letter or digit).
    if (url.pathname.startsWith("/_")) return;
    const matches = matchRoutes(router.routes, url.pathname);
    if (!matches?.some((m) => (m.route.handle as RouteHandle | undefined)?.page)) return;
    void preloadChunks(matches, urgent);
    const key = url.pathname + url.search;
    if (idle) prefetchPage(url, matches, urgent);
    else if (urgent) {
      likely.delete(key);
      likely = new Map([[key, { url, matches, urgent }], ...likely]);
    } else if (!likely.has(key)) likely.set(key, { url, matches, urgent });
  };

  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.unobserve(entry.target);
      intent(entry.target, false);
    }
  });

  /** A new page is shown: watch its links, and wait for 1 s of idle before fetching data. */
  const pageShown = () => {
    seen.disconnect();
    for (const link of document.querySelectorAll("a[href]")) seen.observe(link);
    likely = new Map();
    idle = false;
    prefetches = 0;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      const whenIdle =
        "requestIdleCallback" in window
          ? (cb: () => void) => requestIdleCallback(cb, { timeout: 2000 })
          : (cb: () => void) => setTimeout(cb, 0);
      whenIdle(() => {
        idle = true;
        if (!canPrefetch()) return;
        for (const { url, matches, urgent } of likely.values())
          if (!loadsAsDocument(url)) prefetchPage(url, matches, urgent);
      });
    }, DATA_PREFETCH_AFTER_MS);
    void chunkMap?.then(markShown);
  };

  const onPointer = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (link) intent(link, true);
  };
  document.addEventListener("pointerover", onPointer, { passive: true });
  document.addEventListener("focusin", onPointer);

  let shownKey = router.state.location.key;
  pageShown();
  router.subscribe((state) => {
    if (state.navigation.state !== "idle" || state.location.key === shownKey) return;
    shownKey = state.location.key;
    // After React has rendered the new page's links.
    requestAnimationFrame(pageShown);
  });
}
