/**
 * /slice-simulator in Chromium, framed by a Slice Machine stand-in (test/support/sliceMachine):
 * a parent page on a local 127.0.0.1 server that drives the simulator with @prismicio/simulator's
 * own `SimulatorClient`, over the package's real postMessage/MessageChannel protocol.
 *
 * In a production bundle the simulator (the kit's ChannelReceiver) only listens to parents on
 * Prismic's https origins (https://*.prismic.io…), so the editor case serves the stand-in's
 * page under https://slice-machine-stand-in.prismic.io: Puppeteer answers those requests with
 * the local server's responses (nothing leaves the machine; every other outside request is
 * aborted). Chromium's Local Network Access checks would refuse that public-looking origin a
 * loopback iframe (a real editor framing a public site never meets them), so this file's
 * Chromium runs without them. A parent on http://127.0.0.1 (a local Slice Machine) may frame the simulator when
 * SLICE_SIMULATOR_ANCESTORS lists it, and drives it with a development build.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Frame, HTTPRequest, Page } from "puppeteer";
import { ROOT, startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { startSliceMachineStandIn, type StandInServer } from "../support/sliceMachine/standIn";
import type { SliceMachineStandIn } from "../support/sliceMachine/parent";
import { until, within } from "../support/waitFor";
import { startTogether } from "../support/startTogether";

const EDITOR_ORIGIN = "https://slice-machine-stand-in.prismic.io";
const DEV_BUILD_DIR = `.cache/slice-simulator-dev-build-${process.pid}`;

let browser: Browser;
let standIn: StandInServer;
let site: RunningServer;
let devSite: RunningServer | undefined;

beforeAll(async () => {
  [browser, standIn] = await startTogether([
    launchBrowser(["--disable-features=LocalNetworkAccessChecks"]),
    startSliceMachineStandIn(),
  ]);
  site = await startBuiltServer({
    SLICE_SIMULATOR_ANCESTORS: `https://prismic.io https://*.prismic.io ${standIn.origin}`,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), devSite?.stop(), standIn?.close()]);
  fs.rmSync(path.join(ROOT, DEV_BUILD_DIR), { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Slices as Slice Machine sends them (its mocks have the shape of the REST API's slices).

const image = (server: RunningServer, file: string, alt: string) => ({
  id: file,
  url: `${server.url}/media/${file}`,
  alt,
  copyright: null,
  dimensions: { width: 2400, height: 1600 },
  edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
});

const hero = (server: RunningServer) => ({
  slice_type: "hero",
  slice_label: null,
  variation: "default",
  version: "sktwi1xtmkfgx8626",
  id: "hero$0d3c6a5e-1111-4c1c-9d0e-5ad0c1f0a001",
  primary: {
    eyebrow: "Kitchens",
    heading: "Made to measure, made to last",
    subheading: [
      { type: "paragraph", text: "Every cabinet is built in our own workshop to the millimetre.", spans: [] },
    ],
    image: image(server, "detail-marble-worktop.jpg", "A honed marble countertop"),
    cta_label: "Read our countertop guide",
    cta_link: {
      link_type: "Document",
      id: "article-choosing-a-worktop",
      type: "article",
      tags: [],
      lang: "en-gb",
      slug: "choosing-a-worktop",
      uid: "choosing-a-worktop",
      isBroken: false,
    },
  },
  items: [],
});

const faq = () => ({
  slice_type: "faq",
  slice_label: null,
  variation: "default",
  version: "sktwi1xtmkfgx8627",
  id: "faq$0d3c6a5e-2222-4c1c-9d0e-5ad0c1f0a002",
  primary: {
    heading: "Your questions",
    intro: [{ type: "paragraph", text: "What customers ask us most.", spans: [] }],
  },
  items: [
    {
      question: "How long does a kitchen take?",
      answer: [{ type: "paragraph", text: "Eight to ten weeks from the final drawing to installation.", spans: [] }],
    },
    {
      question: "Do you fit outside London?",
      answer: [{ type: "paragraph", text: "Yes, anywhere in England and Wales.", spans: [] }],
    },
  ],
});

const unknownSlice = () => ({
  slice_type: "not_in_our_library",
  slice_label: null,
  variation: "default",
  version: "x1",
  id: "not_in_our_library$1",
  primary: { title: "Hello" },
  items: [],
});

// ---------------------------------------------------------------------------------------------

interface Opened {
  page: Page;
  /** Uncaught errors of the parent and of the simulator frame. */
  errors: string[];
  simulator: () => Promise<Frame>;
}

