/**
 * Keyboard journeys as a person makes them (Tab, Shift+Tab, Enter, Escape), at phone, tablet and
 * desktop sizes, in both regions, with the consent manager running and the US on each of its
 * consent models (opt-out; opt-in, on a second server, as the model is the server's setting): the control that has focus is never wholly hidden, by the sticky header, the open menu,
 * a dropdown or the opt-out notice (docs/accessibility.md, "Nothing covers focus"); menus close
 * when focus leaves them; the notice stays readable and usable at 400 % zoom and on a phone held
 * sideways; "Play video" hands focus to the player; the carousel's scroll track has a name.
 */
import type { Page } from "puppeteer";
import sharp from "sharp";
import { useStandInSiteAndBrowser } from "../support/browserSuite";
import { type RunningServer, startBuiltServer } from "../support/builtServer";
import { waitForHydration } from "../support/browserPage";
import { firstVisitTab } from "../support/firstVisitTab";
import { contrast, tabTo } from "../support/focusPixels";

jest.setTimeout(90_000);

const suite = useStandInSiteAndBrowser({ US_CONSENT_MODEL: "opt-out" });
/** The same site on the US's other consent model, driven by the same browser. */
let optIn: RunningServer;
beforeAll(async () => {
  optIn = await startBuiltServer({ ...suite.standIns.env, US_CONSENT_MODEL: "opt-in" });
}, 60_000);
afterAll(() => optIn?.stop());
const PHONE = { width: 375, height: 740 };
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };
const ZOOM_400 = { width: 320, height: 256 };
const LANDSCAPE = { width: 740, height: 375 };

/** A first visit (no consent recorded yet), the app awake, in the file's one tab (test/support/firstVisitTab.ts). */
const tab = firstVisitTab(() => suite.browser);
afterAll(() => tab.close());
const open = (path: string, size: { width: number; height: number }, site = suite.server): Promise<Page> =>
  tab.open(`${site.url}${path}`, size);

/** A first visit in a browser context of its own, for a test that changes the tab (emulated media, interception). */
async function openOwn(path: string, size: { width: number; height: number }, site = suite.server): Promise<Page> {
  const context = await suite.browser.createBrowserContext();
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => {}));
  await page.setViewport(size);
  await page.goto(`${site.url}${path}`, { waitUntil: "load" });
  await waitForHydration(page);
  return page;
}

const shiftTab = async (page: Page) => {
  await page.keyboard.down("Shift");
  await page.keyboard.press("Tab");
  await page.keyboard.up("Shift");
};

/** The UK's banner (and the US's on the opt-in model) is a modal dialog: the visitor answers it first, by keyboard ("Reject all"). */
async function answerBanner(page: Page) {
  await page.waitForSelector("dialog.consent-dialog[open]");
  await tabTo(page, "dialog.consent-dialog button:nth-of-type(2)");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject all");
  await page.keyboard.press("Enter");
  await page.waitForSelector("dialog.consent-dialog", { hidden: true });
}

interface FocusState {
  label: string;
  atBody: boolean;
  /** What covers every sampled point of the focused control, or null when some of it shows. */
  hiddenBy: string | null;
}

/** The focused control, and whether any of it can be seen: elementFromPoint over a grid of its visible box. */
const focusState = (page: Page): Promise<FocusState> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: "body", atBody: true, hiddenBy: null };
    const name = (el.getAttribute("aria-label") || el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    const label = `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} "${name}"`;
    const r = el.getBoundingClientRect();
    const [left, right] = [Math.max(r.left, 0), Math.min(r.right, innerWidth)];
    const [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
    if (right - left < 1 || bottom - top < 1) return { label, atBody: false, hiddenBy: "outside the window" };
    const by = new Set<string>();
    for (const fx of [0.1, 0.5, 0.9])
      for (const fy of [0.1, 0.5, 0.9]) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (hit && (hit === el || el.contains(hit) || hit.contains(el)))
          return { label, atBody: false, hiddenBy: null };
        const layer =
          hit?.closest(".site-header, .mobile-menu__panel, .primary-nav__items, .consent-notice, dialog") ?? hit;
        by.add(layer ? `${layer.tagName.toLowerCase()}.${String(layer.className).split(" ")[0]}` : "nothing");
      }
    return { label, atBody: false, hiddenBy: [...by].join(", ") };
  });

