/**
 * The visitor mix of the load test (scripts/loadTest.mjs), discovered from the running site itself
 * so it follows the content: every page of /sitemap.xml (both regions: homes, sections, gallery
 * and blog lists and items, samples), the client-navigation JSON (`/_data…`) of those pages, the
 * `/assets` and `/media` files the pages reference, a few 404s, and the crawler files.
 *
 * The origin is measured as if no CDN were in front of it (worst case): assets and images are
 * asked for here too, though a CDN or the browser's cache would usually answer them.
 */
import { XMLParser } from "fast-xml-parser";

// A desktop browser: not a crawler (isbot), asks for compressed bodies as browsers do.
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br, zstd",
};
const HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const GB = "en-GB,en;q=0.9";
const US = "en-US,en;q=0.9";

/**
 * Share of requests per kind (percent). Pages dominate; a hydrated visitor's next pages come as
 * `/_data` JSON; assets and images are what a first view pulls in; 404s are stale links and typos.
 */
export const MIX_WEIGHTS = {
  home: 10, // `/` (gb) and `/us`, the usual landing pages
  "home-redirect": 2, // a first visit to `/` from an en-US browser: 302 to /us
  page: 44,
  data: 15,
  asset: 12,
  media: 12,
  "not-found": 4,
  crawler: 1, // robots.txt, sitemap.xml
};

/**
 * Distinct images in the mix: those of the first pages discovered (the homes, then the lists), as
 * the most viewed. Every other image would be one more cold transform (seconds of CPU each) to
 * warm before measuring, with little to add to the measure.
 */
export const DEFAULT_MEDIA_SAMPLE = 12;

/** Paths no link leads to any more (typos, removed items): each must be a 404 page, not an error. */
const NOT_FOUND_PATHS = [
  "/gallery/a-project-that-was-removed",
  "/info/blog/no-such-article",
  "/kitchens-old",
  "/us/products/no-such-product",
];

const xml = new XMLParser();

async function text(url, headers = {}) {
  const res = await fetch(url, { headers: { ...BROWSER, ...headers } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status} while discovering the visitor mix`);
  return res.text();
}

/** Every page path of the sitemap, following a sitemap index to its children. */
async function sitemapPaths(origin) {
  const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const doc = xml.parse(await text(`${origin}/sitemap.xml`));
  const files = doc.sitemapindex ? asList(doc.sitemapindex.sitemap).map((s) => new URL(s.loc).pathname) : [null];
  const paths = [];
  for (const file of files) {
    const set = file === null ? doc.urlset : xml.parse(await text(origin + file)).urlset;
    for (const entry of asList(set?.url)) paths.push(new URL(entry.loc).pathname);
  }
  return paths;
}

/** The leaf route id of a rendered page, from its hydration payload (what a client navigation asks `/_data` for). */
function leafRouteId(html) {
  // The JSON data block of a shared page, or React Router's inline script (a preview).
  const block = /<script type="application\/json" id="router-hydration">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const literal = /__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  if (!block && !literal) return null;
  try {
    return Object.keys((block ? JSON.parse(block) : JSON.parse(JSON.parse(literal))).loaderData ?? {}).at(-1) ?? null;
  } catch {
    return null; // an escape JSON does not read: no data request for this page
  }
}

/** Same-origin `/assets` and `/media` URLs referenced by a page (src, href and srcset). */
function subresources(html, origin) {
  const found = { asset: new Set(), media: new Set() };
  for (const [, attr] of html.matchAll(/\s(?:src|href|srcset)="([^"]+)"/gi)) {
    for (const candidate of attr.split(",")) {
      const raw = candidate.trim().split(/\s+/)[0].replaceAll("&amp;", "&");
      if (!raw) continue;
      const url = new URL(raw, origin);
      if (url.origin !== origin) continue;
      const kind = url.pathname.startsWith("/assets/") ? "asset" : url.pathname.startsWith("/media/") ? "media" : null;
      if (kind) found[kind].add(url.pathname + url.search);
    }
  }
  return found;
}

/** Spreads a kind's weight evenly over its requests. */
function weighted(kind, requests) {
  return requests.map((request) => ({ kind, weight: MIX_WEIGHTS[kind] / requests.length, ...request }));
}

/**
 * The requests of the mix, each `{ kind, path, headers, expect, weight }` (weights sum to 100).
 * `expect` is the one status that request must get; any other counts as unexpected.
 */
export async function discoverVisitorMix(origin, { mediaSample = DEFAULT_MEDIA_SAMPLE } = {}) {
  const listed = [...new Set(await sitemapPaths(origin))];
  const isHome = (path) => path === "/" || path === "/us";
  const pages = [...listed.filter(isHome), ...listed.filter((path) => !isHome(path))];
  const localeOf = (path) => (path === "/us" || path.startsWith("/us/") ? US : GB);
  const page = (path) => ({
    path,
    expect: 200,
    headers: { ...BROWSER, accept: HTML_ACCEPT, "accept-language": localeOf(path) },
  });

  const data = [];
  const assets = new Set();
  const media = new Set();
  for (const path of pages) {
    const html = await text(origin + path, page(path).headers);
    const routeId = leafRouteId(html);
    if (routeId) {
      const query = `?_route=${encodeURIComponent(routeId)}`;
      data.push({
        path: `/_data${path}${query}`,
        expect: 200,
        headers: { ...BROWSER, accept: "application/json", "accept-language": localeOf(path) },
      });
    }
    const found = subresources(html, origin);
    for (const a of found.asset) assets.add(a);
    for (const m of found.media) media.add(m);
  }
  const homes = pages.filter(isHome);
  if (homes.length !== 2)
    throw new Error(`the sitemap should list both homes (/ and /us), found ${JSON.stringify(homes)}`);

  return [
    ...weighted("home", homes.map(page)),
    ...weighted("home-redirect", [
      { path: "/", expect: 302, headers: { ...BROWSER, accept: HTML_ACCEPT, "accept-language": US } },
    ]),
    ...weighted("page", pages.filter((path) => !homes.includes(path)).map(page)),
    ...weighted("data", data),
    ...weighted(
      "asset",
      [...assets].map((path) => ({ path, expect: 200, headers: { ...BROWSER, accept: "*/*" } })),
    ),
    ...weighted(
      "media",
      [...media].slice(0, mediaSample).map((path) => ({
        path,
        expect: 200,
        headers: { ...BROWSER, accept: "image/avif,image/webp,image/apng,*/*;q=0.8" },
      })),
    ),
    ...weighted(
      "not-found",
      NOT_FOUND_PATHS.map((path) => ({ ...page(path), expect: 404 })),
    ),
    ...weighted(
      "crawler",
      ["/robots.txt", "/sitemap.xml"].map((path) => ({
        path,
        expect: 200,
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)", "accept-encoding": "gzip" },
      })),
    ),
  ].filter((request) => request.weight > 0);
}

/** "67 pages, 67 data, 12 assets, …": how many distinct URLs of each kind the mix holds. */
export function describeMix(mix) {
  const counts = {};
  for (const { kind } of mix) counts[kind] = (counts[kind] ?? 0) + 1;
  return Object.entries(counts)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ");
}
