/**
 * Global Privacy Control in a real browser under the opt-in model (the UK always; the US with
 * US_CONSENT_MODEL=opt-in, the default): with the signal, marketing stays off whatever the banner's
 * first layer is answered (Tag Manager never loads, Consent Mode's ad signals stay denied, nothing
 * is posted to the relay), unless the visitor turns marketing on in the settings view after being
 * told it overrides the signal (then `gpc_opt_in`); a signal once seen is remembered. Each case
 * is a first visit and a later one, and says which cookies exist, which stand-ins ran, the
 * Consent Mode commands and what the browser posted. The relay's own answer is the server's
 * business: the page answers the posts itself (test/support/recordedPage.ts).
 */
import {
  consentCommands,
  DENIED,
  GRANTED,
  consentCookie,
  cookieJar,
  loadedBeforeTheAnswer,
  watchTheAnswer,
  scriptsLoaded,
  sendGpc,
  sessionCookie,
  storedConsent,
} from "../support/privacyVisit";
import { openRecordedPage, thirdPartyRequests, waitForHydration, type RecordedPage } from "../support/recordedPage";
import { useStandInSiteAndBrowser } from "../support/browserSuite";
import { until } from "../support/waitFor";

jest.setTimeout(60_000);

const suite = useStandInSiteAndBrowser();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HEAD_DEFAULT = ["consent", "default", { ...DENIED, wait_for_update: 500 }];
const GTM = () => `${suite.standIns.origin}/gtm.js?id=GTM-STANDIN1`;
const KLAVIYO = () => `${suite.standIns.origin}/klaviyo.js`;

const dialog = "dialog.consent-dialog[open]";
const click = async (r: RecordedPage, text: string) =>
  (await r.page.waitForSelector(`${dialog} button::-p-text(${text})`))!.click();
/** The dialog's signal line, once it shows (its module loads when the dialog first opens: client/consent/bannerAdapter.ts). */
const signalLine = async (r: RecordedPage) =>
  (await r.page.waitForSelector(`${dialog} .consent-signal`, { timeout: 5000 }))!.evaluate((p) => p.textContent);
const postCount = (r: RecordedPage, n: number) =>
  until(`${n} post(s) to the relay (${r.posts.length} so far)`, () => r.posts.length >= n, { timeoutMs: 5000 });
/** Long enough for a PageView (300 ms) and Tag Manager's stand-in to have happened if they were going to. */
const settle = () => sleep(1200);

