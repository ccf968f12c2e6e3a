/**
 * The visitor's first tap, in every engine (decision records 008 and 017): a link tapped as the
 * very first interaction, right after the load event or once the app's modules have been fetched
 * while idle (3 s in), is followed: the visitor lands on the link's page, and no reload replaces
 * the navigation. A menu opened by the tap that wakes the app stays open through hydration, and a
 * tap on the carousel's button before hydration is not lost. Each try is a fresh visitor;
 * `ENGINE_REPEATS` sets how many (3 unless told: `ENGINE_REPEATS=10` for a measurement).
 */
import type { Driver } from "./driver";
import {
  hydrated,
  isHydrated,
  REPEATS,
  returningVisitor,
  selectedEngines,
  sleep,
  useDriver,
  useSite,
  type Site,
} from "./engineSuite";

const site = useSite();
jest.setTimeout(30_000 + REPEATS * 20_000);

/** Links a visitor taps first (a gallery card, the header's logo, the region switcher's us link) and where each goes. */
const TAPS = [
  { from: "/gallery", link: 'main a[href="/gallery/old-rectory"]', to: "/gallery/old-rectory" },
  { from: "/gallery/old-rectory", link: ".site-header a.brand", to: "/" },
  {
    from: "/gallery/braybrook-st",
    link: '.site-header__inner > .region-switcher a[hreflang="en-US"]',
    to: "/us/gallery/braybrook-st",
  },
];

/** Opens a page as a fresh visitor, waits `waitMs` on the page's clock, taps the link; returns where the visitor ended up. */
async function firstTap(d: Driver, s: Site, tap: (typeof TAPS)[number], waitMs: number): Promise<string> {
  await returningVisitor(d, s);
  await d.setViewport(1280, 800);
  await d.goto(s.url + tap.from);
  if (waitMs > 0)
    await d.waitFor(`${waitMs} ms on the page`, (ms) => performance.now() >= ms, [waitMs], waitMs + 5_000);
  await d.click(tap.link);
  try {
    await d.waitFor(
      `the page at ${tap.to}`,
      (p) => location.pathname === p && document.readyState === "complete" && !!document.querySelector("main h1"),
      [tap.to],
      8_000,
    );
    // Landed: and still there a moment later (a reload of the old page would take the visitor back).
    await sleep(300);
  } catch {
    /* reported below with where the visitor is */
  }
  return d.evaluate(() => location.pathname).catch((error: Error) => `(no answer: ${error.message.split("\n")[0]})`);
}

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine);

  test.each([
    ["right after the load event", 0],
    ["3 s after the page started (the app's modules fetched while idle)", 3_000],
  ])(
    `a link tapped first %s is followed, ${REPEATS} times in ${REPEATS} with a fresh visitor`,
    async (when, waitMs) => {
      const misses: string[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const tap = TAPS[i % TAPS.length];
        const at = await firstTap(b.driver, site, tap, waitMs);
        if (at !== tap.to) misses.push(`try ${i + 1}: ${tap.link} on ${tap.from} ended on ${at}, not ${tap.to}`);
      }
      console.log(`${b.driver.version}: first taps ${when}: ${REPEATS - misses.length} of ${REPEATS} landed`);
      expect(misses).toEqual([]);
    },
  );

  test.each([
    ["the phone's menu button, at 375 px", 375, ".mobile-menu__toggle", ".mobile-menu"],
    [
      "a desktop dropdown, at 1440 px",
      1440,
      ".primary-nav li:first-child .primary-nav__title",
      ".primary-nav li:first-child details",
    ],
  ])(
    "a menu opened by the tap that wakes the app stays open through hydration: %s",
    async (_, width, toggle, details) => {
      const d = b.driver;
      await returningVisitor(d, site);
      await d.setViewport(width, 800);
      await d.goto(`${site.url}/`);
      await d.click(toggle);
      expect(await d.evaluate((s) => (document.querySelector(s) as HTMLDetailsElement).open, details)).toBe(true);
      await hydrated(d);
      // Past the effects that run after hydration.
      await sleep(500);
      expect(await d.evaluate((s) => (document.querySelector(s) as HTMLDetailsElement).open, details)).toBe(true);
    },
  );

  test("a tap on the carousel's next button before the app has hydrated is not lost", async () => {
    const d = b.driver;
    await returningVisitor(d, site);
    await d.setViewport(390, 844);
    await d.goto(`${site.url}/`);
    expect(await d.evaluate(() => document.querySelector(".image-gallery__status")?.textContent)).toBe("1 of 6");
    expect(await isHydrated(d)).toBe(false);
    await d.click('.image-gallery__button[aria-label="Next image"]');
    await d.waitFor(
      "the carousel at its second image",
      () => document.querySelector(".image-gallery__status")?.textContent === "2 of 6",
      [],
      15_000,
    );
    expect(await isHydrated(d)).toBe(true);
  });
});
