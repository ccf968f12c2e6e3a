/**
 * Core Web Vitals from the field (docs/behaviour.md section 7.6): a visitor on a phone (CPU 4×
 * slower) lands on several page types in both regions, taps the menu (the tap that wakes the
 * app) and leaves; each page view's report reaches /metrics, and the sums there are what the
 * pages' own PerformanceObservers saw. The waking tap is painted before the wake's work begins,
 * within 100 ms (the median over the page types). A client navigation is a view of its own. A
 * flood of made-up reports is refused, sets no cookie and adds no series.
 */
import type { Page } from "puppeteer";
import { VITALS_PATH } from "../../shared/fieldVitals";
import { isHydrated, sleep, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { parsePrometheusText, sumOf } from "../support/prometheusText";
import { until } from "../support/waitFor";

const METRICS_TOKEN = "metrics-token-for-the-field-vitals-test";
// Each visit from a visitor of its own (X-Forwarded-For, read with TRUST_PROXY=1): the endpoint
// counts 5 page views an hour per client (docs/operations.md, "Field speed"). A beacon sent as a
// page unloads goes without the page's extra headers, from the test's own address: the five
// visits below are that address's five.
const suite = useSiteAndBrowser({ METRICS_TOKEN, TRUST_PROXY: "1" });
let visitors = 0;
const asNewVisitor = (page: Page) => page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${++visitors}` });
jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;

/** What the page itself saw, by the definitions web-vitals uses (times in ms). */
interface Seen {
  LCP?: number;
  FCP?: number;
  TTFB: number;
  CLS: number;
  INP?: number;
  /** The first interaction's latency: its slowest event's duration, as INP counts it. */
  firstInteraction?: number;
  /** The first interaction's events (pointerdown, pointerup, click…), each one's duration. */
  firstEvents: Record<string, number>;
  /** When the first interaction's last event had been handled (its processingEnd). */
  firstHandledAt?: number;
  /** When the wake's own work began (the entry's `app-wake` mark). */
  wakeBeganAt?: number;
}

/** What the page's own observers keep, on `window.__seen`: each interaction's slowest event. */
interface Observed {
  LCP?: number;
  FCP?: number;
  CLS: number;
  interactions: Map<number, number>;
  first: number;
  firstEvents: Record<string, number>;
  firstHandledAt: number;
}

/** Installed before the page's own scripts: the page's own observers. */
function observeVitals(): void {
  const seen: Observed = {
    CLS: 0,
    interactions: new Map<number, number>(),
    first: 0,
    firstEvents: {},
    firstHandledAt: 0,
  };
  (window as unknown as { __seen: Observed }).__seen = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.LCP = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.FCP = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) seen.CLS += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const interactions = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      if (!seen.first) seen.first = entry.interactionId;
      if (entry.interactionId === seen.first) {
        seen.firstEvents[entry.name] = Math.max(seen.firstEvents[entry.name] ?? 0, entry.duration);
        seen.firstHandledAt = Math.max(seen.firstHandledAt, entry.processingEnd);
      }
      seen.interactions.set(
        entry.interactionId,
        Math.max(seen.interactions.get(entry.interactionId) ?? 0, entry.duration),
      );
    }
  });
  interactions.observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  interactions.observe({ type: "first-input", buffered: true });
}

const readSeen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const seen = (window as unknown as { __seen: Observed }).__seen;
    const latencies = [...seen.interactions.values()];
    return {
      LCP: seen.LCP,
      FCP: seen.FCP,
      TTFB: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
      CLS: seen.CLS,
      INP: latencies.length ? Math.max(...latencies) : undefined,
      firstInteraction: seen.interactions.get(seen.first),
      firstEvents: seen.firstEvents,
      firstHandledAt: seen.firstHandledAt || undefined,
      wakeBeganAt: performance.getEntriesByName("app-wake")[0]?.startTime,
    };
  });

/**
 * Until the entry's idle fetch has begun (its mark), nothing more has loaded for a second, and the
 * main thread has had two idle periods in a row: the visitor has read a little before tapping.
 * (Not puppeteer's network idle: the previous page's beacon, sent as it was left, is never
 * answered to this page and would count as in flight for ever.)
 */
async function loadedWhileIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName("app-prefetch").length > 0, { timeout: 60_000 });
  let resources = -1;
  await until(
    "nothing more to load for a second",
    async () => {
      const now = await page.evaluate(() => performance.getEntriesByType("resource").length);
      const quiet = now === resources;
      resources = now;
      return quiet;
    },
    { timeoutMs: 60_000, intervalMs: 1000 },
  );
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
  });
}

const metrics = async () =>
  (await fetch(`${suite.server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** The vitals' series as Prometheus names them, without their values. */
const seriesOf = (text: string) =>
  text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.replace(/\s+\S+$/, ""));

const VISITS = [
  { path: "/", page: "index", region: "uk" },
  { path: "/gallery", page: "gallery", region: "uk" },
  { path: "/info/blog", page: "info-blog", region: "uk" },
  { path: "/us", page: "index", region: "us" },
  { path: "/us/gallery", page: "gallery", region: "us" },
];

/** A phone's page: touch, 390 px wide, its CPU 4× slower; the page's own observers installed. */
async function phonePage(): Promise<Page> {
  const page = await suite.browser.newPage();
  await page.setViewport(PHONE);
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.evaluateOnNewDocument(observeVitals);
  return page;
}

/** Lands on `path`, reads a while, then taps the menu (the tap that wakes the app): what the page saw. */
async function visitAndTap(page: Page, path: string): Promise<Seen> {
  await asNewVisitor(page);
  await page.goto(`${suite.server.url}${path}`, { waitUntil: "networkidle0", timeout: 60_000 });
  // Loaded and quiet, as the wake is measured in the lab (scripts/wakeBench.mjs): the reporter
  // and React have loaded while idle; the tap then wakes the app.
  await loadedWhileIdle(page);
  expect(await isHydrated(page)).toBe(false);
  await page.tap(".mobile-menu__toggle");
  await page.waitForFunction(() => (document.querySelector(".mobile-menu") as HTMLDetailsElement | null)?.open, {
    timeout: 60_000,
  });
  await sleep(1000);
  return readSeen(page);
}

/** The median of `values`. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One phone visitor's page views, shared by the next two tests: lands on each page type in both
 * regions, reads, taps the menu (the tap that wakes the app) and leaves. What each page saw, and
 * /metrics before the first visit.
 */
const visited: { seen: (Seen & (typeof VISITS)[number])[]; baseline: ReturnType<typeof parsePrometheusText> } = {
  seen: [],
  baseline: [],
};
beforeAll(async () => {
  visited.baseline = parsePrometheusText(await metrics());
  const page = await phonePage();
  try {
    for (const visit of VISITS) visited.seen.push({ ...visit, ...(await visitAndTap(page, visit.path)) });
  } finally {
    // Leaving the last page (pagehide) sends its report too; left and closed even if a visit failed.
    await page.goto("about:blank");
    await page.close();
  }
  for (const seen of visited.seen) console.log(`${seen.path}: ${JSON.stringify(seen)}`);
}, 180_000);

/**
 * The tap that wakes the app on a phone at 4× CPU: the wake's own work begins only after the
 * tap's last event has been handled, a frame later (client/afterPress.ts), so the tap's latency is
 * the page's own response to it and not the app's start. Held from the page's own Event Timing
 * entries (their processingEnd) and the entry's `app-wake` mark, an order that a loaded machine
 * cannot reverse. The press (pointerdown) reaches its next paint within 100 ms and the whole
 * tap's latency (INP: its slowest event, the click that opens the menu) within 100 ms, each as
 * the median over the page types in both regions, and no single press beyond 250 ms: one tap's
 * Event Timing moves by tens of milliseconds with whatever else the shared machine runs (a fresh
 * CI machine's first page once gave its press 152 ms, the wake beginning after it as ever), while
 * the field reports a percentile over many (docs/behaviour.md section 7.5). Event Timing reports events of 16 ms or more (the
 * observer's threshold), so a missing event is a fast one.
 */
test("the tap that wakes the app is handled and painted before the wake's work begins, within 100 ms on a phone at 4× CPU", () => {
  expect(visited.seen).toHaveLength(VISITS.length);
  for (const seen of visited.seen) {
    console.log(
      `waking tap on ${seen.path}: ${seen.firstInteraction} ms (INP), by event ${JSON.stringify(seen.firstEvents)}`,
    );
    expect(seen.firstInteraction).toBeDefined();
    expect(seen.wakeBeganAt).toBeGreaterThan(seen.firstHandledAt ?? 0);
    expect(seen.firstEvents.pointerdown ?? 16).toBeLessThanOrEqual(250);
  }
  expect(median(visited.seen.map((seen) => seen.firstEvents.pointerdown ?? 16))).toBeLessThanOrEqual(100);
  expect(median(visited.seen.map((seen) => seen.firstInteraction ?? 0))).toBeLessThanOrEqual(100);
});

test("a phone visitor's page views, taps and leavings reach /metrics as what the pages saw", async () => {
  const { baseline, seen: seenByPage } = visited;
  expect(seenByPage).toHaveLength(VISITS.length);

  let samples = parsePrometheusText(await metrics());
  /** What this visit added to a series of /metrics. */
  const added = (name: string, where: Record<string, string> = {}) =>
    sumOf(samples, name, where) - sumOf(baseline, name, where);
  await until(
    "the reports on /metrics",
    async () => {
      samples = parsePrometheusText(await metrics());
      return added("web_vitals_ttfb_seconds_count") >= VISITS.length;
    },
    { timeoutMs: 10_000 },
  );
  const loads = { device_class: "mobile", navigation_type: "navigate" };
  expect(added("web_vitals_ttfb_seconds_count", loads)).toBe(VISITS.length);
  // Each page view's values, rounded to the millisecond (CLS to 1e-4) in the report.
  const total = (pick: (seen: Seen) => number | undefined) =>
    seenByPage.reduce((sum, seen) => sum + (pick(seen) ?? 0), 0);
  const close = (actual: number, expected: number, perView: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(perView * VISITS.length);
  close(added("web_vitals_ttfb_seconds_sum", loads), total((s) => s.TTFB) / 1000, 0.0006);
  close(added("web_vitals_fcp_seconds_sum", loads), total((s) => s.FCP) / 1000, 0.0006);
  close(added("web_vitals_lcp_seconds_sum", loads), total((s) => s.LCP) / 1000, 0.0006);
  close(added("web_vitals_inp_seconds_sum", loads), total((s) => s.INP) / 1000, 0.0006);
  close(
    added("web_vitals_cls_sum", loads),
    total((s) => s.CLS),
    0.00006,
  );
  expect(added("web_vitals_inp_seconds_count", loads)).toBe(VISITS.length);
  // By page type and region: the gallery in each region once, the home page in each.
  for (const region of ["uk", "us"]) {
    expect(added("web_vitals_lcp_seconds_count", { ...loads, page_type: "gallery", region })).toBe(1);
    expect(added("web_vitals_lcp_seconds_count", { ...loads, page_type: "index", region })).toBe(1);
  }
  expect(added("web_vitals_lcp_seconds_count", { ...loads, page_type: "info-blog", region: "uk" })).toBe(1);
});

test("a client navigation is a page view of its own, with its own INP and CLS and no load metrics", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport(PHONE);
  await asNewVisitor(page);
  await page.goto(`${suite.server.url}/`, { waitUntil: "networkidle0" });
  const before = parsePrometheusText(await metrics());
  const clientViews = (samples: ReturnType<typeof parsePrometheusText>) =>
    sumOf(samples, "web_vitals_cls_count", { navigation_type: "client", page_type: "gallery" });
  await waitForHydration(page);
  await sleep(500);
  await page.tap('.site-footer a[href="/gallery"]');
  await page.waitForFunction(() => location.pathname === "/gallery");
  await sleep(500);
  await page.tap(".mobile-menu__toggle");
  await sleep(500);
  // Hidden rather than left: a beacon sent as the page unloads goes without the page's extra
  // headers (this visitor's X-Forwarded-For), so it would be the test's own address, already
  // past its few page views by the visits above. Hiding reports the view as leaving does.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await until(
    "the client view's report",
    async () => clientViews(parsePrometheusText(await metrics())) > clientViews(before),
    {
      timeoutMs: 10_000,
    },
  );
  const after = parsePrometheusText(await metrics());
  expect(sumOf(after, "web_vitals_inp_seconds_count", { navigation_type: "client", page_type: "gallery" })).toBe(
    sumOf(before, "web_vitals_inp_seconds_count", { navigation_type: "client", page_type: "gallery" }) + 1,
  );
  expect(sumOf(after, "web_vitals_lcp_seconds_count", { navigation_type: "client" })).toBe(0);
  await page.close();
});

