/**
 * Why a page view was slow, from the field (decision record 026, docs/operations.md "Field
 * speed"): on a phone (CPU 4× slower), a home page whose hero image the network holds for 1.5 s
 * reports its LCP's load duration as its largest phase and its LCP element as the hero's image;
 * a menu button whose click handler is slow reports INP's processing as its largest phase and the
 * control as a menu-button. Read where an operator reads them: /metrics.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "puppeteer";
import { LCP_PHASES, INP_PHASES } from "../../shared/vitals/phases";
import { sleep } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";
import { parsePrometheusText, sumOf, type Sample } from "../support/prometheusText";
import { until } from "../support/waitFor";

const METRICS_TOKEN = "metrics-token-for-the-field-why-test";
const suite = useSiteAndBrowser({ METRICS_TOKEN, TRUST_PROXY: "1" });
jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;
const HELD_MS = 1500;
const SLOW_HANDLER_MS = 500;

const metrics = async () =>
  parsePrometheusText(
    await (
      await fetch(`${suite.server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text(),
  );

/**
 * A slow network for one image, on the loopback: the response's headers and first bytes at once,
 * the rest 1.5 s later, so the wait falls between the response's start and its end, the LCP
 * resource's load duration (holding the request in the browser, before or after it is answered,
 * moves Resource Timing's marks with it: the wait then reads as load delay or render delay).
 */
function slowImageServer(site: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void fetch(new URL(req.url ?? "/", site)).then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, {
        "Content-Type": answer.headers.get("content-type") ?? "image/jpeg",
        "Content-Length": body.length,
        "Cache-Control": "no-store",
      });
      res.write(body.subarray(0, 64));
      setTimeout(() => res.end(body.subarray(64)), HELD_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * A phone's page whose high-priority images (the hero's, preloaded with fetchpriority="high") go
 * through the slow server, unseen by the page (its URL unchanged).
 */
async function phoneWithSlowHero(slow: string): Promise<{ page: Page; held: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport(PHONE);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.77" });
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const held: string[] = [];
  cdp.on("Fetch.requestPaused", ({ requestId, request }) => {
    const hero = request.initialPriority === "High" || request.initialPriority === "VeryHigh";
    const url = new URL(request.url);
    if (hero) held.push(url.pathname);
    void cdp
      .send("Fetch.continueRequest", hero ? { requestId, url: `${slow}${url.pathname}${url.search}` } : { requestId })
      .catch(() => {});
  });
  await cdp.send("Fetch.enable", { patterns: [{ resourceType: "Image", requestStage: "Request" }] });
  return { page, held };
}

/** The sums of a phase histogram's phases for the phone's home page views in the UK. */
const phaseSums = (samples: Sample[], name: string, phases: readonly string[]) =>
  Object.fromEntries(
    phases.map((phase) => [
      phase,
      sumOf(samples, `${name}_sum`, { phase, page_type: "index", region: "uk", device_class: "mobile" }),
    ]),
  );

const largest = (sums: Record<string, number>) => Object.entries(sums).sort((a, b) => b[1] - a[1])[0][0];

test("a held hero image makes load duration LCP's largest phase; a slow menu handler makes processing INP's", async () => {
  const before = await metrics();
  const slow = await slowImageServer(suite.server.url);
  const { page, held } = await phoneWithSlowHero(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
  await page.goto(`${suite.server.url}/`, { waitUntil: "load", timeout: 60_000 });
  // The reporter loads once the page is idle (client/entry.tsx); the hero painted before.
  await page.waitForFunction(() => performance.getEntriesByName("app-prefetch").length > 0, { timeout: 60_000 });
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
  });
  // A slow click handler on the menu's button: a busy main thread for 500 ms.
  await page.evaluate((ms) => {
    document.querySelector(".mobile-menu__toggle")?.addEventListener("click", () => {
      const until = performance.now() + ms;
      while (performance.now() < until) {}
    });
  }, SLOW_HANDLER_MS);
  await page.tap(".mobile-menu__toggle");
  await sleep(1500);
  // web-vitals attributes an interaction once the main thread is idle: a visitor who leaves sooner
  // is reported with INP but without its phases.
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
  });
  // The hero's download as the page's Resource Timing saw it: its response began at once, ended 1.5 s later.
  const hero = await page.evaluate((paths) => {
    const entry = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
      paths.includes(new URL(e.name).pathname),
    );
    return (
      entry && {
        firstByte: entry.responseStart - entry.requestStart,
        download: entry.responseEnd - entry.responseStart,
      }
    );
  }, held);
  // Hidden rather than left: the beacon then goes with this visitor's own address (see test/browser/fieldVitals.test.ts).
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  let after = before;
  const added = (name: string, where: Record<string, string>) => sumOf(after, name, where) - sumOf(before, name, where);
  const home = { page_type: "index", region: "uk", device_class: "mobile" };
  await until(
    "the report's why on /metrics",
    async () => {
      after = await metrics();
      return added("site_field_inp_control_total", home) > 0 && added("site_field_lcp_element_total", home) > 0;
    },
    { timeoutMs: 15_000 },
  );
  await page.close();
  slow.close();

  const lcpPhases = phaseSums(after, "site_field_lcp_phase_seconds", LCP_PHASES);
  const inpPhases = phaseSums(after, "site_field_inp_phase_seconds", INP_PHASES);
  console.log(
    `slowed ${JSON.stringify(held)} (${JSON.stringify(hero)} ms); /metrics: LCP phases ${JSON.stringify(lcpPhases)}, INP phases ${JSON.stringify(inpPhases)}`,
  );
  expect(held.length).toBeGreaterThan(0);
  expect(largest(lcpPhases)).toBe("load_duration");
  expect(lcpPhases.load_duration).toBeGreaterThanOrEqual(HELD_MS / 1000);
  expect(added("site_field_lcp_element_total", { ...home, kind: "hero-image" })).toBe(1);
  expect(largest(inpPhases)).toBe("processing");
  expect(inpPhases.processing).toBeGreaterThanOrEqual(SLOW_HANDLER_MS / 1000);
  expect(added("site_field_inp_control_total", { ...home, kind: "menu-button" })).toBe(1);
  // The phases add up to the view's own LCP and INP, as the endpoint checks.
  const lcpSum = sumOf(after, "web_vitals_lcp_seconds_sum", { ...home, navigation_type: "navigate" });
  expect(Math.abs(Object.values(lcpPhases).reduce((a, b) => a + b, 0) - lcpSum)).toBeLessThan(0.01);
});
