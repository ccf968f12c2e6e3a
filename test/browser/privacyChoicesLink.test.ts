/**
 * The footer's way to the privacy choices, in a real browser (docs/tracking-privacy.md, "Without
 * script"): with JavaScript off, "Cookie settings" (UK) and "Your Privacy Choices" (US) are links
 * to the privacy choices page, whose form the server answers with the consent cookie, the same
 * cookie the banner's dialog writes for the same choice, which the banner then reads as the
 * visitor's answer; with JavaScript on, the same link opens the settings dialog and the page is
 * not left. The site runs the US opt-out model, so both models are here (the UK is always opt-in).
 */
import fs from "node:fs";
import type { Page } from "puppeteer";
import { consentCookie, cookieJar, sendGpc } from "../support/privacyVisit";
import { openRecordedPage, type RecordedPage } from "../support/recordedPage";
import { useStandInSiteAndBrowser } from "../support/browserSuite";

jest.setTimeout(60_000);

const suite = useStandInSiteAndBrowser({ US_CONSENT_MODEL: "opt-out" });

const dialog = "dialog.consent-dialog[open]";
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const withoutScript = async (page: Page) => page.setJavaScriptEnabled(false);
/** The consent manager has read the stored answer: it sends Consent Mode its update. */
const consentStarted = (page: Page) =>
  page.waitForFunction(() =>
    ((window as any).dataLayer ?? []).some(
      (entry: ArrayLike<unknown>) => entry[0] === "consent" && entry[1] === "update",
    ),
  );

/** Follows a link or presses a submit button as a visitor does, and waits for the page it leads to. */
async function follow(page: Page, selector: string): Promise<string> {
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(selector)]);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

/** The accessible name of the footer's link, as the browser's accessibility tree has it. */
async function linkName(page: Page, selector: string): Promise<string | undefined> {
  const link = await page.$(selector);
  const node = await page.accessibility.snapshot({ root: link!, interestingOnly: false });
  return node?.role === "link" ? node.name : undefined;
}

/** The consent cookie's attributes but its value and expiry, as the browser keeps them. */
const consentAttributes = async (r: RecordedPage) => {
  const cookie = (await r.settledCookies()).find((c) => c.name === "consent");
  return cookie && { path: cookie.path, sameSite: cookie.sameSite, httpOnly: cookie.httpOnly, secure: cookie.secure };
};

