/**
 * Visitors' Core Web Vitals reports for the dashboard's picture (scripts/ops/dashboardShot.mjs),
 * drawn, not measured: one page view's report in exactly the body the browser's reporter sends
 * (client/vitals/fieldVitals.ts: page type, region, device class, navigation type, then the
 * metrics in seconds to the millisecond, CLS to four places), posted as sendBeacon posts it.
 * Real Chromium visitors on the phone profile were too slow for a few-minute recording on a
 * shared machine: a visit took minutes, too few for a percentile (docs/operations.md, Dashboard).
 *
 * The values follow how field data is shaped: log-normal, TTFB then FCP then LCP each a delay
 * after the one before, phones slower than desktops, the US further from the origin, image-heavy
 * project pages with the latest LCP; WebKit (Safari, every iPhone browser) reports neither LCP nor
 * INP nor CLS; a client navigation and a page restored from the back/forward cache report INP
 * and CLS only; a page shown prerendered paints almost at once. A landing view says why, as the
 * attribution does (its LCP's and INP's phases, the kinds of element). Where a value is chosen, it
 * is a plausible phone-heavy small business site's, not this site's.
 */
import http from "node:http";

/** The page types visitors view (shared/routeTable.ts's names), how often, and how heavy their largest image is. */
export const PAGE_TYPES = [
  { page: "index", share: 30, lcp: 1.15 },
  { page: "gallery", share: 14, lcp: 1.05 },
  { page: "gallery-uid", share: 16, lcp: 1.8 },
  { page: "info-blog", share: 7, lcp: 0.9 },
  { page: "info-blog-uid", share: 8, lcp: 1 },
  { page: "materials-samples", share: 5, lcp: 1 },
  { page: "section-uid", share: 20, lcp: 0.85 },
];

/** Medians in seconds, by device class: time to first byte, then FCP after it, then LCP after FCP; INP. */
export const DEVICES = {
  mobile: { share: 62, ttfb: 0.42, fcpAfter: 0.85, lcpAfter: 0.55, inp: 0.12, webkit: 0.45 },
  tablet: { share: 6, ttfb: 0.35, fcpAfter: 0.6, lcpAfter: 0.4, inp: 0.08, webkit: 0.6 },
  desktop: { share: 32, ttfb: 0.25, fcpAfter: 0.35, lcpAfter: 0.25, inp: 0.04, webkit: 0.15 },
};

/** The US is further from the origin and its cache: first bytes later. */
const REGIONS = { uk: { share: 72, ttfb: 1 }, us: { share: 28, ttfb: 1.35 } };

const NAVIGATIONS = { navigate: 60, client: 26, "back-forward": 5, "back-forward-cache": 3, reload: 2, prerender: 4 };

const weighted = (random, entries) => {
  const total = entries.reduce((sum, [, share]) => sum + share, 0);
  let at = random() * total;
  for (const [value, share] of entries) {
    at -= share;
    if (at < 0) return value;
  }
  return entries.at(-1)[0];
};

/** A log-normal draw around `median`; `spread` is the log's standard deviation. */
const logNormal = (random, median, spread) => {
  const u = 1 - random();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(spread * normal);
};

/** As the reporter rounds: seconds to the millisecond, CLS to four places. */
const seconds = (value) => Math.round(Math.min(value, 59) * 1000) / 1000;
const cls = (value) => Math.round(Math.min(value, 9) * 10_000) / 10_000;

/** One page view's report, as client/vitals/fieldVitals.ts sends it; `undefined` when it would send none. */
export function drawReport(random = Math.random) {
  const { page, lcp } = weighted(
    random,
    PAGE_TYPES.map((type) => [type, type.share]),
  );
  const region = weighted(
    random,
    Object.entries(REGIONS).map(([name, { share }]) => [name, share]),
  );
  const device = weighted(
    random,
    Object.entries(DEVICES).map(([name, { share }]) => [name, share]),
  );
  const nav = weighted(random, Object.entries(NAVIGATIONS));
  const d = DEVICES[device];
  const webkit = random() < d.webkit;
  const metrics = {};
  // A client navigation and a page shown from the back/forward cache load nothing: INP and CLS only.
  if (nav !== "client" && nav !== "back-forward-cache") {
    // A prerendered page is on screen almost at once once shown; its first byte came long before.
    const instant = nav === "prerender";
    const cached = nav === "reload" || nav === "back-forward" ? 0.7 : 1;
    const ttfb = instant ? 0 : logNormal(random, d.ttfb * REGIONS[region].ttfb * cached, 0.5);
    const fcp = instant ? logNormal(random, 0.06, 0.6) : ttfb + logNormal(random, d.fcpAfter * cached, 0.45);
    if (!webkit) metrics.LCP = seconds(fcp + (instant ? 0 : logNormal(random, d.lcpAfter * lcp, 0.6)));
    metrics.FCP = seconds(fcp);
    metrics.TTFB = seconds(ttfb);
  }
  // Most views see a tap, a scroll-stopping touch or a key; the waking tap is a landing's first.
  const interacted = random() < (nav === "client" ? 0.45 : 0.7);
  if (!webkit && interacted) metrics.INP = seconds(logNormal(random, d.inp * (nav === "client" ? 0.8 : 1.2), 0.6));
  // Most pages never shift; those that do, a little (a late font, an embed).
  if (!webkit) metrics.CLS = cls(random() < 0.65 ? 0 : logNormal(random, page === "info-blog-uid" ? 0.06 : 0.02, 1));
  if (Object.keys(metrics).length === 0) return undefined;
  const why = drawWhy(random, page, nav, metrics);
  return Object.keys(why).length ? { page, region, device, nav, metrics, why } : { page, region, device, nav, metrics };
}