describe("a browser without Global Privacy Control", () => {
  test("UK, no answer and then Accept all: Tag Manager from the head, the full grant, PageViews without gpc_opt_in", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/`);
    await r.page.waitForSelector(dialog);
    await settle();
    expect(await r.page.$(`${dialog} .consent-signal`)).toBeNull();
    // Klaviyo's 3 s fallback may have come by now on a busy machine: it is the next test's business.
    expect(thirdPartyRequests(r, suite.server.url).filter((u) => !u.startsWith(KLAVIYO()))).toEqual([GTM()]);
    expect((await consentCommands(r.page)).commands).toEqual([HEAD_DEFAULT]);
    expect(r.posts).toEqual([]);
    expect(await cookieJar(r)).toEqual({ __kla_off: sessionCookie("true") });

    await click(r, "Accept all");
    await postCount(r, 1);
    expect(r.posts[0].body).not.toHaveProperty("gpc_opt_in");
    expect(r.posts[0].headers).not.toHaveProperty("sec-gpc");
    expect((await consentCommands(r.page)).commands.at(-1)).toEqual(["consent", "update", GRANTED]);

    // A later visit: no banner, the same grant at once, a PageView, and no cookie the browser may not write.
    await r.page.reload({ waitUntil: "load" });
    await postCount(r, 2);
    expect(await r.page.$(dialog)).toBeNull();
    expect((await r.standIns()).gtmRuns).toBe(1);
    expect(await cookieJar(r)).toEqual({
      consent: consentCookie({ functional: true, marketing: true }),
      __kla_off: sessionCookie("false"),
    });
    expect(r.problems).toEqual([]);
    await r.close();
  });
});

describe("a browser sending Global Privacy Control, under the opt-in model", () => {
  test("UK, no answer: the banner says the signal is honoured; Tag Manager never loads; nothing is posted", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/`, { beforeLoad: sendGpc });
    await r.page.waitForSelector(dialog);
    expect(await signalLine(r)).toBe(
      "Global Privacy Control detected and honoured: your browser’s opt-out preference signal keeps marketing cookies off. “Accept all” accepts the other cookies, not marketing.",
    );
    // Only Klaviyo comes, by its fallback for a visitor who has not answered, with tracking off (the sign-up form).
    await r.page.waitForFunction(() => (window as any).__standIns?.klaviyoRuns === 1, { timeout: 10_000 });
    expect((await r.standIns()).klaviyoOffCookie).toBe("true");
    expect(thirdPartyRequests(r, suite.server.url)).toEqual([`${KLAVIYO()}?company_id=AbC123`]);
    expect(await consentCommands(r.page)).toEqual({ commands: [HEAD_DEFAULT], lastCommandAt: 0, gtmStartAt: -1 });
    expect(r.posts).toEqual([]);
    // Nothing to record: an unanswered visitor has nothing on, and the banner asks again next time.
    expect(await cookieJar(r)).toEqual({ __kla_off: sessionCookie("true") });
    await r.page.reload({ waitUntil: "load" });
    await r.page.waitForSelector(dialog);
    await settle();
    expect(thirdPartyRequests(r, suite.server.url).filter((u) => !u.startsWith(KLAVIYO()))).toEqual([]);
    expect(r.posts).toEqual([]);
    await r.close();
  });

  test("UK, Accept all grants the rest, not marketing; on a later visit nothing marketing runs, even after 3 s", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/`, { beforeLoad: sendGpc });
    await watchTheAnswer(r);
    await click(r, "Accept all");
    await settle();
    const beforeTheAnswer = await loadedBeforeTheAnswer(r);
    expect((await consentCommands(r.page)).commands).toEqual([
      HEAD_DEFAULT,
      ["consent", "update", { ...DENIED, functionality_storage: "granted" }],
    ]);
    expect(await cookieJar(r)).toEqual({
      consent: consentCookie({ functional: true, marketing: false }),
      __kla_off: sessionCookie("true"),
    });

    await r.page.reload({ waitUntil: "load" });
    await waitForHydration(r.page);
    await sleep(3500);
    expect(await r.page.$(dialog)).toBeNull();
    // Functional was accepted: the reviews widget; nothing of marketing.
    expect(scriptsLoaded(r, suite.server.url)).toEqual([...beforeTheAnswer, "/reviews.js"]);
    const ran = await r.standIns();
    expect([ran.gtmRuns, ran.klaviyoRuns, ran.reviewsRuns]).toEqual([undefined, undefined, 1]);
    expect(r.posts).toEqual([]);
    // The footer's settings say the signal is honoured, with marketing off.
    await r.page.locator(".cookie-settings-button").click();
    expect(await signalLine(r)).toBe(
      "Global Privacy Control detected and honoured: your browser’s opt-out preference signal keeps marketing cookies off.",
    );
    expect(await r.page.$eval("#consent-marketing", (i) => (i as HTMLInputElement).checked)).toBe(false);
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("UK, marketing turned on in the settings after being told: Tag Manager from the browser, PageViews with gpc_opt_in", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/`, { beforeLoad: sendGpc });
    await click(r, "Settings");
    // The settings view loads on the visitor's first interaction: it shows once it is there.
    expect(await (await r.page.waitForSelector("#consent-marketing-text"))!.evaluate((p) => p.textContent)).toContain(
      "Off while your browser sends Global Privacy Control; turning it on here overrides that signal for this site.",
    );
    await r.page.click("#consent-marketing");
    await click(r, "Save choices");
    await r.page.waitForFunction(() => (window as any).__standIns?.gtmRuns === 1);
    await postCount(r, 1);
    expect(r.posts[0].body).toMatchObject({ event_name: "PageView", region: "uk", gpc_opt_in: true });
    expect(r.posts[0].headers["sec-gpc"]).toBe("1");
    // The grant is in the dataLayer before Tag Manager's start.
    const layer = await consentCommands(r.page);
    expect(layer.commands.at(-1)).toEqual(["consent", "update", { ...GRANTED, functionality_storage: "denied" }]);
    expect(layer.gtmStartAt).toBeGreaterThan(layer.lastCommandAt);
    expect(thirdPartyRequests(r, suite.server.url)).toContain(GTM());

    await r.page.reload({ waitUntil: "load" });
    await postCount(r, 2);
    expect(r.posts[1].body).toMatchObject({ gpc_opt_in: true });
    await r.page.waitForFunction(() => (window as any).__standIns?.gtmRuns === 1);
    expect(await cookieJar(r)).toEqual({
      consent: consentCookie({ functional: false, marketing: true, gpc_opt_in: true }),
      __kla_off: sessionCookie("false"),
    });
    await waitForHydration(r.page);
    await r.page.locator(".cookie-settings-button").click();
    expect(await signalLine(r)).toBe(
      "Global Privacy Control detected. You turned marketing on for this site, which overrides your browser’s opt-out preference signal.",
    );
    expect(r.problems).toEqual([]);
    await r.close();
  });

  test("UK, a yes given before the signal is withdrawn by it, and a later visit without the signal is not read as a yes", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/`, {
      beforeLoad: sendGpc,
      cookies: { consent: storedConsent({ functional: true, marketing: true }) },
    });
    await settle();
    expect(await r.page.$(dialog)).toBeNull();
    expect(r.posts).toEqual([]);
    expect(scriptsLoaded(r, suite.server.url)).toEqual(["/reviews.js"]);
    expect((await consentCommands(r.page)).commands.at(-1)).toEqual([
      "consent",
      "update",
      { ...DENIED, functionality_storage: "granted" },
    ]);
    expect((await cookieJar(r)).consent).toEqual(consentCookie({ functional: true, marketing: false }));

    const later = await openRecordedPage(suite.browser, `${suite.server.url}/`, { context: r.context });
    await settle();
    expect(later.posts).toEqual([]);
    expect((await consentCommands(later.page)).commands.at(-1)).toEqual([
      "consent",
      "update",
      { ...DENIED, functionality_storage: "granted" },
    ]);
    await later.close();
    await r.close();
  });

  test("US (opt-in): the same banner; the footer's Your Privacy Choices opens the settings with the opt-out of sale and sharing", async () => {
    const r = await openRecordedPage(suite.browser, `${suite.server.url}/us`, { beforeLoad: sendGpc });
    await r.page.waitForSelector(dialog);
    expect(await r.page.$eval(`${dialog} #consent-dialog-text`, (p) => p.textContent)).toContain(
      "with “Your Privacy Choices” at the foot of every page",
    );
    await watchTheAnswer(r);
    await click(r, "Accept all");
    await waitForHydration(r.page);
    await r.page.locator(".privacy-choices-button").click();
    await r.page.waitForSelector(dialog);
    expect(await r.page.$eval("#consent-dialog-title", (h) => h.textContent)).toBe("Your privacy choices");
    expect(await r.page.$eval('label[for="consent-marketing"]', (l) => l.textContent)).toBe(
      "Sale, sharing and targeted advertising",
    );
    expect(await signalLine(r)).toBe(
      "Global Privacy Control detected and honoured: we do not sell or share your personal information or use it for targeted advertising.",
    );
    expect(
      await r.page.$eval("#consent-marketing", (i) => [(i as HTMLInputElement).checked, i.getAttribute("role")]),
    ).toEqual([false, "switch"]);
    await settle();
    expect(r.posts).toEqual([]);
    expect(scriptsLoaded(r, suite.server.url)).toEqual([...(await loadedBeforeTheAnswer(r)), "/reviews.js"]);
    expect(await cookieJar(r)).toEqual({
      consent: consentCookie({ functional: true, marketing: false }),
      __kla_off: sessionCookie("true"),
    });
    await r.close();
  });
});