test("a flood of made-up reports is refused with 4xx, sets no cookie and adds no series to /metrics", async () => {
  const before = seriesOf(await metrics());
  const made = [
    { page: "/gallery/secret", region: "uk", device: "mobile", nav: "navigate", metrics: { LCP: 1 } },
    { page: "index", region: "mars", device: "mobile", nav: "navigate", metrics: { LCP: 1 } },
    { page: "index", region: "uk", device: "fridge", nav: "navigate", metrics: { LCP: 1 } },
    { page: "index", region: "uk", device: "mobile", nav: "navigate", metrics: { FID: 1 } },
    { page: "index", region: "uk", device: "mobile", nav: "navigate", metrics: { LCP: 1e12 } },
    { page: "index", region: "uk", device: "mobile", nav: "navigate", metrics: { LCP: 1 }, pad: "x".repeat(70 * 1024) },
  ];
  const statuses = new Set<number>();
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${suite.server.url}${VITALS_PATH}`, {
      method: "POST",
      headers: { Origin: suite.server.url, "Content-Type": "text/plain" },
      body: JSON.stringify({ ...made[i % made.length], n: i }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("set-cookie")).toBeNull();
    statuses.add(res.status);
  }
  console.log(`flood of 200 made-up reports: statuses ${[...statuses].join(", ")}`);
  const after = seriesOf(await metrics());
  const added = after.filter((series) => !before.includes(series));
  // Only the request counters' own series for the endpoint's refusals (one per status code) may be
  // new, and the runtime's own: Node's default metrics add a series the first time they see a GC
  // of a kind (`nodejs_gc_duration_seconds{kind="incremental"}`), labelled by V8, never by a request.
  const fromRequests = added.filter((series) => !/^(nodejs|process)_/.test(series));
  expect(fromRequests.filter((series) => !/^http_request[\w]*\{.*route="vitals"/.test(series))).toEqual([]);
  expect(after.filter((s) => s.startsWith("web_vitals_")).sort()).toEqual(
    before.filter((s) => s.startsWith("web_vitals_")).sort(),
  );
});
