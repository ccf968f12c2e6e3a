/**
 * The parts of a page a visitor uses, in every engine: the region switcher, the consent banner
 * and its three answers, the menus (the phone's at 375 px, the desktop dropdowns), the carousel,
 * the before/after slider, images in a format the engine decodes, a console free of warnings,
 * and no layout movement when the app wakes.
 */
import type { Driver } from "./driver";
import { arrivedAt, hydrated, isHydrated, open, selectedEngines, sleep, useDriver, useSite, wake } from "./engineSuite";

const site = useSite();
jest.setTimeout(60_000);

/** The stored consent choice (the `consent` cookie), or null. */
const storedChoice = (d: Driver) =>
  d.evaluate(() => {
    const m = document.cookie.match(/(?:^|; )consent=([^;]*)/);
    return m ? JSON.parse(decodeURIComponent(m[1])) : null;
  });
const dialogOpen = (d: Driver) => d.evaluate(() => !!document.querySelector("dialog.consent-dialog[open]"));
/** The banner's buttons by their place: Accept all, Reject all, Settings (the settings view starts with Save choices). */
const bannerButton = (n: number) => `dialog.consent-dialog[open] .consent-dialog__actions button:nth-child(${n})`;
const isOpen = (d: Driver, selector: string) =>
  d.evaluate((s) => (document.querySelector(s) as HTMLDetailsElement).open, selector);
