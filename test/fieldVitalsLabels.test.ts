/**
 * The field speed report's labels (shared/fieldVitals.ts, client/vitals/fieldVitals.ts): a page
 * type is a route's name, never a path; the device class is one of three; a visitor who refused
 * analytics, or sends Global Privacy Control, is not measured.
 */
import { deviceClass, mayMeasure } from "../client/vitals/fieldVitals";
import { PAGE_TYPES, pageTypeOf } from "../shared/fieldVitals";
import type { ConsentState } from "../client/consent/consentState";

test.each([
  ["/", "index"],
  ["/us", "index"],
  ["/US/", "index"],
  ["/gallery", "gallery"],
  ["/us/gallery", "gallery"],
  ["/gallery/canal-house", "gallery-uid"],
  ["/info/blog", "info-blog"],
  ["/us/info/blog/some-article", "info-blog-uid"],
  ["/materials/samples", "materials-samples"],
  ["/info", "section"],
  ["/info/about-us", "section-uid"],
  ["/a/b/c", "error"],
])("%s is a page of type %s", (path, type) => {
  expect(pageTypeOf(path)).toBe(type);
  expect(PAGE_TYPES).toContain(type);
});

test("the device class: narrow touch screens are phones, coarse wide ones tablets, the rest desktops", () => {
  expect(deviceClass({ touch: true, coarsePointer: true, width: 390 })).toBe("mobile");
  expect(deviceClass({ touch: true, coarsePointer: true, width: 820 })).toBe("tablet");
  expect(deviceClass({ touch: true, coarsePointer: false, width: 1440 })).toBe("desktop");
  expect(deviceClass({ touch: false, coarsePointer: false, width: 500 })).toBe("desktop");
});

const consent = (state: Partial<ConsentState>): ConsentState => ({
  functional: false,
  marketing: false,
  decided: false,
  gpc: false,
  gpcOptIn: false,
  model: "opt-in",
  ...state,
});

test("who is measured: not yet answered, or analytics accepted; not after a refusal, nor under GPC unless turned on over it", () => {
  expect(mayMeasure(consent({}), false)).toBe(true);
  expect(mayMeasure(consent({ decided: true, functional: true, marketing: true }), false)).toBe(true);
  expect(mayMeasure(consent({ decided: true, functional: true, marketing: false }), false)).toBe(false);
  expect(mayMeasure(consent({ decided: true }), false)).toBe(false);
  expect(mayMeasure(consent({ gpc: true }), true)).toBe(false);
  expect(mayMeasure(consent({ decided: true, marketing: true, gpc: true, gpcOptIn: true }), true)).toBe(true);
});

test("who is measured on a page without a consent manager (no tags): everyone but a browser sending GPC", () => {
  expect(mayMeasure(undefined, false)).toBe(true);
  expect(mayMeasure(undefined, true)).toBe(false);
});
