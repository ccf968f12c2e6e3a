/**
 * Tag Manager from the browser (client/tagManager.ts), without a browser: the head leaves it out
 * for a browser sending Global Privacy Control, and the browser loads it, once and after Tag
 * Manager's start event, only when the visitor turns marketing on over the signal.
 */
import type { ReportedConsent } from "../client/consent/consentState";

const SRC = "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD";

/** A fresh page: the consent state and Tag Manager's starter, with a consent manager the test answers for. */
function page(gpc: boolean) {
  const loaded: string[] = [];
  const window = { dataLayer: [] as unknown[], gtag: () => {} };
  Object.assign(globalThis, { window });
  let report: (state: ReportedConsent) => void = () => {};
  jest.isolateModules(() => {
    jest.doMock("../client/loadScript", () => ({ loadScriptOrWarn: (src: string) => loaded.push(src) }));
    const { startConsent } = require("../client/consent/consentState");
    const { startTagManager } = require("../client/tagManager");
    startConsent({ start: (r: typeof report) => (report = r) }, { model: "opt-in", gpc });
    report({ functional: false, marketing: false, decided: false });
    startTagManager(SRC);
  });
  return { loaded, window, answer: (state: ReportedConsent) => report(state) };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

test("with the signal, marketing turned on over it loads Tag Manager once, after its start event", () => {
  const p = page(true);
  p.answer({ functional: true, marketing: true, decided: true });
  expect(p.loaded).toEqual([]);
  p.answer({ functional: false, marketing: true, gpcOptIn: true, decided: true });
  p.answer({ functional: true, marketing: true, gpcOptIn: true, decided: true });
  expect(p.loaded).toEqual([SRC]);
  expect(p.window.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);
});

test("without the signal the head has loaded it: the browser never does", () => {
  const p = page(false);
  p.answer({ functional: true, marketing: true, decided: true });
  expect(p.loaded).toEqual([]);
  expect(p.window.dataLayer).toEqual([]);
});