const isVisible = (d: Driver, selector: string) =>
  d.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  }, selector);

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine);

  test("the region switcher goes to the page's translation and back", async () => {
    const d = b.driver;
    await open(d, site, "/gallery/braybrook-st", { width: 1440 });
    await d.click('.site-header__inner > .region-switcher a[hreflang="en-US"]');
    await arrivedAt(d, "/us/gallery/braybrook-st");
    expect(await d.evaluate(() => document.documentElement.lang)).toBe("en-US");
    await d.click('.site-header__inner > .region-switcher a[hreflang="en-GB"]');
    await arrivedAt(d, "/gallery/braybrook-st");
    expect(await d.evaluate(() => document.documentElement.lang)).toBe("en-GB");
  });

  test("the consent banner asks a new visitor and keeps each answer: reject, accept, settings", async () => {
    const d = b.driver;
    const newVisitor = async () => {
      await d.reset(site.url);
      await d.setViewport(1280, 800);
      await d.goto(`${site.url}/info/about-us`);
      await d.waitFor("the consent banner", () => !!document.querySelector("dialog.consent-dialog[open]"));
    };
    await newVisitor();
    await d.click(bannerButton(2));
    expect(await dialogOpen(d)).toBe(false);
    // The answer woke the app: let it finish before the next page.
    await hydrated(d);
    expect(await storedChoice(d)).toMatchObject({ functional: false, marketing: false });
    await d.goto(`${site.url}/info/about-us`);
    await wake(d);
    expect(await dialogOpen(d)).toBe(false);

    await newVisitor();
    await d.click(bannerButton(1));
    expect(await storedChoice(d)).toMatchObject({ functional: true, marketing: true });
    // Marketing consent loads Klaviyo (its stand-in) at once, without the off cookie.
    await d.waitFor(
      "Klaviyo's stand-in to run",
      () => (window as unknown as { __standIns?: { klaviyoRuns?: number } }).__standIns?.klaviyoRuns === 1,
    );
    expect(await d.evaluate(() => /(?:^|; )__kla_off=/.test(document.cookie))).toBe(false);

    await newVisitor();
    await d.click(bannerButton(3));
    await d.waitFor(
      "the settings view",
      () =>
        document.querySelector("dialog.consent-dialog h2, dialog.consent-dialog [id=consent-dialog-title]")
          ?.textContent === "Cookie settings",
    );
    await d.click("#consent-functional");
    await d.click(bannerButton(1));
    expect(await dialogOpen(d)).toBe(false);
    expect(await storedChoice(d)).toMatchObject({ functional: true, marketing: false });
  });

  test("on desktop one dropdown opens at a time; a click outside and Escape close it", async () => {
    const d = b.driver;
    await open(d, site, "/", { width: 1440, height: 900 });
    await d.click(".primary-nav li:nth-child(1) .primary-nav__title");
    expect(await isVisible(d, ".primary-nav li:nth-child(1) .primary-nav__items a")).toBe(true);
    await d.click(".primary-nav li:nth-child(2) .primary-nav__title");
    expect(
      await d.evaluate(() =>
        [...document.querySelectorAll(".primary-nav details")].slice(0, 2).map((x) => (x as HTMLDetailsElement).open),
      ),
    ).toEqual([false, true]);
    await d.click("main h1");
    expect(await d.evaluate(() => document.querySelectorAll(".primary-nav details[open]").length)).toBe(0);
    await d.click(".primary-nav li:nth-child(1) .primary-nav__title");
    await d.press("Escape");
    expect(await isOpen(d, ".primary-nav li:nth-child(1) details")).toBe(false);
  });

  test("on a phone (375 px) the menu button opens the menu, by keyboard too, and following a link closes it", async () => {
    const d = b.driver;
    await open(d, site, "/", { width: 375, height: 800 });
    expect(
      await d.evaluate(() => [window.innerWidth, getComputedStyle(document.querySelector(".primary-nav")!).display]),
    ).toEqual([375, "none"]);
    // By keyboard: Enter on the button opens it, Tab goes straight to its first link (the
    // scrolling panel is no Tab stop of its own), Escape closes it and returns to the button.
    await d.evaluate(() => (document.querySelector(".mobile-menu__toggle") as HTMLElement).focus());
    await d.press("Enter");
    await d.waitFor("the menu to open", () => (document.querySelector(".mobile-menu") as HTMLDetailsElement).open);
    await hydrated(d);
    await d.press("Tab");
    expect(await d.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      await d.evaluate(() => document.querySelector(".mobile-menu__panel a")?.textContent?.trim()),
    );
    await d.press("Escape");
    expect(await isOpen(d, ".mobile-menu")).toBe(false);
    expect(await d.evaluate(() => document.activeElement?.className)).toBe("mobile-menu__toggle");
    await d.click(".mobile-menu__toggle");
    expect(await isVisible(d, ".mobile-menu__panel")).toBe(true);
    await d.click('.mobile-menu__panel a[href="/info/about-us"]');
    await arrivedAt(d, "/info/about-us");
    await d.waitFor("the menu to close", () => !document.querySelector(".mobile-menu")?.hasAttribute("open"));
  });

  test("the carousel's buttons move it on a phone", async () => {
    const d = b.driver;
    await open(d, site, "/", { width: 390, height: 844 });
    const status = () => d.evaluate(() => document.querySelector(".image-gallery__status")?.textContent);
    expect(await status()).toBe("1 of 6");
    await d.click('.image-gallery__button[aria-label="Next image"]');
    await d.waitFor(
      "the second image",
      () => document.querySelector(".image-gallery__status")?.textContent === "2 of 6",
    );
    await d.waitFor("the track to scroll", () => document.querySelector(".image-gallery__track")!.scrollLeft > 0);
    await d.click('.image-gallery__button[aria-label="Previous image"]');
    await d.waitFor(
      "the first image again",
      () => document.querySelector(".image-gallery__status")?.textContent === "1 of 6",
    );
  });

  test("the before/after comparison becomes a slider the keyboard moves", async () => {
    const d = b.driver;
    await open(d, site, "/gallery/braybrook-st", { width: 1280, height: 800 });
    await d.waitFor(
      "the slider",
      () => !!document.querySelector(".project-facts__compare.is-slider .project-facts__range"),
    );
    expect(
      await d.evaluate(() => document.querySelector(".project-facts__compare")!.getAttribute("data-position")),
    ).toBe("50");
    await d.evaluate(() => (document.querySelector(".project-facts__range") as HTMLInputElement).focus());
    await d.press("ArrowRight");
    await d.waitFor(
      "the slider at 60",
      () => document.querySelector(".project-facts__compare")!.getAttribute("data-position") === "60",
    );
  });

  test("on the gallery item at 375 px nothing below the comparison moves when the app wakes", async () => {
    const d = b.driver;
    await open(d, site, "/gallery/braybrook-st", { width: 375, height: 800, awake: false });
    // The comparison's room and where the content below it starts, from the top of the document
    // (not the document's height: Klaviyo's stand-in fills the footer's form at 3 s, awake or not).
    const layout = () =>
      d.evaluate(() => ({
        comparison: Math.round(document.querySelector(".project-facts__compare")!.getBoundingClientRect().height),
        footer: Math.round(document.querySelector(".site-footer")!.getBoundingClientRect().top + window.scrollY),
      }));
    // Web fonts swapped in after the first measure would move the footer for reasons of their own.
    await d.waitFor("the fonts", () => document.fonts.status === "loaded");
    await sleep(200);
    const before = await layout();
    expect(await isHydrated(d)).toBe(false);
    await d.press("Shift");
    await hydrated(d);
    await d.waitFor("the slider", () => !!document.querySelector(".project-facts__compare.is-slider"));
    await sleep(300);
    expect(await layout()).toEqual(before);
  });

  test.each(["/", "/gallery/braybrook-st"])(
    "the images in view on %s are in a format the engine decodes",
    async (path) => {
      const d = b.driver;
      await open(d, site, path, { width: 1280, height: 800, awake: false });
      const images = await d.evaluate(() =>
        Promise.all(
          [...document.images]
            .filter(
              (img) => img.getBoundingClientRect().top < window.innerHeight && img.getBoundingClientRect().width > 0,
            )
            .map((img) =>
              img.decode().then(
                () => ({ src: img.currentSrc, width: img.naturalWidth }),
                (error: Error) => ({ src: img.currentSrc, width: img.naturalWidth, error: error.message }),
              ),
            ),
        ),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images)
        expect(image).toEqual({ src: expect.stringMatching(/^http/), width: expect.any(Number) });
      expect(images.filter((image) => !(image.width > 0))).toEqual([]);
    },
  );

  test("a page left alone writes no warning or error to the console (the idle fetch included)", async () => {
    const d = b.driver;
    const pages = ["/", "/gallery/braybrook-st", "/info/blog/choosing-a-worktop"];
    const seen = await Promise.all(pages.map((path) => d.consoleOf(site.url + path, 5_000)));
    console.log(
      `${d.version}: console warnings and errors per page: ${pages.map((path, i) => `${path} ${seen[i].length}`).join(", ")}`,
    );
    expect(Object.fromEntries(pages.map((path, i) => [path, seen[i]]))).toEqual(
      Object.fromEntries(pages.map((path) => [path, []])),
    );
  });
});
