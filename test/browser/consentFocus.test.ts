/**
 * Focus around the consent notice and the privacy choices, as a keyboard user meets them
 * (docs/accessibility.md, "Nothing covers focus" and "Where focus goes after the consent notice"),
 * on a site with the US opt-out model:
 *
 * - the phone menu, opened while the opt-out notice waits for an answer, is not covered by it:
 *   every link of the menu shows some of itself while it has focus (375 × 740 and 320 × 256), and
 *   the notice is back once the menu closes;
 * - the notice's "Close", and "Manage choices" then "Save choices", leave focus on the footer's
 *   "Your Privacy Choices", never on the body; Escape in the settings its "Manage choices" opened
 *   gives the notice back, unanswered, with focus on "Manage choices";
 * - the privacy choices page after a save (`?saved=1`) has the focus on its "saved" status and
 *   says so in its title, with script and without.
 */
import type { Page } from "puppeteer";
import { waitForHydration } from "../support/browserPage";
import { useStandInSiteAndBrowser } from "../support/browserSuite";
import { firstVisitTab } from "../support/firstVisitTab";
import { tabTo } from "../support/focusPixels";

jest.setTimeout(90_000);

const suite = useStandInSiteAndBrowser({ US_CONSENT_MODEL: "opt-out" });
const tab = firstVisitTab(() => suite.browser);
afterAll(() => tab.close());

const PHONE = { width: 375, height: 740 };
const ZOOM_400 = { width: 320, height: 256 };
const DESKTOP = { width: 1280, height: 800 };

const NOTICE = "section.consent-notice";
const DIALOG = "dialog.consent-dialog[open]";
const FOOTER_LINK = ".site-footer .privacy-choices-button";

/** What has focus: a short label, or "body". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    const name = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} "${name}"`;
  });

/**
 * Whether the focused control is wholly covered by the notice: elementFromPoint over a grid of its
 * box inside the window finds neither it nor anything inside it, and the notice at one point at least.
 */
const hiddenByNotice = (page: Page) =>
  page.evaluate((noticeSelector) => {
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
        if (hit?.closest(noticeSelector)) underNotice = true;
      }
    return underNotice ? "the notice" : "something else";
  }, NOTICE);

/** The notice can be seen: its middle is the notice's own. */
const noticeShows = (page: Page) =>
  page.$eval(NOTICE, (notice) => {
    const r = notice.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && notice.contains(hit);
  });

const consentCookie = (page: Page) => page.evaluate(() => /(?:^|; )consent=/.test(document.cookie));

describe("the phone menu opened while the opt-out notice waits for an answer", () => {
  test.each([
    ["375 × 740", PHONE],
    ["320 × 256 (400 % zoom)", ZOOM_400],
  ])(
    "at %s every link of the menu shows while it has focus, and the notice is back once it closes",
    async (_, size) => {
      const page = await tab.open(`${suite.server.url}/us`, size);
      await page.waitForSelector(NOTICE);
      expect(await noticeShows(page)).toBe(true);
      await tabTo(page, ".mobile-menu__toggle");
      await page.keyboard.press("Enter");
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(true);
      const inPanel = () => page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel"));
      const hidden: string[] = [];
      let links = 0;
      await page.keyboard.press("Tab");
      while ((await inPanel()) && links < 40) {
        links++;
        const by = await hiddenByNotice(page);
        if (by) hidden.push(`${await focused(page)} under ${by}`);
        await page.keyboard.press("Tab");
      }
      console.info(
        `${size.width}×${size.height}: ${hidden.length} of ${links} menu links hidden: ${hidden.join("; ")}`,
      );
      expect(links).toBeGreaterThanOrEqual(13);
      expect(hidden).toEqual([]);
      // Tab past the last item closed the menu: the notice shows again, still unanswered.
      expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await noticeShows(page)).toBe(true);
      expect(await consentCookie(page)).toBe(false);
    },
  );

  test("Escape closes the menu and the notice shows again; the notice is not a Tab stop while the menu covers it", async () => {
    const page = await tab.open(`${suite.server.url}/us`, PHONE);
    await page.waitForSelector(NOTICE);
    await tabTo(page, ".mobile-menu__toggle");
    await page.keyboard.press("Enter");
    // Shift+Tab from the toggle walks back through the header, never into the notice.
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    expect(await page.evaluate((s) => !!document.activeElement?.closest(s), NOTICE)).toBe(false);
    await tabTo(page, ".mobile-menu__toggle");
    await page.keyboard.press("Escape");
    expect(await page.$eval(".mobile-menu", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await noticeShows(page)).toBe(true);
  });
});

