/**
 * A long editing session in the slice simulator, driven as Prismic's Page Builder drives it (the
 * Slice Machine stand-in's `SimulatorClient`, over @prismicio/simulator's real protocol): 50
 * successive zones built from every slice's mocks.json (adding, reordering, editing, removing
 * slices, switching variations, emptying and filling fields, an empty zone). After each update the
 * frame shows exactly the zone sent, in order, with the edited text, and no error was logged;
 * after the session, the frame's JS heap (after garbage collection, through CDP) has not grown.
 * Prismic users report the Page Builder's live preview breaking with a hydration error after
 * several edits (https://github.com/prismicio/slice-machine/issues/1768): this is that session.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, CDPSession, Frame, HTTPRequest, Page } from "puppeteer";
import { renderMock, type ApiSlice, type SliceMock } from "../../packages/slicemachine-adapter/src/lib/sliceMocks";
import { readSliceLibrary } from "../../scripts/slices/sliceLibrary";
import { ROOT, startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { startSliceMachineStandIn, type StandInServer } from "../support/sliceMachine/standIn";
import type { SliceMachineStandIn } from "../support/sliceMachine/parent";
import { startTogether } from "../support/startTogether";

const EDITOR_ORIGIN = "https://session-stand-in.prismic.io";
const UPDATES = 50;

let browser: Browser;
let standIn: StandInServer;
let site: RunningServer;

beforeAll(async () => {
  [browser, standIn] = await startTogether([
    launchBrowser(["--disable-features=LocalNetworkAccessChecks"]),
    startSliceMachineStandIn(),
  ]);
  site = await startBuiltServer({ SLICE_SIMULATOR_ANCESTORS: EDITOR_ORIGIN });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), standIn?.close()]);
});

/** Every variation of every slice, from its mocks.json, as the simulator receives it. */
function mockSlices(): ApiSlice[] {
  const dir = path.join(ROOT, "views/slices");
  return fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "mocks.json")))
    .sort()
    .flatMap((name) => {
      const model = JSON.parse(fs.readFileSync(path.join(dir, name, "model.json"), "utf8"));
      const mocks = JSON.parse(fs.readFileSync(path.join(dir, name, "mocks.json"), "utf8")) as SliceMock[];
      return mocks.map((mock) => renderMock(model, mock));
    });
}

/** Text fields every view shows as text, in order of preference (an id or a widget's setting is not shown). */
const SHOWN_TEXT_FIELDS = ["heading", "author", "caption"];

/** A slice with its shown text field replaced (a slice without one, e.g. the rich-text block, unchanged). */
function edited(slice: ApiSlice, text: string): ApiSlice {
  const key = SHOWN_TEXT_FIELDS.find((k) => k in slice.primary);
  return key ? { ...slice, primary: { ...slice.primary, [key]: text } } : slice;
}

/** A slice with every primary field and every item emptied, as a new slice an editor has not filled. */
const emptied = (slice: ApiSlice): ApiSlice => ({
  ...slice,
  primary: Object.fromEntries(Object.keys(slice.primary).map((k) => [k, null])),
  items: [],
});

/** 50 zones, each derived from the previous by an editor's action; every zone has unique ids. */
function session(all: ApiSlice[]): { action: string; zone: ApiSlice[] }[] {
  const steps: { action: string; zone: ApiSlice[] }[] = [];
  let zone: ApiSlice[] = [];
  let n = 0;
  const withId = (slice: ApiSlice) => ({ ...slice, id: `${slice.slice_type}$session-${n++}` });
  const byVariation = (slice: ApiSlice, variation: string) =>
    all.find((s) => s.slice_type === slice.slice_type && s.variation === variation);
  for (let i = 0; i < UPDATES; i++) {
    const step = i % 10;
    const pick = all[(i * 7) % all.length]!;
    let action: string;
    if (i === 24) {
      zone = [];
      action = "remove every slice";
    } else if (step < 3 || zone.length < 2) {
      zone = [...zone.slice(0, (i * 3) % (zone.length + 1)), withId(pick), ...zone.slice((i * 3) % (zone.length + 1))];
      action = `add ${pick.slice_type}/${pick.variation}`;
    } else if (step === 3) {
      zone = [...zone.slice(1), zone[0]!];
      action = "move the first slice to the end";
    } else if (step === 4) {
      const at = i % zone.length;
      zone = zone.map((s, k) => (k === at ? edited(s, `Edited heading ${i}`) : s));
      action = `edit slice ${at}`;
    } else if (step === 5) {
      const at = (i + 1) % zone.length;
      zone = zone.map((s, k) => (k === at ? emptied(s) : s));
      action = `empty every field of slice ${at}`;
    } else if (step === 6) {
      const at = (i + 1) % zone.length;
      const full = all.find((s) => s.slice_type === zone[at]!.slice_type && s.variation === zone[at]!.variation)!;
      zone = zone.map((s, k) => (k === at ? { ...full, id: s.id } : s));
      action = `fill slice ${at} again`;
    } else if (step === 7) {
      const at = zone.findIndex((s) => all.some((o) => o.slice_type === s.slice_type && o.variation !== s.variation));
      if (at >= 0) {
        const other = all.find((o) => o.slice_type === zone[at]!.slice_type && o.variation !== zone[at]!.variation)!;
        zone = zone.map((s, k) => (k === at ? { ...(byVariation(s, other.variation) ?? other), id: s.id } : s));
        action = `switch slice ${at} to ${other.variation}`;
      } else {
        zone = [...zone].reverse();
        action = "reverse the zone";
      }
    } else if (step === 8) {
      zone = zone.filter((_, k) => k !== i % zone.length);
      action = "remove a slice";
    } else {
      zone = [...zone].reverse();
      action = "reverse the zone";
    }
    steps.push({ action, zone });
  }
  return steps;
}

