/**
 * A visitor's privacy signals and what a visit leaves behind, for the browser tests of Global
 * Privacy Control, the consent models and the banner (test/browser/privacySignals.test.ts,
 * test/browser/usOptOut.test.ts, test/browser/consent.test.ts): the signal emulated as a browser with it on sends it (the
 * property and the `Sec-GPC: 1` header), the cookies afterwards with their lifetimes, the
 * Consent Mode commands in the page's dataLayer, and what ran before the visitor answered.
 */
import type { Page } from "puppeteer";
import type { RecordedPage } from "./recordedPage";

/** Every Consent Mode signal denied but security, as the head's default writes them (docs/behaviour.md section 4.2). */
export const DENIED = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
  functionality_storage: "denied",
  personalization_storage: "denied",
  security_storage: "granted",
};
/** Every Consent Mode signal granted. */
export const GRANTED = Object.fromEntries(Object.keys(DENIED).map((k) => [k, "granted"]));

/** A browser sending Global Privacy Control: `navigator.globalPrivacyControl === true` before any script, and `Sec-GPC: 1` on every request. */
export async function sendGpc(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true }),
  );
  await page.setExtraHTTPHeaders({ "Sec-GPC": "1" });
}

export interface CookieSeen {
  /** The value, decoded; the consent cookie's JSON parsed. */
  value: unknown;
  /** Whole days left, or "session". */
  lifetime: number | "session";
  httpOnly: boolean;
}

/** Every cookie of the visitor's browser, by name. */
export async function cookieJar(r: RecordedPage): Promise<Record<string, CookieSeen>> {
  const jar: Record<string, CookieSeen> = {};
  for (const cookie of await r.settledCookies()) {
    const text = decodeURIComponent(cookie.value);
    jar[cookie.name] = {
      value: cookie.name === "consent" ? JSON.parse(text) : text,
      lifetime: cookie.session ? "session" : Math.round((cookie.expires * 1000 - Date.now()) / 86_400_000),
      httpOnly: cookie.httpOnly === true,
    };
  }
  return jar;
}

/** The consent cookie as the banner writes it. */
export const consentCookie = (fields: Record<string, unknown>): CookieSeen => ({
  value: { v: 1, ts: expect.any(Number), ...fields },
  lifetime: 180,
  httpOnly: false,
});
export const sessionCookie = (value: string): CookieSeen => ({ value, lifetime: "session", httpOnly: false });

/** The `gtag('consent', …)` commands in the page's dataLayer, in order, and where Tag Manager's start event is among all entries. */
export const consentCommands = (page: Page) =>
  page.evaluate(() => {
    const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Array<Record<string, unknown>>;
    const commands = layer
      .map((entry, at) => ({ entry: Array.from(entry as unknown as ArrayLike<unknown>), at }))
      .filter(({ entry }) => entry[0] === "consent");
    return {
      commands: commands.map(({ entry }) => entry),
      lastCommandAt: commands.at(-1)?.at ?? -1,
      gtmStartAt: layer.findIndex((entry) => entry?.event === "gtm.js"),
    };
  });

/** A stored choice for a visitor who answered before (the consent cookie's value). */
export const storedConsent = (fields: Record<string, unknown>) =>
  encodeURIComponent(JSON.stringify({ v: 1, ts: Date.now(), ...fields }));

/** The third-party scripts the page asked for, by path (the stand-ins: /gtm.js, /klaviyo.js, /reviews.js, …), each once. */
export const scriptsLoaded = (r: RecordedPage, siteUrl: string): string[] => [
  ...new Set(
    r.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.origin !== new URL(siteUrl).origin)
      .map((url) => url.pathname),
  ),
];

/**
 * Records in the page the time of the next click, in the capture phase, before any handler of the
 * page runs: call it just before the click that answers the banner. Taken in the page, so the
 * time a busy machine needs to deliver the click cannot blur which came first.
 */
export const watchTheAnswer = (r: RecordedPage) =>
  r.page.evaluate(() => {
    const page = window as unknown as { __answeredAt?: number };
    delete page.__answeredAt;
    const answered = () => {
      page.__answeredAt = performance.now();
    };
    window.addEventListener("click", answered, { capture: true, once: true });
  });

/**
 * What an undecided visit loaded before the visitor's answer (watchTheAnswer): Klaviyo, with its
 * off cookie, once 3000 ms have passed (docs/behaviour.md section 4.4), which a busy machine's
 * clicks can outlast; else nothing. What counts is when the page asked for the script (its
 * resource timing's start), not when it ran: a request started before the answer can finish after it.
 */
export async function loadedBeforeTheAnswer(r: RecordedPage): Promise<string[]> {
  const { answeredAt, requestedAt } = await r.page.evaluate(() => ({
    answeredAt: (window as unknown as { __answeredAt?: number }).__answeredAt,
    requestedAt: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname === "/klaviyo.js")
      .map((entry) => entry.startTime),
  }));
  if (answeredAt === undefined)
    throw new Error("no answer was watched: call watchTheAnswer(r) before the click that answers");
  if (requestedAt.length === 0) return [];
  expect(requestedAt).toHaveLength(1);
  // The same task cannot both fire the fallback and handle the click: equal only at the clock's grain.
  expect(requestedAt[0]).toBeLessThanOrEqual(answeredAt);
  return ["/klaviyo.js"];
}
