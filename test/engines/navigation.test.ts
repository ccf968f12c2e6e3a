/**
 * Navigation in every engine (docs/behaviour.md section 2.4): a new route starts at the top; a hash lands its element
 * 80 px below the top plus its scroll margin, on a first load and after a client navigation;
 * back and forward restore each entry's position; a client navigation changes the URL and the
 * heading without loading a document, is announced and focuses the new heading; pages with the
 * email-marketing embed are loaded as documents once visited (client/fullReloadPages.ts).
 */
import {
  arrivedAt,
  followLink,
  hasMarker,
  hydrated,
  isHydrated,
  open,
  returningVisitor,
  scrollSettled,
  selectedEngines,
  setMarker,
  useDriver,
  useSite,
  wake,
} from "./engineSuite";

const site = useSite();
jest.setTimeout(60_000);

/** Where an element should land: the page's scroll-padding-top (80 px) plus the element's scroll-margin-top. */
const landing = (selector: string) => {
  const el = document.querySelector(selector)!;
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return {
    padding,
    margin: parseFloat(getComputedStyle(el).scrollMarginTop) || 0,
    top: el.getBoundingClientRect().top,
  };
};

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine);

  test("a client navigation changes the URL and the heading without loading a document, and starts at the top", async () => {
    const d = b.driver;
    await open(d, site, "/gallery");
    const heading = await d.evaluate(() => document.querySelector("main h1")!.textContent);
    await setMarker(d);
    await d.evaluate(() => window.scrollTo(0, 1500));
    expect(await d.evaluate(() => window.scrollY)).toBe(1500);
    await followLink(d, 'main a[href="/gallery/old-rectory"]');
    await arrivedAt(d, "/gallery/old-rectory");
    // The URL may change a frame before the new page is rendered.
    await d.waitFor("the new page's heading", (old) => document.querySelector("main h1")!.textContent !== old, [
      heading,
    ]);
    expect(await hasMarker(d)).toBe(true);
    expect(await scrollSettled(d)).toBe(0);
  });

  test("a client navigation is announced to screen readers and moves focus to the new page's heading", async () => {
    const d = b.driver;
    await open(d, site, "/info/about-us");
    await d.click('.site-footer a[href="/gallery"]');
    await arrivedAt(d, "/gallery");
    await d.waitFor("a polite live region reading the new page's title", () =>
      [...document.querySelectorAll('[aria-live="polite"]')].some(
        (el) => !!el.textContent && document.title.includes(el.textContent.trim()),
      ),
    );
    expect(
      await d.evaluate(
        () =>
          document.activeElement === document.querySelector("main h1") ||
          document.activeElement === document.querySelector("main"),
      ),
    ).toBe(true);
  });

  test("a URL with a hash lands its element 80 px below the top plus its scroll margin, on first load and after a client navigation", async () => {
    const d = b.driver;
    await returningVisitor(d, site);
    await d.setViewport(1280, 800);
    await d.goto(`${site.url}/info/blog/choosing-a-worktop#our-advice`);
    // A URL with a hash wakes the app by itself (decision record 008).
    await hydrated(d);
    await scrollSettled(d);
    const first = await d.evaluate(landing, "#our-advice");
    expect(first.padding).toBe(80);
    expect(first.margin).toBeGreaterThan(0);
    expect(first.top).toBeCloseTo(first.padding + first.margin, 0);

    await open(d, site, "/products/worktops");
    await setMarker(d);
    await followLink(d, 'main a[href="/info/blog/choosing-a-worktop#our-advice"]');
    await arrivedAt(d, "/info/blog/choosing-a-worktop");
    await scrollSettled(d);
    expect(await hasMarker(d)).toBe(true);
    const after = await d.evaluate(landing, "#our-advice");
    expect(after.top).toBeCloseTo(after.padding + after.margin, 0);
    expect(await d.evaluate(() => location.hash)).toBe("#our-advice");
  });

  test("an in-page hash link scrolls its target to 80 px below the top and focuses it", async () => {
    const d = b.driver;
    // open() waits until the whole page is hydrated, the article included (test/support/hydration.ts):
    // a link added to a part React has not reached yet would be a mismatch it throws away.
    await open(d, site, "/info/blog/choosing-a-worktop");
    await d.evaluate(() => {
      const link = document.createElement("a");
      link.id = "jump";
      link.href = "#our-advice";
      link.textContent = "Skip to our advice";
      document.querySelector(".article__body")!.prepend(link);
      // In the middle of the window, as a reader would have it: not under the sticky header.
      link.scrollIntoView({ block: "center" });
    });
    await scrollSettled(d);
    await d.click("#jump");
    await scrollSettled(d);
    const state = await d.evaluate(() => ({
      top: document.getElementById("our-advice")!.getBoundingClientRect().top,
      hash: location.hash,
      focused: document.activeElement?.id,
    }));
    expect(state).toEqual({ top: expect.closeTo(80, 0), hash: "#our-advice", focused: "our-advice" });
  });

  test("back and forward restore each entry's scroll position", async () => {
    const d = b.driver;
    await open(d, site, "/gallery");
    await d.evaluate(() => window.scrollTo(0, 1500));
    await followLink(d, 'main a[href="/gallery/old-rectory"]');
    await arrivedAt(d, "/gallery/old-rectory");
    expect(await scrollSettled(d)).toBe(0);
    const heading = await d.evaluate(() => document.querySelector("main h1")!.textContent);
    await d.evaluate(() => window.scrollTo(0, 700));
    await scrollSettled(d);

    await d.back();
    await d.waitFor(
      "the gallery list after back",
      () => location.pathname === "/gallery" && !!document.querySelector('main a[href="/gallery/old-rectory"]'),
    );
    expect(await scrollSettled(d)).toBe(1500);
    await d.forward();
    // The URL changes before the page's data is back: wait for the page itself.
    await d.waitFor(
      "the project page after forward",
      (h) => location.pathname === "/gallery/old-rectory" && document.querySelector("main h1")?.textContent === h,
      [heading],
    );
    expect(await scrollSettled(d)).toBe(700);
  });

  test("a visited page with the email-marketing embed is loaded as a new document, by link and by back; other pages navigate client-side", async () => {
    const d = b.driver;
    const FLAGGED = "/info/book-appointment";
    const PLAIN = "/info/about-us";
    const follow = async (path: string) => {
      await followLink(d, `.site-footer a[href="${path}"]`);
      await arrivedAt(d, path);
      // A new document sleeps until the visitor acts.
      if (!(await isHydrated(d))) await wake(d);
    };
    await open(d, site, FLAGGED);
    await setMarker(d);
    await follow(PLAIN);
    expect(await hasMarker(d)).toBe(true);
    await follow(FLAGGED);
    expect(await hasMarker(d)).toBe(false);
    expect(await d.evaluate(() => JSON.parse(sessionStorage.getItem("email-marketing-pages") ?? "[]"))).toEqual([
      FLAGGED,
    ]);

    await setMarker(d);
    await follow(PLAIN);
    expect(await hasMarker(d)).toBe(true);
    await d.back();
    await arrivedAt(d, FLAGGED);
    await d.waitFor(
      "the flagged page loaded as a new document after back",
      () => !(window as unknown as { __marker?: number }).__marker && document.readyState === "complete",
    );
  });
});
