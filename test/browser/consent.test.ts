/**
 * Consent in a real browser (docs/behaviour.md section 4): the Consent Mode default before Tag Manager, no
 * third-party request before consent allows it, Klaviyo once on consent (or by the 3 s
 * fallback) with its off cookie, the built-in banner from the keyboard, and the hosted CMP
 * (Usercentrics) adapter. Every third-party script is a local stand-in (test/support/tagStandIns.ts).
 */
import type { Browser } from "puppeteer";
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { openRecordedPage, thirdPartyRequests, waitForHydration, type RecordedPage } from "../support/recordedPage";
import { startStandIns, type StandIns } from "../support/tagStandIns";
import { loadedBeforeTheAnswer, watchTheAnswer } from "../support/privacyVisit";
import { startTogether } from "../support/startTogether";

// Real timers of 3 s and more, in a real browser: room for a busy machine.
jest.setTimeout(60_000);

let standIns: StandIns;
let site: RunningServer;
let cmpSite: RunningServer;
let browser: Browser;

beforeAll(async () => {
  standIns = await startStandIns();
  [site, cmpSite, browser] = await startTogether([
    startBuiltServer(standIns.env),
    startBuiltServer({ ...standIns.env, USERCENTRICS_SETTINGS_ID: "StandIn123" }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), cmpSite?.stop()]);
  await standIns?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DENIED_DEFAULT = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
  wait_for_update: 500,
};

const standIn = (r: RecordedPage, key: string, value: unknown = 1, timeout = 8000) =>
  r.page.waitForFunction((k, v) => (window as any).__standIns?.[k] === v, { timeout }, key, value);
/** The last `gtag('consent','update', …)` in the page's dataLayer. */
const lastConsentUpdate = (r: RecordedPage) =>
  r.page.evaluate(() => {
    const updates = ((window as any).dataLayer as unknown[])
      .map((e) => Array.from(e as ArrayLike<unknown>))
      .filter((e) => e[0] === "consent" && e[1] === "update");
    return updates.at(-1)?.[2] as Record<string, string> | undefined;
  });
/** Clicks a button of the banner, once it is open. */
const clickInBanner = async (r: RecordedPage, text: string) => {
  const button = await r.page.waitForSelector(`dialog.consent-dialog[open] button::-p-text(${text})`);
  await button!.click();
};
/**
 * The banner opens with the page, without the app; the app wakes on the visitor's first
 * interaction (decision record 008): a press of Shift, here. Klaviyo does not wait for it.
 */
const bannerOpenAndAppAwake = async (r: RecordedPage) => {
  await r.page.waitForSelector("dialog.consent-dialog[open]");
  await waitForHydration(r.page);
};
/**
 * Third-party scripts the page asked for before `ms` after it started, on the page's own clock
 * (Klaviyo's fallback comes at 3000 ms, counted from the page's start).
 */
const thirdPartyBefore = (r: RecordedPage, siteUrl: string, ms: number) =>
  r.page.evaluate(
    (origin, limit) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).origin !== origin && e.startTime < limit)
        .map((e) => e.name)
        .sort(),
    new URL(siteUrl).origin,
    ms,
  );
const storedChoice = async (r: RecordedPage) => JSON.parse(decodeURIComponent((await r.cookie("consent")) ?? "null"));
const klaviyoScripts = (r: RecordedPage) =>
  r.page.$$eval(`script[src^="${standIns.origin}/klaviyo.js"]`, (s) => s.length);
const activeElement = (r: RecordedPage) =>
  r.page.evaluate(() => ({
    id: document.activeElement?.id,
    text: document.activeElement?.textContent,
    inDialog: !!document.activeElement?.closest("dialog"),
  }));

