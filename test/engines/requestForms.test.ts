/**
 * The request forms with script, in every engine (docs/requests.md, "With script"): the showroom
 * visit form on the booking page, answered and sent, is replaced by its confirmation, which has
 * focus and says what happens next, and the request is stored; the quote form sent empty shows its
 * error summary, focused, with the rules' messages, and each field's error beside it. At phone
 * (375 × 740) and desktop (1280 × 900) sizes. test/browser/requestJourneys.test.ts makes the
 * keyboard journeys in Chromium; here what each engine does with the same form.
 *
 * With `ENGINE_SCREENSHOTS=dir` (docs/browsers.md) each check also leaves PNGs of what a visitor
 * sees there: the booking page scrolled to its form, the confirmation in its place, the quote form
 * with its errors (`requestForms-<engine>-<what>-<width>.png`).
 *
 * A server of the file's own: it reads the request store (DATA_DIR), and one address posts a
 * request per engine and size within a minute or so, near one client's rate (docs/requests.md,
 * "Checks, in order"), which is not what is held here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { KIND_TEXTS } from "../../shared/requests/requestKinds";
import { checkRequest } from "../../shared/requests/requestSchema";
import { MIN_FILL_MS } from "../../server/requests/requestIntake";
import { startBuiltServer } from "../support/builtServer";
import { storedRequests } from "../support/requestJourney";
import { startStandIns } from "../support/tagStandIns";
import type { Driver } from "./driver";
import { open, scrollSettled, selectedEngines, type Site, useDriver } from "./engineSuite";

jest.setTimeout(90_000);

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "request-forms-engines-"));
const SHOTS = process.env.ENGINE_SCREENSHOTS;

const site = {} as Site;
let seen = 0;
beforeAll(async () => {
  site.standIns = await startStandIns();
  site.server = await startBuiltServer({ ...site.standIns.env, DATA_DIR, REQUESTS_RATE_LIMIT: "1000" });
  site.url = site.server.url;
}, 60_000);
// As the suite's own site does (engineSuite.ts, useSite): an error a page reported fails the check.
beforeEach(() => {
  seen = site.server.output().length;
});
afterEach(() => {
  const reported = site.server
    .output()
    .slice(seen)
    .split("\n")
    .filter((line) => line.includes("client error reported"));
  if (reported.length > 0) throw new Error(`the page reported errors to the server:\n${reported.join("\n")}`);
});
afterAll(async () => {
  await site.server?.stop();
  await site.standIns?.close();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

const SIZES: Array<[number, number]> = [
  [375, 740],
  [1280, 900],
];

async function shot(d: Driver, what: string, width: number) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(path.join(SHOTS, `requestForms-${d.engine}-${what}-${width}.png`), await d.screenshot());
}

/** Scrolls `selector` to the top of the window (below the sticky header: its scroll margin) and waits for the window to settle. */
async function scrollTo(d: Driver, selector: string) {
  await d.evaluate((s) => document.querySelector(s)!.scrollIntoView({ block: "start", behavior: "instant" }), selector);
  await scrollSettled(d);
}

/** The focused element's `selector` match. */
const focusIs = (d: Driver, selector: string) =>
  d.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine);

  test.each(SIZES)(
    "at %i × %i the visit form, sent, is replaced by its confirmation, focused",
    async (width, height) => {
      const d = b.driver;
      await open(d, site, "/info/book-appointment", { width, height });
      await scrollTo(d, "#booking-form");
      await shot(d, "visit-form", width);
      // The answers, set as a visitor leaves them (the form is plain HTML, read as it is sent).
      await d.evaluate(() => {
        const form = document.getElementById("request-visit-form") as HTMLFormElement;
        const tick = (id: string) => {
          (document.getElementById(`request-visit-form-${id}`) as HTMLInputElement).checked = true;
        };
        for (const id of ["showroom-london", "days-tue", "days-sat", "time-of-day-afternoon"]) tick(id);
        (form.elements.namedItem("name") as HTMLInputElement).value = "Ada Reed";
        (form.elements.namedItem("email") as HTMLInputElement).value = "ada@example.com";
      });
      const before = storedRequests(DATA_DIR);
      // The server refuses a form sent sooner after it was shown than a person fills it in (docs/requests.md).
      await d.waitFor("the page to have been shown long enough", (ms) => performance.now() > ms, [MIN_FILL_MS + 500]);
      await d.click("#request-visit-form button[type=submit]");
      await d.waitFor("the confirmation to take focus", () => document.activeElement?.matches(".request-sent"));
      const texts = KIND_TEXTS.visit;
      const said = await d.evaluate(() => document.querySelector(".request-sent")!.textContent);
      for (const words of [texts.sentTitle, "What happens next", ...texts.next]) expect(said).toContain(words);
      expect(await d.evaluate(() => !!document.getElementById("request-visit-form"))).toBe(false);
      // In the window, where the form was.
      const box = await d.evaluate(() => {
        const r = document.querySelector(".request-sent")!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, right: r.right, window: innerHeight, width: innerWidth };
      });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeLessThan(box.window);
      expect(box.right).toBeLessThanOrEqual(box.width);
      // Its section's heading below the sticky header, as a link to the section would leave it (it
      // was under the header once focus alone brought the confirmation into view).
      await d.waitFor("the section's heading below the sticky header", () => {
        const heading = document.querySelector(".request-sent")!.closest("section")!.querySelector("h1, h2")!;
        const header = document.querySelector(".site-header")!.getBoundingClientRect();
        return heading.getBoundingClientRect().top >= header.bottom - 1;
      });
      expect(storedRequests(DATA_DIR)).toBe(before + 1);
      await shot(d, "visit-sent", width);
    },
  );

  test.each(SIZES)("at %i × %i the quote form sent empty shows its error summary, focused", async (width, height) => {
    const d = b.driver;
    const before = storedRequests(DATA_DIR);
    await open(d, site, "/quote", { width, height });
    await d.evaluate(() => (document.querySelector("#request-quote-form button[type=submit]") as HTMLElement).focus());
    await d.press("Enter");
    await d.waitFor("the error summary to take focus", () =>
      document.activeElement?.matches("#request-quote-form .error-summary"),
    );
    const check = checkRequest("quote", "uk", {});
    const expected = check.ok ? [] : check.errors.map((error) => error.message);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    const summary = await d.evaluate(() =>
      [...document.querySelectorAll("#request-quote-form .error-summary a")].map((a) => a.textContent),
    );
    expect(summary).toEqual(expected);
    // Each beside its field too, and nothing wider than the window.
    const beside = await d.evaluate(() =>
      [...document.querySelectorAll("#request-quote-form .field--error .field__error")].map((p) =>
        p.textContent?.replace(/^Error: /, ""),
      ),
    );
    expect(beside).toEqual(expected);
    expect(
      await d.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await focusIs(d, ".error-summary")).toBe(true);
    await shot(d, "quote-errors", width);
    expect(storedRequests(DATA_DIR)).toBe(before);
  });
});