/** Tab from the top of a freshly opened page to its end; every stop whose control could not be seen. */
async function walk(page: Page, { limit = 70 } = {}) {
  const hidden: string[] = [];
  let stops = 0;
  for (; stops < limit; stops++) {
    await page.keyboard.press("Tab");
    const state = await focusState(page);
    if (state.atBody) break;
    if (state.hiddenBy) hidden.push(`${state.label} under ${state.hiddenBy}`);
  }
  return { stops, hidden };
}

/** Back at the top with nothing focused, where a visitor who has answered the banner starts. */
const startOver = (page: Page) =>
  page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });

/** Every Tab stop from here to the page's end can be seen: more than 15 of them, none hidden. */
async function expectEveryStopSeen(page: Page) {
  const { stops, hidden } = await walk(page);
  expect(stops).toBeGreaterThan(15);
  expect(hidden).toEqual([]);
}

describe("the phone and tablet menu", () => {
  test.each([
    ["phone", PHONE],
    ["tablet", TABLET],
  ])(
    "on a %s: Enter opens it, Tab past its last item closes it and the next control shows; Escape closes it",
    async (_, size) => {
      const page = await open("/", size);
      await answerBanner(page);
      const toggle = await tabTo(page, ".mobile-menu__toggle");
      await page.keyboard.press("Enter");
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(true);
      // Through every link of the menu, to the region switcher, its last.
      const inPanel = () => page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel"));
      await page.keyboard.press("Tab");
      let items = 0;
      while ((await inPanel()) && items < 40) {
        expect(await focusState(page)).toMatchObject({ hiddenBy: null });
        await page.keyboard.press("Tab");
        items++;
      }
      expect(items).toBeGreaterThan(5);
      // Past it: the menu is closed and the control that has focus (in the page) can be seen.
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await focusState(page)).toMatchObject({ atBody: false, hiddenBy: null });
      // Shift+Tab comes back to the toggle; Enter, a Tab in, Escape: closed, focus on the toggle.
      await tabTo(page, ".mobile-menu__toggle", { back: true });
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await inPanel()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    },
  );
});

test("desktop dropdowns close when focus leaves them, forwards or back", async () => {
  const page = await open("/us", DESKTOP);
  const first = await tabTo(page, ".primary-nav__title");
  const group = await first.evaluateHandle((el) => el.closest("details") as HTMLDetailsElement);
  const isOpen = () => group.evaluate((d) => d.open);
  await page.keyboard.press("Enter");
  expect(await isOpen()).toBe(true);
  // Shift+Tab from the first item back to the title keeps it open; a Shift+Tab more, to the brand, closes it.
  await page.keyboard.press("Tab");
  await shiftTab(page);
  expect(await isOpen()).toBe(true);
  await shiftTab(page);
  expect(await isOpen()).toBe(false);
  // Open again and Tab through its items and past the last: closed, and the next title shows.
  await tabTo(page, ".primary-nav__title");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  while (await page.evaluate(() => !!document.activeElement?.closest(".primary-nav__items"))) {
    expect(await focusState(page)).toMatchObject({ hiddenBy: null });
    await page.keyboard.press("Tab");
  }
  expect(await isOpen()).toBe(false);
  expect(await page.evaluate(() => document.querySelectorAll("details[open]").length)).toBe(0);
  expect(await focusState(page)).toMatchObject({ hiddenBy: null });
});

describe("every Tab stop can be seen", () => {
  test.each([
    ["/", PHONE],
    ["/info/blog/caring-for-oiled-oak", DESKTOP],
  ])("in the UK, %s at %o, with the banner answered", async (path, size) => {
    const page = await open(path, size);
    await answerBanner(page);
    await startOver(page);
    await expectEveryStopSeen(page);
  });

  test.each([
    ["/us/products/doors-drawers", PHONE],
    ["/us/products/doors-drawers", DESKTOP],
    ["/us/info/blog/caring-for-oiled-oak", PHONE],
    ["/us", LANDSCAPE],
    ["/us/products/doors-drawers", ZOOM_400],
  ])("in the US on the opt-out model, %s at %o, with its notice open", async (path, size) => {
    const page = await open(path, size);
    await page.waitForSelector("section.consent-notice");
    await expectEveryStopSeen(page);
    // The walk ended on the notice's own buttons, which are seen too.
    expect(await page.$("section.consent-notice")).not.toBeNull();
  });

  test.each([
    ["/us/products/doors-drawers", PHONE],
    ["/us/info/blog/caring-for-oiled-oak", DESKTOP],
  ])("in the US on the opt-in model, %s at %o, with its banner answered by the keyboard", async (path, size) => {
    const page = await open(path, size, optIn);
    // Opt-in: the banner asks, as in the UK, and there is no opt-out notice.
    await answerBanner(page);
    expect(await page.$("section.consent-notice")).toBeNull();
    await startOver(page);
    await expectEveryStopSeen(page);
  });
});