describe("with the built-in banner", () => {
  test("the Consent Mode default is the first dataLayer entry, in force before Tag Manager loads", async () => {
    const r = await openRecordedPage(browser, `${site.url}/`);
    await standIn(r, "gtmRuns");
    const { gtmDataLayer } = await r.standIns();
    expect(gtmDataLayer![0]).toEqual(["consent", "default", DENIED_DEFAULT]);
    expect(gtmDataLayer![1]).toMatchObject({ event: "gtm.js" });
    expect(thirdPartyRequests(r, site.url)).toContain(`${standIns.origin}/gtm.js?id=GTM-STANDIN1`);
    await r.close();
  });

  test("before a choice the banner asks, and no request goes to a third party but Tag Manager's loader", async () => {
    const r = await openRecordedPage(browser, `${site.url}/`);
    await bannerOpenAndAppAwake(r);
    await r.page.waitForFunction(() => performance.now() > 2900);
    expect(await thirdPartyBefore(r, site.url, 2900)).toEqual([`${standIns.origin}/gtm.js?id=GTM-STANDIN1`]);
    expect(await r.cookie("__kla_off")).toBe("true");
    // Klaviyo only by its fallback, from 3000 ms.
    const klaviyo = await r.page.evaluate(
      (origin) =>
        performance.getEntriesByType("resource").find((e) => e.name.startsWith(`${origin}/klaviyo.js`))?.startTime,
      standIns.origin,
    );
    if (klaviyo !== undefined) expect(klaviyo).toBeGreaterThanOrEqual(3000);
    // The default stands until the visitor answers.
    expect(await lastConsentUpdate(r)).toBeUndefined();
    expect(r.posts).toEqual([]);
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("accepting loads Klaviyo once, clears the off cookie, updates Consent Mode and remembers the choice", async () => {
    const r = await openRecordedPage(browser, `${site.url}/`);
    await bannerOpenAndAppAwake(r);
    await clickInBanner(r, "Accept all");
    await standIn(r, "klaviyoRuns");
    expect(await r.cookie("__kla_off")).toBeUndefined();
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    expect(await lastConsentUpdate(r))!.toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "granted",
      personalization_storage: "granted",
      functionality_storage: "granted",
      security_storage: "granted",
    });
    expect(await storedChoice(r)).toEqual({ v: 1, functional: true, marketing: true, ts: expect.any(Number) });
    const consentCookie = (await r.settledCookies()).find((c) => c.name === "consent")!;
    expect(consentCookie.sameSite).toBe("Lax");
    expect(consentCookie.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);
    expect((await r.standIns()).klaviyoCompanyId).toBe("AbC123");
    // Klaviyo fills the footer's sign-up placeholder itself.
    expect(await r.page.$(".site-footer .klaviyo-form-RkTq8v form.klaviyo-stand-in")).not.toBeNull();

    // Withdrawn from the footer: the off cookie is back, and Klaviyo is not loaded again.
    await r.page.locator(".cookie-settings-button").click();
    await clickInBanner(r, "Reject all");
    // The page's answer first: a click that missed the button fails here, a cookie not written below.
    expect((await lastConsentUpdate(r))!.ad_storage).toBe("denied");
    expect(await r.cookie("__kla_off")).toBe("true");
    await r.page.locator(".cookie-settings-button").click();
    await clickInBanner(r, "Accept all");
    await sleep(300);
    expect((await r.standIns()).klaviyoRuns).toBe(1);
    expect(await klaviyoScripts(r)).toBe(1);

    // The next page load: no banner; Klaviyo as soon as the app wakes, with `__kla_off=false`.
    await r.page.reload({ waitUntil: "load" });
    await waitForHydration(r.page);
    await standIn(r, "klaviyoRuns");
    expect((await r.standIns()).klaviyoOffCookie).toBe("false");
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("without a choice Klaviyo loads anyway at about 3000 ms, with __kla_off=true", async () => {
    const r = await openRecordedPage(browser, `${site.url}/`);
    await bannerOpenAndAppAwake(r);
    await standIn(r, "klaviyoRuns", 1, 10_000);
    const { klaviyoAt, klaviyoOffCookie } = await r.standIns();
    expect(klaviyoAt).toBeGreaterThanOrEqual(3000);
    expect(klaviyoAt).toBeLessThan(6000);
    expect(klaviyoOffCookie).toBe("true");
    expect(await r.page.$("dialog.consent-dialog[open]")).not.toBeNull();
    await r.close();
  });

  test("after a rejection Klaviyo stays out, even after 3 s, and the banner does not ask again", async () => {
    const r = await openRecordedPage(browser, `${site.url}/`);
    await watchTheAnswer(r);
    await clickInBanner(r, "Reject all");
    expect(await storedChoice(r)).toMatchObject({ functional: false, marketing: false });
    await sleep(3500);
    // Klaviyo's 3000 ms fallback may come before a busy machine's click, never after it.
    const klaviyo = (await loadedBeforeTheAnswer(r)).map(() => `${standIns.origin}/klaviyo.js?company_id=AbC123`);
    expect((await r.standIns()).klaviyoRuns).toBe(klaviyo.length > 0 ? 1 : undefined);
    expect(await r.cookie("__kla_off")).toBe("true");
    expect(thirdPartyRequests(r, site.url).sort()).toEqual(
      [`${standIns.origin}/gtm.js?id=GTM-STANDIN1`, ...klaviyo].sort(),
    );
    await r.page.reload({ waitUntil: "load" });
    await waitForHydration(r.page);
    await sleep(500);
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    await r.close();
  });

  test("the banner works from the keyboard: focus on its heading, Tab stays inside, settings per category, Escape", async () => {
    const r = await openRecordedPage(browser, `${site.url}/info/about-us`);
    await r.page.waitForSelector("dialog.consent-dialog[open]");
    await r.page.waitForFunction(() => document.activeElement?.id === "consent-dialog-title");
    const buttons = await r.page.$$eval("dialog.consent-dialog button", (bs) =>
      bs.map((b) => ({
        text: b.textContent,
        className: b.className,
        weight: getComputedStyle(b).fontWeight,
        bg: getComputedStyle(b).backgroundColor,
      })),
    );
    expect(buttons.map((b) => b.text)).toEqual(["Accept all", "Reject all", "Settings"]);
    // Equal weight: accept and reject look the same.
    expect(new Set(buttons.map((b) => JSON.stringify([b.className, b.weight, b.bg]))).size).toBe(1);
    for (let i = 0; i < 7; i++) {
      await r.page.keyboard.press("Tab");
      expect((await activeElement(r)).inDialog).toBe(true);
    }
    await r.page.keyboard.down("Shift");
    for (let i = 0; i < 4; i++) {
      await r.page.keyboard.press("Tab");
      expect((await activeElement(r)).inDialog).toBe(true);
    }
    await r.page.keyboard.up("Shift");

    await r.page.focus("dialog.consent-dialog button:nth-of-type(3)");
    await r.page.keyboard.press("Enter");
    await r.page.waitForFunction(() => document.activeElement?.textContent === "Cookie settings");
    const switches = await r.page.$$eval("dialog.consent-dialog input[type=checkbox]", (inputs) =>
      inputs.map((i) => ({
        label: (i as HTMLInputElement).labels?.[0]?.textContent,
        checked: (i as HTMLInputElement).checked,
        disabled: (i as HTMLInputElement).disabled,
      })),
    );
    expect(switches).toEqual([
      { label: "Necessary", checked: true, disabled: true },
      { label: "Functional", checked: false, disabled: false },
      { label: "Marketing and analytics", checked: false, disabled: false },
    ]);
    await r.page.keyboard.press("Escape");
    await r.page.waitForFunction(() => document.activeElement?.textContent === "Cookies on this site");

    await clickInBanner(r, "Settings");
    await r.page.focus("#consent-functional");
    await r.page.keyboard.press("Space");
    await r.page.focus("dialog.consent-dialog button::-p-text(Save choices)");
    await r.page.keyboard.press("Enter");
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    expect(await storedChoice(r)).toMatchObject({ functional: true, marketing: false });
    expect((await lastConsentUpdate(r))!.functionality_storage).toBe("granted");
    expect((await lastConsentUpdate(r))!.ad_storage).toBe("denied");

    // Reopened from the footer on the settings view; Escape keeps the choice and returns focus.
    await r.page.waitForSelector(".cookie-settings-button");
    await r.page.focus(".cookie-settings-button");
    await r.page.keyboard.press("Enter");
    await r.page.waitForSelector("dialog.consent-dialog[open]");
    expect(await r.page.$eval("#consent-functional", (i) => (i as HTMLInputElement).checked)).toBe(true);
    await r.page.keyboard.press("Escape");
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    expect((await activeElement(r)).text).toBe("Cookie settings");
    expect(await storedChoice(r)).toMatchObject({ functional: true, marketing: false });
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("a page's script slots: the privacy policy loads at once, the reviews widget only with functional consent", async () => {
    const r = await openRecordedPage(browser, `${site.url}/info/about-us`);
    await waitForHydration(r.page);
    // As a page or slice renders them (views/parts/ScriptSlot.tsx).
    await r.page.evaluate(() => {
      for (const kind of ["privacy-policy", "reviews"])
        document.querySelector("main")!.insertAdjacentHTML("beforeend", `<div data-script-slot="${kind}"></div>`);
    });
    await standIn(r, "privacyPolicyRuns");
    await sleep(300);
    expect((await r.standIns()).reviewsRuns).toBeUndefined();
    await clickInBanner(r, "Settings");
    // The settings view loads on the visitor's first interaction: it shows once it is there.
    await (await r.page.waitForSelector("#consent-functional"))!.click();
    await watchTheAnswer(r);
    await clickInBanner(r, "Save choices");
    await standIn(r, "reviewsRuns");
    // Functional consent is not marketing consent: Klaviyo stays off. On a busy machine these
    // steps can outlast the page's first 3000 ms, when Klaviyo loads undecided (the test above):
    // then it ran before the answer, not because of it, and the off cookie holds.
    await loadedBeforeTheAnswer(r);
    expect(await r.cookie("__kla_off")).toBe("true");
    await r.close();
  });
});

describe("with Usercentrics (USERCENTRICS_SETTINGS_ID)", () => {
  test("its loader gets the settings id, the built-in banner stays away, and nothing else loads before an answer", async () => {
    const r = await openRecordedPage(browser, `${cmpSite.url}/`);
    await standIn(r, "ucSettingsId", "StandIn123");
    await waitForHydration(r.page);
    await r.page.waitForFunction(() => performance.now() > 2900);
    // Tag Manager and the CMP's loader are asked for (on a busy machine, maybe only after 2.9 s);
    // nothing else third-party before Klaviyo's fallback is due.
    const expected = [`${standIns.origin}/gtm.js?id=GTM-STANDIN1`, `${standIns.origin}/loader.js`];
    expect(await thirdPartyBefore(r, cmpSite.url, Number.POSITIVE_INFINITY)).toEqual(expect.arrayContaining(expected));
    expect((await thirdPartyBefore(r, cmpSite.url, 2900)).filter((url) => !expected.includes(url))).toEqual([]);
    expect(await r.page.$("dialog.consent-dialog")).toBeNull();
    expect(await r.cookie("__kla_off")).toBe("true");
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("a category SOME_ACCEPTED counts as granted; the footer opens the CMP's settings", async () => {
    const r = await openRecordedPage(browser, `${cmpSite.url}/`);
    await waitForHydration(r.page);
    await r.page.waitForSelector(".cookie-settings-button");
    await r.page.evaluate(() =>
      (window as any).__ucStandIn.decide({
        essential: { state: "ALL_ACCEPTED" },
        functional: { state: "ALL_DENIED" },
        marketing: { state: "SOME_ACCEPTED" },
      }),
    );
    await standIn(r, "klaviyoRuns");
    expect(await r.cookie("__kla_off")).toBeUndefined();
    expect(await lastConsentUpdate(r))!.toMatchObject({
      ad_storage: "granted",
      analytics_storage: "granted",
      functionality_storage: "denied",
    });
    await r.page.locator(".cookie-settings-button").click();
    await standIn(r, "ucSecondLayer");
    expect(r.problems).toEqual([]);
    await r.close();
  });
});