/** Opens the stand-in's page; `asEditor` serves it under a Prismic https origin. */
async function openStandIn(
  server: RunningServer,
  options: { asEditor: boolean; parentOrigin?: string; connectTimeout?: number },
): Promise<Opened> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.setViewport({ width: 1024, height: 700 });
  await page.setRequestInterception(true);
  page.on("request", (req: HTTPRequest) => void route(req));
  const parentOrigin = options.asEditor ? EDITOR_ORIGIN : (options.parentOrigin ?? standIn.origin);
  const simulatorUrl = `${server.url}/slice-simulator`;
  await page.goto(parentOrigin + standIn.pagePath(simulatorUrl, { connectTimeout: options.connectTimeout ?? 10_000 }), {
    waitUntil: "load",
  });
  return {
    page,
    errors,
    simulator: async () => {
      const frame = await page.waitForFrame((f) => f.url().startsWith(simulatorUrl), { timeout: 10_000 });
      await frame.waitForSelector(".slice-simulator", { timeout: 10_000 });
      return frame;
    },
  };

  async function route(req: HTTPRequest): Promise<void> {
    const url = new URL(req.url());
    if (url.origin === EDITOR_ORIGIN) {
      const res = await fetch(standIn.origin + url.pathname + url.search);
      return req.respond({
        status: res.status,
        contentType: res.headers.get("content-type") ?? undefined,
        body: Buffer.from(await res.arrayBuffer()),
      });
    }
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.protocol === "data:") return req.continue();
    return req.abort("blockedbyclient");
  }
}

const machine = <T>(page: Page, fn: (sm: SliceMachineStandIn, arg: any) => Promise<T> | T, arg?: unknown): Promise<T> =>
  page.evaluate(
    (source, a) => new Function("sm", "arg", `return (${source})(sm, arg)`)(window.sliceMachine, a),
    fn.toString(),
    arg as never,
  ) as Promise<T>;

const texts = (frame: Frame, selector: string) =>
  frame.$$eval(selector, (els) => els.map((el) => el.textContent?.trim() ?? ""));

async function waitForSliceCount(frame: Frame, count: number): Promise<void> {
  await frame.waitForFunction(
    (n) => document.querySelectorAll("[data-slice-zone] > [data-slice-index]").length === n,
    { timeout: 5_000 },
    count,
  );
}

// ---------------------------------------------------------------------------------------------