/** What each page type's LCP element mostly is (shared/vitals/elementKinds.ts), and what its visitors tap. */
const KINDS = {
  index: { lcp: { "hero-image": 8, "heading-text": 2 }, inp: { "menu-button": 5, link: 3, "consent-button": 2 } },
  gallery: { lcp: { "card-image": 9, "heading-text": 1 }, inp: { link: 6, "menu-button": 3, other: 1 } },
  "gallery-uid": {
    lcp: { "gallery-image": 6, "hero-image": 4 },
    inp: { "carousel-control": 6, "gallery-image": 2, "menu-button": 2 },
  },
  "info-blog": { lcp: { "card-image": 7, "heading-text": 3 }, inp: { link: 7, "menu-button": 3 } },
  "info-blog-uid": { lcp: { "hero-image": 5, "body-text": 5 }, inp: { link: 4, "menu-button": 3, other: 3 } },
  "materials-samples": { lcp: { "body-text": 7, "heading-text": 3 }, inp: { "form-control": 7, "menu-button": 3 } },
  "section-uid": { lcp: { "hero-image": 7, "heading-text": 3 }, inp: { "menu-button": 5, link: 4, other: 1 } },
};
const SHIFTED = { "body-text": 4, "card-image": 2, "form-control": 3, other: 1 };
const ms = (value) => Math.round(value * 1000) / 1000;

/**
 * Why, as web-vitals' attribution splits a landing view's metrics (client/vitals/whyOfView.ts):
 * LCP after its first byte mostly the image's download on image pages, INP mostly the page's own
 * handlers; a client navigation's view carries none.
 */
function drawWhy(random, page, nav, metrics) {
  const why = {};
  if (nav === "client") return why;
  const kinds = KINDS[page];
  if (metrics.LCP !== undefined) {
    const kind = weighted(random, Object.entries(kinds.lcp));
    const after = metrics.LCP - metrics.TTFB;
    const image = kind.endsWith("image");
    const delay = ms(after * (image ? 0.1 + random() * 0.1 : 0));
    const load = ms(after * (image ? 0.45 + random() * 0.25 : 0));
    why.lcp = {
      ttfb: metrics.TTFB,
      load_delay: delay,
      load_duration: load,
      render_delay: ms(Math.max(0, metrics.LCP - metrics.TTFB - delay - load)),
      kind,
    };
  }
  if (metrics.INP !== undefined) {
    const input = ms(metrics.INP * (0.1 + random() * 0.2));
    const processing = ms(metrics.INP * (0.35 + random() * 0.3));
    why.inp = {
      input_delay: input,
      processing,
      presentation: ms(Math.max(0, metrics.INP - input - processing)),
      kind: weighted(random, Object.entries(kinds.inp)),
    };
  }
  if (metrics.CLS) why.cls = { kind: weighted(random, Object.entries(SHIFTED)) };
  return why;
}

/**
 * Posts a report's body to the site's /api/vitals as sendBeacon does (text/plain, the page's
 * Origin), from `from`: one of the loopback's many addresses, so each visitor meets the
 * endpoint's per-address limit alone, as in the field. Resolves to the answer's status.
 */
export function postReport(siteUrl, body, { origin, from = "127.0.0.1" }) {
  return new Promise((resolve) => {
    const request = http.request(
      new URL("/api/vitals", siteUrl),
      {
        method: "POST",
        localAddress: from,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "content-length": Buffer.byteLength(body),
          ...(origin ? { origin } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", () => resolve(undefined));
    request.end(body);
  });
}