describe("where focus goes when the opt-out notice is answered", () => {
  test("Close, by keyboard: focus on the footer's “Your Privacy Choices”, and the next Tab goes on from there", async () => {
    const page = await tab.open(`${suite.server.url}/us/gallery`, DESKTOP);
    await page.waitForSelector(NOTICE);
    await tabTo(page, `${NOTICE} button:last-of-type`);
    expect(await focused(page)).toBe('button.button "Close"');
    await page.keyboard.press("Enter");
    await page.waitForSelector(NOTICE, { hidden: true });
    expect(await consentCookie(page)).toBe(true);
    expect(await focused(page)).toBe('a.privacy-choices-button "Your Privacy Choices"');
    expect(await page.$eval(FOOTER_LINK, (a) => a.matches(":focus-visible"))).toBe(true);
    // It can be seen, and Tab goes on in the footer, not back at the skip link.
    expect(await hiddenByNotice(page)).toBeNull();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest(".site-footer"))).toBe(true);
  });

  test("Close, by a click: focus on the footer's link too, and the page does not move", async () => {
    const page = await tab.open(`${suite.server.url}/us/gallery`, DESKTOP);
    await page.waitForSelector(NOTICE);
    await page.evaluate(() => window.scrollTo(0, 600));
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.click(`${NOTICE} button:last-of-type`);
    await page.waitForSelector(NOTICE, { hidden: true });
    expect(await focused(page)).toBe('a.privacy-choices-button "Your Privacy Choices"');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test("Manage choices, then Save choices: focus on the footer's “Your Privacy Choices”", async () => {
    const page = await tab.open(`${suite.server.url}/us/gallery`, DESKTOP);
    await page.waitForSelector(NOTICE);
    await tabTo(page, `${NOTICE} button:first-of-type`);
    expect(await focused(page)).toBe('button.button "Manage choices"');
    await page.keyboard.press("Enter");
    await page.waitForSelector(DIALOG);
    await tabTo(page, `${DIALOG} .consent-dialog__actions button:first-child`);
    expect(await focused(page)).toBe('button.button "Save choices"');
    await page.keyboard.press("Enter");
    await page.waitForSelector("dialog.consent-dialog", { hidden: true });
    expect(await consentCookie(page)).toBe(true);
    expect(await page.$(NOTICE)).toBeNull();
    expect(await focused(page)).toBe('a.privacy-choices-button "Your Privacy Choices"');
    expect(await hiddenByNotice(page)).toBeNull();
  });

  test("Escape in the settings that Manage choices opened gives the notice back, unanswered, with focus on Manage choices", async () => {
    const page = await tab.open(`${suite.server.url}/us/gallery`, DESKTOP);
    await page.waitForSelector(NOTICE);
    await tabTo(page, `${NOTICE} button:first-of-type`);
    await page.keyboard.press("Enter");
    await page.waitForSelector(DIALOG);
    await page.keyboard.press("Escape");
    await page.waitForSelector("dialog.consent-dialog", { hidden: true });
    expect(await page.$(NOTICE)).not.toBeNull();
    expect(await noticeShows(page)).toBe(true);
    expect(await consentCookie(page)).toBe(false);
    expect(await focused(page)).toBe('button.button "Manage choices"');
    // The notice works as before: Tab to Close, Enter, and focus on the footer's link.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe('button.button "Close"');
    await page.keyboard.press("Enter");
    await page.waitForSelector(NOTICE, { hidden: true });
    expect(await focused(page)).toBe('a.privacy-choices-button "Your Privacy Choices"');
  });

  test("Escape in the settings the footer's link opened while the notice waited: the notice back, focus on the link", async () => {
    const page = await tab.open(`${suite.server.url}/us/gallery`, DESKTOP);
    await page.waitForSelector(NOTICE);
    await tabTo(page, FOOTER_LINK);
    await page.keyboard.press("Enter");
    await page.waitForSelector(DIALOG);
    expect(await page.$(NOTICE)).toBeNull();
    await page.keyboard.press("Escape");
    await page.waitForSelector("dialog.consent-dialog", { hidden: true });
    expect(await page.$(NOTICE)).not.toBeNull();
    expect(await consentCookie(page)).toBe(false);
    expect(await focused(page)).toBe('a.privacy-choices-button "Your Privacy Choices"');
  });
});

describe("the privacy choices page after a save", () => {
  const submit = async (page: Page, button: string) => {
    await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(button)]);
  };
  const savedState = (page: Page) =>
    page.evaluate(() => ({
      path: location.pathname + location.search,
      title: document.title,
      focused: document.activeElement === document.body ? "body" : (document.activeElement?.textContent ?? null),
      role: document.activeElement?.getAttribute("role") ?? null,
    }));

  test.each([
    ["without script", false, "/privacy-choices", "Cookie settings"],
    ["with script", true, "/privacy-choices", "Cookie settings"],
    ["without script, US", false, "/us/privacy-choices", "Your Privacy Choices"],
    ["with script, US", true, "/us/privacy-choices", "Your Privacy Choices"],
  ])("%s: the status has the focus and the title says the choices are saved", async (_, script, path, name) => {
    const context = await suite.browser.createBrowserContext();
    const page = await context.newPage();
    try {
      await page.setJavaScriptEnabled(script);
      // With script, a returning visitor: the UK's first-visit banner is modal, and the form behind it inert.
      if (script)
        await context.setCookie({
          name: "consent",
          value: encodeURIComponent(JSON.stringify({ v: 1, functional: true, marketing: true, ts: Date.now() })),
          domain: new URL(suite.server.url).hostname,
          path: "/",
        });
      await page.setViewport(PHONE);
      await page.goto(`${suite.server.url}${path}`, { waitUntil: "load" });
      // Awake first: a click on a button of the app before it has hydrated is held and replayed (client/firstInteraction.ts).
      if (script) await waitForHydration(page);
      expect(await page.title()).toBe(`${name} | Hartley & Reed`);
      await submit(page, "button[value=reject-all]");
      await page.waitForFunction(() => document.activeElement !== document.body, { timeout: 5000 }).catch(() => {});
      expect(await savedState(page)).toEqual({
        path: `${path}?saved=1`,
        title: `Choices saved – ${name} | Hartley & Reed`,
        focused: "Your choices are saved for this browser.",
        role: "status",
      });
    } finally {
      await context.close();
    }
  });
});