test.each([
  ["at 400 % zoom", ZOOM_400],
  ["on a phone held sideways", LANDSCAPE],
])("the opt-out notice %s: all of it can be read, and Close works from the keyboard", async (_, size) => {
  const page = await open("/us", size);
  await page.waitForSelector("section.consent-notice");
  const box = await page.$eval("section.consent-notice", (notice) => {
    const r = notice.getBoundingClientRect();
    const heading = notice.querySelector("h2")!.getBoundingClientRect();
    return {
      top: Math.round(r.top),
      bottom: Math.round(r.bottom),
      height: Math.round(r.height),
      headingTop: Math.round(heading.top),
      // What does not fit is reachable: the notice scrolls, or it is in the page's flow.
      reachable: notice.scrollHeight <= notice.clientHeight + 1 || getComputedStyle(notice).overflowY === "auto",
      coversAtMost: r.height / innerHeight,
    };
  });
  console.info(`The opt-out notice at ${size.width}×${size.height}: ${JSON.stringify(box)}`);
  expect(box).toMatchObject({ reachable: true });
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(size.height);
  expect(box.headingTop).toBeGreaterThanOrEqual(box.top);
  // It leaves the most of the window to the page.
  expect(box.coversAtMost).toBeLessThanOrEqual(0.5);
  await tabTo(page, "section.consent-notice button:last-of-type");
  expect(await focusState(page)).toMatchObject({ label: 'button.button "Close"', hiddenBy: null });
  await page.keyboard.press("Enter");
  await page.waitForSelector("section.consent-notice", { hidden: true });
});

test("Play video hands focus to the player, and the next Tab goes on from it", async () => {
  const page = await openOwn("/us/editions-speciales/heritage-collection", DESKTOP);
  // The player's own address stays off the network: only the focus is looked at.
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === "127.0.0.1") void request.continue();
    else void request.abort();
  });
  await tabTo(page, ".embed__play");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".embed__frame iframe");
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
  expect(await focusState(page)).toMatchObject({ hiddenBy: null });
  await page.close();
});

test("the carousel's scroll track, a Tab stop, is a named region", async () => {
  const page = await open("/editions-speciales/heritage-collection", DESKTOP);
  await answerBanner(page);
  const track = await tabTo(page, ".image-gallery__track");
  const node = await page.accessibility.snapshot({ root: track, interestingOnly: false });
  expect({ role: node?.role, name: node?.name }).toEqual({ role: "region", name: expect.stringMatching(/\w{3}/) });
});

test("in forced colours, the banner's switches show whether they are on, by the keyboard", async () => {
  const page = await openOwn("/", PHONE);
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setEmulatedMedia", { features: [{ name: "forced-colors", value: "active" }] });
  await page.waitForSelector("dialog.consent-dialog[open]");
  await tabTo(page, "dialog.consent-dialog button:last-of-type");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Settings");
  await page.keyboard.press("Enter");
  const toggle = await tabTo(page, ".consent-dialog__category input:not([disabled])");
  // The knob: the switch's left and right thirds at its middle row, one of them the knob, 3:1 apart.
  const knob = async () => {
    const png = await toggle.screenshot();
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const row = Math.floor(info.height / 2) * info.width * 3;
    const at = (fx: number) => {
      const i = row + Math.floor(info.width * fx) * 3;
      return [data[i], data[i + 1], data[i + 2]] as [number, number, number];
    };
    const [left, right] = [at(0.28), at(0.72)];
    return { apart: contrast(left, right) >= 3, track: at(0.5) };
  };
  const off = await knob();
  await page.keyboard.press("Space");
  expect(await toggle.evaluate((el) => (el as HTMLInputElement).checked)).toBe(true);
  const on = await knob();
  expect({ off: off.apart, on: on.apart }).toEqual({ off: true, on: true });
  // On, the track between the two is filled: 3:1 against the same pixel off.
  expect(contrast(off.track, on.track)).toBeGreaterThanOrEqual(3);
  await page.close();
});