describe("driven by Prismic's editor (a parent on https://*.prismic.io), production build", () => {
  test("connects over the simulator protocol and renders the slices it is sent with the site's views", async () => {
    const { page, errors, simulator } = await openStandIn(site, { asEditor: true });
    expect(await machine(page, (sm) => sm.connected)).toBe(200);
    expect(await machine(page, (sm) => sm.ping())).toBe("pong");
    const frame = await simulator();
    expect(await frame.$eval(".slice-simulator", (el) => el.textContent)).toContain("Waiting for slices…");

    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [hero(site), faq()])).toBe(200);
    await waitForSliceCount(frame, 2);
    // The kit's DOM contract: .slice-simulator › .slice-simulator--root › [data-slice-zone] › one element per slice.
    expect(
      await frame.$$eval(".slice-simulator > .slice-simulator--root [data-slice-zone] > *", (els) =>
        els.map((el) => el.getAttribute("data-slice-type")),
      ),
    ).toEqual(["hero", "faq"]);
    // The first slice owns the h1, as on a page; the hero image comes from the site's /media.
    expect(await texts(frame, "h1")).toEqual(["Made to measure, made to last"]);
    expect(await frame.$eval(".hero__heading", (el) => (el as HTMLElement).offsetHeight > 0)).toBe(true);
    await frame.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".hero img");
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await frame.$eval(".hero img", (img) => (img as HTMLImageElement).currentSrc)).toContain(
      `${site.url}/media/detail-marble-worktop.jpg`,
    );
    // Links resolve through the site's link resolver (the layout route's data is there).
    expect(await frame.$eval(".hero a", (a) => a.getAttribute("href"))).toBe("/info/blog/choosing-a-worktop");
    expect(await texts(frame, ".faq summary")).toEqual(["How long does a kitchen take?", "Do you fit outside London?"]);
    expect(await texts(frame, "h2.faq__heading")).toEqual(["Your questions"]);
    // The site's stylesheet applies.
    expect(await frame.$eval(".faq__item", (el) => getComputedStyle(el).display)).not.toBe("inline");

    // A link does not navigate away from the simulator; a disclosure still opens.
    await frame.click(".hero a");
    await frame.click(".faq summary");
    expect(await frame.$eval(".faq details", (d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await texts(frame, "h1")).toEqual(["Made to measure, made to last"]);
    expect(frame.url()).toBe(`${site.url}/slice-simulator`);

    // New data replaces the old: the editor sends the whole zone on every change.
    const edited = faq();
    edited.primary.heading = "Questions, answered";
    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [edited])).toBe(200);
    await frame.waitForFunction(() => document.querySelector("h1")?.textContent === "Questions, answered");
    await waitForSliceCount(frame, 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("scrolls to a slice on request and reports the hovered slice and the zone's size back", async () => {
    const { page, errors, simulator } = await openStandIn(site, { asEditor: true });
    expect(await machine(page, (sm) => sm.connected)).toBe(200);
    const frame = await simulator();
    await machine(page, (sm, slices) => sm.setSliceZone(slices), [hero(site), faq(), hero(site)]);
    await waitForSliceCount(frame, 3);

    expect(await machine(page, (sm) => sm.scrollToSlice(1))).toBe(200);
    await frame.waitForFunction(
      () => Math.abs(document.querySelector('[data-slice-index="1"]')!.getBoundingClientRect().top) < 2,
    );
    // Out of range: the simulator answers with an error rather than failing.
    await expect(machine(page, (sm) => sm.scrollToSlice(7))).rejects.toThrow();

    // Hovering a slice tells the editor which one it is.
    const box = await frame.$eval('[data-slice-index="1"]', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + Math.min(r.height, 400) / 2 };
    });
    const offset = await page.$eval("#simulator", (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top };
    });
    await page.mouse.move(offset.x + box.x, offset.y + box.y);
    await page.mouse.move(offset.x + box.x + 5, offset.y + box.y + 5);
    await page.waitForFunction(
      () => window.sliceMachine.activeSlices.some((s) => s?.sliceID === "faq" && s.index === 1),
      { timeout: 5_000 },
    );
    expect(await machine(page, (sm) => sm.activeSlices.filter(Boolean).at(-1))).toEqual({
      sliceID: "faq",
      variationID: "default",
      index: 1,
    });
    // …and how tall the rendered zone is.
    await page.waitForFunction(() => window.sliceMachine.sizes.some((s) => s.height > 700), { timeout: 5_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("an unknown slice type, or a slice whose data breaks its view, leaves the other slices working", async () => {
    const { page, errors, simulator } = await openStandIn(site, { asEditor: true });
    expect(await machine(page, (sm) => sm.connected)).toBe(200);
    const frame = await simulator();

    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [hero(site), unknownSlice(), faq()])).toBe(200);
    await waitForSliceCount(frame, 3);
    expect(await texts(frame, '[data-slice-index="1"]')).toEqual(["Missing view for slice type “not_in_our_library”"]);
    expect(await texts(frame, "h1")).toEqual(["Made to measure, made to last"]);
    expect(await texts(frame, ".faq summary")).toHaveLength(2);

    const broken = { ...faq(), items: null };
    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [unknownSlice(), broken, hero(site)])).toBe(
      200,
    );
    await waitForSliceCount(frame, 3);
    await frame.waitForFunction(() =>
      document.querySelector('[data-slice-index="1"]')?.textContent?.includes("could not be rendered"),
    );
    // The hero is not first any more: an h2.
    expect(await texts(frame, "h2.hero__heading")).toEqual(["Made to measure, made to last"]);

    // The simulator still answers, and a good zone renders again.
    expect(await machine(page, (sm) => sm.ping())).toBe("pong");
    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [faq()])).toBe(200);
    await frame.waitForFunction(() => document.querySelectorAll(".faq summary").length === 2);
    expect(await machine(page, (sm) => sm.setSliceZone([]))).toBe(200);
    await frame.waitForFunction(() =>
      document.querySelector(".slice-simulator")?.textContent?.includes("Waiting for slices…"),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test("opened directly (not framed) it says so and renders nothing", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/slice-simulator`, { waitUntil: "load" });
    await page.waitForFunction(() =>
      document.querySelector(".slice-simulator__message")?.textContent?.includes("accessing Slice simulator"),
    );
    expect(await page.$$("[data-slice-zone]")).toHaveLength(0);
    await page.close();
  });
});

describe("framing", () => {
  /**
   * What an iframe of `url` in the stand-in page (at `parentOrigin`) shows: the page, recognised
   * by `marker`, or Chromium's error page for a refused frame. Anything else (a page without its
   * marker, an evaluation error) fails here rather than passing as a refusal.
   */
  async function framed(parentOrigin: string, url: string, marker: string): Promise<"rendered" | "refused"> {
    const { page } = await openStandIn(site, {
      asEditor: parentOrigin === EDITOR_ORIGIN,
      parentOrigin,
      connectTimeout: 500,
    });
    await within(
      `the probe frame of ${url} to load`,
      10_000,
      page.evaluate((src) => {
        const iframe = document.createElement("iframe");
        iframe.id = "probe";
        iframe.src = src;
        document.body.append(iframe);
        return new Promise((resolve) => iframe.addEventListener("load", resolve, { once: true }));
      }, url),
    );
    const probe = await (await page.$("#probe"))!.contentFrame();
    // A refused frame holds Chromium's error page instead of the document. Under load the frame's
    // URL can still be empty when its first load event fires (the root's locale redirect): wait,
    // bounded, until it names the page or the error page.
    await until(`the probe frame of ${url} to settle on a document`, () => probe!.url() !== "", {
      timeoutMs: 5_000,
      intervalMs: 50,
    });
    const shown = probe!.url();
    const hasMarker = await probe!.evaluate((m) => !!document.querySelector(m), marker);
    await page.close();
    if (shown === "chrome-error://chromewebdata/") return "refused";
    if (shown === url && hasMarker) return "rendered";
    throw new Error(
      `the frame of ${url} shows ${shown} ${hasMarker ? "with" : "without"} ${marker}: neither the page nor a refusal`,
    );
  }

  test("Prismic's editor may frame the simulator but no other page of the site", async () => {
    expect(await framed(EDITOR_ORIGIN, `${site.url}/slice-simulator`, ".slice-simulator")).toBe("rendered");
    expect(await framed(EDITOR_ORIGIN, `${site.url}/`, ".site-header")).toBe("refused");
    expect(await framed(EDITOR_ORIGIN, `${site.url}/gallery`, ".site-header")).toBe("refused");
  });

  test("a parent listed in SLICE_SIMULATOR_ANCESTORS may frame it; one not listed may not", async () => {
    expect(await framed(standIn.origin, `${site.url}/slice-simulator`, ".slice-simulator")).toBe("rendered");
    const unlisted = `http://localhost:${standIn.port}`;
    expect(await framed(unlisted, `${site.url}/slice-simulator`, ".slice-simulator")).toBe("refused");
  });

  test("a production build ignores a parent outside Prismic's origins even when it may frame it", async () => {
    const { page, simulator } = await openStandIn(site, { asEditor: false, parentOrigin: standIn.origin });
    const frame = await simulator();
    // The kit's receiver drops the handshake from a non-Prismic origin: the emitter's connect()
    // never settles (its request times out inside the package without rejecting connect()).
    const outcome = await machine(page, (sm) =>
      Promise.race([
        sm.connected.then(
          () => "connected",
          (e: Error) => e.message,
        ),
        new Promise((r) => setTimeout(() => r("no answer"), 6_000)),
      ]),
    );
    expect(outcome).toBe("no answer");
    await expect(machine(page, (sm) => sm.ping())).rejects.toThrow(/not connected/);
    expect(await frame.$eval(".slice-simulator", (el) => el.textContent)).toContain("Waiting for slices…");
    await page.close();
  });
});