test("UK without JavaScript: “Cookie settings” leads to the page, whose form saves the choice the banner then reads", async () => {
  const r = await openRecordedPage(suite.browser, "about:blank");
  await withoutScript(r.page);
  await r.page.goto(`${suite.server.url}/gallery`, { waitUntil: "load" });
  expect(await linkName(r.page, ".site-footer .cookie-settings-button")).toBe("Cookie settings");
  expect(await follow(r.page, ".site-footer .cookie-settings-button")).toBe("/privacy-choices");
  expect(await r.page.$eval("h1", (h) => h.textContent)).toBe("Cookie settings");
  // Nothing optional until a yes: both boxes start unticked.
  expect(
    await r.page.$$eval("form input[type=checkbox]", (boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
  ).toEqual([false, false]);
  await r.page.click("#choice-functional");
  expect(await follow(r.page, "button[value=save]")).toBe("/privacy-choices?saved=1");
  expect(await r.page.$eval("[role=status]", (p) => p.textContent)).toBe("Your choices are saved for this browser.");
  expect(await cookieJar(r)).toEqual({ consent: consentCookie({ functional: true, marketing: false }) });

  // With script, on a later page: the banner takes the server's cookie as the answer and does not ask.
  await r.page.setJavaScriptEnabled(true);
  await r.page.goto(`${suite.server.url}/`, { waitUntil: "load" });
  await consentStarted(r.page);
  expect(await r.page.$(dialog)).toBeNull();
  await r.page.click(".site-footer .cookie-settings-button");
  await r.page.waitForSelector(dialog);
  expect(await r.page.$eval("#consent-functional", (i) => (i as HTMLInputElement).checked)).toBe(true);
  expect(await r.page.$eval("#consent-marketing", (i) => (i as HTMLInputElement).checked)).toBe(false);
  expect(new URL(r.page.url()).pathname).toBe("/");
  // And the page itself, with script, shows the choice in force, and axe finds nothing on it.
  await r.page.setBypassCSP(true);
  await r.page.goto(`${suite.server.url}/privacy-choices`, { waitUntil: "load" });
  await r.page.waitForFunction(() => (document.querySelector("#choice-functional") as HTMLInputElement)?.checked);
  expect(await r.page.$eval("#choice-marketing", (i) => (i as HTMLInputElement).checked)).toBe(false);
  await r.page.evaluate(AXE_SOURCE);
  const violations = await r.page.evaluate(async () => {
    const { violations } = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return violations.map((v: { id: string }) => v.id);
  });
  expect(violations).toEqual([]);
  expect(r.problems).toEqual([]);
  await r.close();
});

test("US without JavaScript: “Your Privacy Choices” with its icon, and opting out there is the opt-out model's record", async () => {
  const r = await openRecordedPage(suite.browser, "about:blank");
  await withoutScript(r.page);
  await r.page.goto(`${suite.server.url}/us/info/about-us`, { waitUntil: "load" });
  const link = ".site-footer .privacy-choices-button";
  expect(await linkName(r.page, link)).toBe("Your Privacy Choices");
  expect(await r.page.$eval(`${link} svg`, (svg) => svg.getBoundingClientRect().width)).toBe(30);
  expect(await follow(r.page, link)).toBe("/us/privacy-choices");
  expect(await r.page.$eval("h1", (h) => h.textContent)).toBe("Your Privacy Choices");
  // Under the opt-out model everything is on until the visitor opts out.
  expect(await r.page.$eval("#choice-marketing", (i) => (i as HTMLInputElement).checked)).toBe(true);
  await r.page.click("#choice-marketing");
  expect(await follow(r.page, "button[value=save]")).toBe("/us/privacy-choices?saved=1");
  expect(await cookieJar(r)).toEqual({
    consent: consentCookie({ functional: true, marketing: false, model: "opt-out" }),
  });

  // With script: the notice does not come back, and marketing stays off.
  await r.page.setJavaScriptEnabled(true);
  await r.page.goto(`${suite.server.url}/us`, { waitUntil: "load" });
  await consentStarted(r.page);
  await r.page.click(link);
  await r.page.waitForSelector(dialog);
  expect(await r.page.$("section.consent-notice")).toBeNull();
  expect(await r.page.$eval("#consent-marketing", (i) => (i as HTMLInputElement).checked)).toBe(false);
  expect(r.problems).toEqual([]);
  await r.close();
});

test("US without JavaScript and with Global Privacy Control: “Accept all” on the page keeps sale and sharing off", async () => {
  const r = await openRecordedPage(suite.browser, "about:blank");
  await withoutScript(r.page);
  await sendGpc(r.page);
  await r.page.goto(`${suite.server.url}/us/privacy-choices`, { waitUntil: "load" });
  expect(await follow(r.page, "button[value=accept-all]")).toBe("/us/privacy-choices?saved=1");
  expect(await cookieJar(r)).toEqual({
    consent: consentCookie({ functional: true, marketing: false, model: "opt-out" }),
  });
  await r.close();
});

test("the form's cookie is the dialog's: the same choice gives the same record and the same attributes", async () => {
  // With script: the banner's settings, functional on, saved.
  const dialogVisit = await openRecordedPage(suite.browser, `${suite.server.url}/`);
  await (await dialogVisit.page.waitForSelector(`${dialog} button::-p-text(Settings)`))!.click();
  // The settings view loads on the visitor's first interaction: it shows once it is there.
  await (await dialogVisit.page.waitForSelector("#consent-functional"))!.click();
  await (await dialogVisit.page.waitForSelector(`${dialog} button::-p-text(Save choices)`))!.click();
  await dialogVisit.page.waitForFunction(() => !document.querySelector("dialog.consent-dialog"));
  // Without: the page's form, functional ticked, saved.
  const formVisit = await openRecordedPage(suite.browser, "about:blank");
  await withoutScript(formVisit.page);
  await formVisit.page.goto(`${suite.server.url}/privacy-choices`, { waitUntil: "load" });
  await formVisit.page.click("#choice-functional");
  await follow(formVisit.page, "button[value=save]");

  const [byDialog, byForm] = [await cookieJar(dialogVisit), await cookieJar(formVisit)];
  expect(byDialog.consent).toEqual(consentCookie({ functional: true, marketing: false }));
  // The same record but for the time of the answer, field for field and in the same order.
  const record = (seen: typeof byForm.consent) => ({ ...seen, value: { ...(seen.value as object), ts: 0 } });
  expect(record(byForm.consent)).toEqual(record(byDialog.consent));
  expect(Object.keys(byForm.consent.value as object)).toEqual(Object.keys(byDialog.consent.value as object));
  expect(await consentAttributes(formVisit)).toEqual(await consentAttributes(dialogVisit));
  expect(await consentAttributes(formVisit)).toEqual({ path: "/", sameSite: "Lax", httpOnly: false, secure: false });
  await dialogVisit.close();
  await formVisit.close();
});

test("with JavaScript the link opens the settings dialog, before and after the app wakes, and the page is not left", async () => {
  // The UK banner answered first (a first visit asks), then the footer's link, at once and without waking the app first.
  const uk = await openRecordedPage(suite.browser, `${suite.server.url}/gallery`);
  await (await uk.page.waitForSelector(`${dialog} button::-p-text(Reject all)`))!.click();
  await uk.page.waitForFunction(() => !document.querySelector("dialog.consent-dialog"));
  await uk.page.click(".site-footer .cookie-settings-button");
  await uk.page.waitForSelector(dialog);
  expect(await uk.page.$eval("#consent-dialog-title", (h) => h.textContent)).toBe("Cookie settings");
  expect(new URL(uk.page.url()).pathname).toBe("/gallery");
  // Escape keeps the choice, and focus goes back to the link.
  await uk.page.keyboard.press("Escape");
  expect(await uk.page.evaluate(() => document.activeElement?.className)).toBe("cookie-settings-button");
  // By keyboard, once the app has woken: Enter on the link opens it again.
  await uk.page.keyboard.press("Enter");
  await uk.page.waitForSelector(dialog);
  expect(new URL(uk.page.url()).pathname).toBe("/gallery");
  expect(uk.problems).toEqual([]);
  await uk.close();

  // US, opt-out: the notice does not block the page; the link opens "Your privacy choices".
  const us = await openRecordedPage(suite.browser, `${suite.server.url}/us/gallery`);
  await us.page.waitForSelector("section.consent-notice");
  await us.page.click(".site-footer .privacy-choices-button");
  await us.page.waitForSelector(dialog);
  expect(await us.page.$eval("#consent-dialog-title", (h) => h.textContent)).toBe("Your privacy choices");
  expect(new URL(us.page.url()).pathname).toBe("/us/gallery");
  expect(us.problems).toEqual([]);
  await us.close();
});