const machine = <T>(page: Page, fn: (sm: SliceMachineStandIn, arg: any) => Promise<T> | T, arg?: unknown): Promise<T> =>
  page.evaluate(
    (source, a) => new Function("sm", "arg", `return (${source})(sm, arg)`)(window.sliceMachine, a),
    fn.toString(),
    arg as never,
  ) as Promise<T>;

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}

test(`${UPDATES} successive updates from the editor each render exactly their zone, with no error and no growth in memory`, async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page: ${error}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url ?? ""})`);
  });
  await page.setViewport({ width: 1280, height: 800 });
  await page.setRequestInterception(true);
  page.on("request", (req: HTTPRequest) => void route(req));
  const simulatorUrl = `${site.url}/slice-simulator`;
  await page.goto(EDITOR_ORIGIN + standIn.pagePath(simulatorUrl, { width: 1280, height: 800 }), { waitUntil: "load" });
  expect(await machine(page, (sm) => sm.connected)).toBe(200);
  const frame: Frame = await page.waitForFrame((f) => f.url().startsWith(simulatorUrl));
  // The frame's own target (out of process when cross-origin) or the page's: its heap is what grows.
  const frameTarget = browser.targets().find((t) => t.url().startsWith(simulatorUrl));
  const cdp = frameTarget ? await frameTarget.createCDPSession() : await page.createCDPSession();

  const all = mockSlices();
  // Every variation of every slice in the library: a new slice needs no edit here.
  expect(all).toHaveLength(readSliceLibrary(ROOT).reduce((n, slice) => n + slice.model.variations.length, 0));
  const steps = session(all);

  // Warm-up: every view's code has run once before the heap is measured.
  await machine(
    page,
    (sm, zone) => sm.setSliceZone(zone),
    all.map((s, k) => ({ ...s, id: `warm-${k}` })),
  );
  await machine(page, (sm) => sm.setSliceZone([]));
  const heapBefore = await heapAfterGc(cdp);

  const times: number[] = [];
  for (const [i, { action, zone }] of steps.entries()) {
    const started = performance.now();
    expect(await machine(page, (sm, z) => sm.setSliceZone(z), zone)).toBe(200);
    const shown = await frame.$$eval("[data-slice-zone] > [data-slice-index]", (els) =>
      els.map((el) => ({
        type: el.getAttribute("data-slice-type"),
        variation: el.querySelector("[data-variation]")?.getAttribute("data-variation") ?? null,
        text: el.textContent ?? "",
      })),
    );
    times.push(performance.now() - started);
    const context = `update ${i + 1} (${action})`;
    expect({ context, types: shown.map((s) => s.type) }).toEqual({ context, types: zone.map((s) => s.slice_type) });
    // No stale variation: a slice that says which variation it is says the one sent.
    for (const [k, s] of shown.entries())
      if (s.variation)
        expect({ context, k, variation: s.variation }).toEqual({ context, k, variation: zone[k]!.variation });
    // No stale text: an edited heading shows, and no slice shows an edit that is no longer sent.
    const sentEdits = zone.flatMap((s) =>
      Object.values(s.primary).filter((v): v is string => typeof v === "string" && v.startsWith("Edited heading")),
    );
    const shownEdits = shown.flatMap((s) => s.text.match(/Edited heading \d+/g) ?? []);
    expect({ context, edits: shownEdits.sort() }).toEqual({ context, edits: sentEdits.sort() });
    if (zone.length === 0)
      expect(await frame.$eval(".slice-simulator", (el) => el.textContent)).toContain("Waiting for slices…");
    expect({ context, errors }).toEqual({ context, errors: [] });
  }

  await machine(page, (sm) => sm.setSliceZone([]));
  const heapAfter = await heapAfterGc(cdp);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${UPDATES} updates: ${mean.toFixed(1)} ms each on average (slowest ${Math.max(...times).toFixed(1)} ms); heap after GC ${(heapBefore / 1e6).toFixed(2)} MB before, ${(heapAfter / 1e6).toFixed(2)} MB after`,
  );
  // Retained memory: what 50 zones leave behind once the zone is empty again. A leak of one
  // zone's DOM or React tree per update would add megabytes; allow 1 MB for caches that settle.
  expect(heapAfter - heapBefore).toBeLessThan(1_000_000);
  await page.close();

  async function route(req: HTTPRequest): Promise<void> {
    const url = new URL(req.url());
    // The stand-in has no icon: the browser's own request for one is no error of the simulator.
    if (url.origin === EDITOR_ORIGIN && url.pathname === "/favicon.ico") return req.respond({ status: 204 });
    if (url.origin === EDITOR_ORIGIN) {
      const res = await fetch(standIn.origin + url.pathname + url.search);
      return req.respond({
        status: res.status,
        contentType: res.headers.get("content-type") ?? undefined,
        body: Buffer.from(await res.arrayBuffer()),
      });
    }
    if (url.hostname === "127.0.0.1") return req.continue();
    return req.abort("blockedbyclient");
  }
}, 120_000);