describe("a local Slice Machine (a 127.0.0.1 parent listed in SLICE_SIMULATOR_ANCESTORS) with a development build", () => {
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, "build.mjs"), "--dev"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: DEV_BUILD_DIR },
      stdio: "ignore",
    });
    devSite = await startBuiltServer({
      BUILD_DIR: DEV_BUILD_DIR,
      SLICE_SIMULATOR_ANCESTORS: `https://*.prismic.io ${standIn.origin}`,
    });
  }, 60_000);

  test("drives the simulator: slices render, an unknown one shows a placeholder", async () => {
    const { page, errors, simulator } = await openStandIn(devSite!, { asEditor: false, parentOrigin: standIn.origin });
    expect(await machine(page, (sm) => sm.connected)).toBe(200);
    const frame = await simulator();
    expect(await machine(page, (sm, slices) => sm.setSliceZone(slices), [hero(devSite!), faq(), unknownSlice()])).toBe(
      200,
    );
    await waitForSliceCount(frame, 3);
    expect(await texts(frame, "h1")).toEqual(["Made to measure, made to last"]);
    expect(await texts(frame, ".faq summary")).toEqual(["How long does a kitchen take?", "Do you fit outside London?"]);
    expect(await texts(frame, '[data-slice-index="2"]')).toEqual(["Missing view for slice type “not_in_our_library”"]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
