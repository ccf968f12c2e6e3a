/**
 * Global Privacy Control as each engine sends it itself (docs/browsers.md), with the browser's own
 * setting turned on where it has one: Chromium (its GlobalPrivacyControlForce feature) and Firefox
 * ESR (`privacy.globalprivacycontrol.enabled`) send the signal, WebKit has no such setting (nor
 * does Safari) and sends none. Where it is sent, the banner says it is honoured, Tag Manager is
 * never added, and "Accept all" keeps marketing off; where it is not, the page is as before.
 */
import type { EngineName } from "./driver";
import { selectedEngines, sleep, useDriver, useSite } from "./engineSuite";

const site = useSite();
jest.setTimeout(60_000);

const SENDS_THE_SIGNAL: Record<EngineName, boolean> = { chromium: true, firefox: true, webkit: false };

describe.each(selectedEngines())("%s", (engine) => {
  const b = useDriver(engine, { globalPrivacyControl: true });

  test("the page reads the engine's own signal, honours it where it is sent, and Accept all then keeps marketing off", async () => {
    const d = b.driver;
    await d.reset(site.url);
    await d.setViewport(1280, 800);
    await d.goto(`${site.url}/info/about-us`);
    await d.waitFor("the consent banner", () => !!document.querySelector("dialog.consent-dialog[open]"));
    const sends = SENDS_THE_SIGNAL[engine];
    expect(
      await d.evaluate(() => (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl === true),
    ).toBe(sends);
    // Where Tag Manager is added, wait for its stand-in to have run (the event itself); where it must
    // stay out, its absence can only be seen by giving it the same room it would have had.
    if (sends) await sleep(1000);
    else
      await d.waitFor(
        "Tag Manager's stand-in to run",
        () => ((window as { __standIns?: { gtmRuns?: number } }).__standIns?.gtmRuns ?? 0) > 0,
        [],
        5_000,
      );
    const seen = await d.evaluate(() => ({
      signal: document.querySelector("dialog.consent-dialog .consent-signal")?.textContent ?? null,
      tagManager: document.querySelectorAll('script[src*="/gtm.js"]').length,
      tagManagerRan: (window as { __standIns?: { gtmRuns?: number } }).__standIns?.gtmRuns ?? 0,
      commands: ((window as { dataLayer?: unknown[] }).dataLayer ?? []).length,
    }));
    expect(seen).toEqual(
      sends
        ? {
            signal:
              "Global Privacy Control detected and honoured: your browser’s opt-out preference signal keeps marketing cookies off. “Accept all” accepts the other cookies, not marketing.",
            tagManager: 0,
            tagManagerRan: 0,
            commands: 1,
          }
        : { signal: null, tagManager: 1, tagManagerRan: 1, commands: 2 },
    );
    await d.click("dialog.consent-dialog[open] .consent-dialog__actions button:nth-child(1)");
    const stored = await d.evaluate(() => {
      const m = document.cookie.match(/(?:^|; )consent=([^;]*)/);
      return m ? JSON.parse(decodeURIComponent(m[1])) : null;
    });
    expect(stored).toEqual({ v: 1, functional: true, marketing: !sends, ts: expect.any(Number) });
  });
});
