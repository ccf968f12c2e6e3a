/**
 * The US opt-out notice and focus, in every engine (docs/accessibility.md, "Nothing covers focus"
 * and "Where focus goes after the consent notice"): the phone menu opened while the notice waits
 * for an answer is not covered by it (each link, reached by Tab, shows some of itself, at 375 × 740
 * and 320 × 256), and the notice is back once the menu closes; the notice's "Close" leaves focus on
 * the footer's "Your Privacy Choices"; the privacy choices page after a save has the focus on its
 * status. The site runs the opt-out model, so this file starts a server of its own.
 */
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { startStandIns, type StandIns } from "../support/tagStandIns";
import type { Driver } from "./driver";
import { hydrated, selectedEngines, useDriver, wake } from "./engineSuite";

jest.setTimeout(90_000);

let standIns: StandIns;
let server: RunningServer;
beforeAll(async () => {
  standIns = await startStandIns();
  server = await startBuiltServer({ ...standIns.env, US_CONSENT_MODEL: "opt-out" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await standIns?.close();
});

/** A first visit (nothing answered yet) at the given size, the app awake, the notice shown. */
async function firstVisit(d: Driver, path: string, width: number, height: number) {
  await d.reset(server.url);
  await d.setViewport(width, height);
  await d.goto(server.url + path);
  await d.waitFor("the opt-out notice", () => !!document.querySelector("section.consent-notice"));
  await wake(d);
}

/** What has focus: its text, or "body". */
const focused = (d: Driver) =>
  d.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? "body" : (el.textContent ?? "").trim().replace(/\s+/g, " ");
  });

/** Whether the focused control is wholly covered by the notice (elementFromPoint over a grid of its box). */
const hiddenByNotice = (d: Driver) =>
  d.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const [left, right] = [Math.max(r.left, 0), Math.min(r.right, innerWidth)];
    const [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
    if (right - left < 1 || bottom - top < 1) return "outside the window";
    let underNotice = false;
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.1, 0.5, 0.9]) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (hit && (hit === el || el.contains(hit))) return null;
        if (hit?.closest("section.consent-notice")) underNotice = true;
      }
    return underNotice ? "the notice" : "something else";
  });

const noticeShows = (d: Driver) =>
  d.evaluate(() => {
    const notice = document.querySelector("section.consent-notice");
    if (!notice) return false;
    const r = notice.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && notice.contains(hit);
  });

const menuOpen = (d: Driver) => d.evaluate(() => (document.querySelector(".mobile-menu") as HTMLDetailsElement).open);

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine);

  test.each([
    [375, 740],
    [320, 256],
  ])(
    "at %i × %i every link of the phone menu, reached by Tab, shows over the waiting notice",
    async (width, height) => {
      const d = b.driver;
      await firstVisit(d, "/us", width, height);
      expect(await noticeShows(d)).toBe(true);
      await d.evaluate(() => (document.querySelector(".mobile-menu__toggle") as HTMLElement).focus());
      await d.press("Enter");
      await d.waitFor("the menu to open", () => (document.querySelector(".mobile-menu") as HTMLDetailsElement).open);
      const inPanel = () => d.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel"));
      const hidden: string[] = [];
      let links = 0;
      await d.press("Tab");
      while ((await inPanel()) && links < 40) {
        links++;
        const by = await hiddenByNotice(d);
        if (by) hidden.push(`${await focused(d)} under ${by}`);
        await d.press("Tab");
      }
      console.info(
        `${engine} ${width}×${height}: ${hidden.length} of ${links} menu links hidden: ${hidden.join("; ")}`,
      );
      expect(links).toBeGreaterThanOrEqual(13);
      expect(hidden).toEqual([]);
      // Tab past the last link closed the menu, and the notice shows again.
      expect(await menuOpen(d)).toBe(false);
      expect(await noticeShows(d)).toBe(true);
    },
  );

  test("the notice's Close, by keyboard, leaves focus on the footer's Your Privacy Choices", async () => {
    const d = b.driver;
    await firstVisit(d, "/us/gallery", 1280, 800);
    await d.evaluate(() =>
      (document.querySelector("section.consent-notice button:last-of-type") as HTMLElement).focus(),
    );
    expect(await focused(d)).toBe("Close");
    await d.press("Enter");
    await d.waitFor("the notice to go", () => !document.querySelector("section.consent-notice"));
    expect(await focused(d)).toBe("Your Privacy Choices");
    expect(await hiddenByNotice(d)).toBeNull();
  });

  test("the privacy choices page after a save has the focus on its status, and says so in its title", async () => {
    const d = b.driver;
    await d.reset(server.url, {
      consent: encodeURIComponent(JSON.stringify({ v: 1, functional: true, marketing: true, ts: Date.now() })),
    });
    await d.setViewport(375, 740);
    await d.goto(`${server.url}/us/privacy-choices?saved=1`);
    await d.waitFor("the focus on the status", () => document.activeElement?.getAttribute("role") === "status");
    expect(await focused(d)).toBe("Your choices are saved for this browser.");
    expect(await d.evaluate(() => document.title)).toBe("Choices saved – Your Privacy Choices | Hartley & Reed");
    // Waking the app does not take the focus away.
    await wake(d);
    await hydrated(d);
    expect(await focused(d)).toBe("Your choices are saved for this browser.");
  });
});
