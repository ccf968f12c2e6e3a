/**
 * A landing view's `why` from web-vitals' attribution (client/vitals/whyOfView.ts): phases in
 * seconds to the millisecond that add up to the metric sent, kinds the metric allows, and nothing
 * of what web-vitals built itself (an element's id) sent; an INP that is not web-vitals' own
 * interaction goes without phases rather than have the report refused.
 */
import type { INPMetricWithAttribution, LCPMetricWithAttribution } from "web-vitals/attribution";
import { inpWhy, kindOfTarget, lcpWhy, shiftKind } from "../client/vitals/whyOfView";
import { INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "../shared/vitals/elementKinds";
import { checkWhy } from "../shared/vitals/whySchema";

const lcpMetric = (attribution: Partial<LCPMetricWithAttribution["attribution"]>) =>
  ({ attribution }) as LCPMetricWithAttribution;
const inpMetric = (attribution: Partial<INPMetricWithAttribution["attribution"]>) =>
  ({ attribution }) as INPMetricWithAttribution;

test("LCP's phases in seconds, adding up to the LCP sent, the element's kind as the attribution named it", () => {
  const part = lcpWhy(
    lcpMetric({
      timeToFirstByte: 412.4,
      resourceLoadDelay: 80.4,
      resourceLoadDuration: 1604.4,
      elementRenderDelay: 60.4,
      target: "hero-image",
    }),
    2.158,
  );
  expect(part).toEqual({ ttfb: 0.412, load_delay: 0.08, load_duration: 1.604, render_delay: 0.06, kind: "hero-image" });
  expect(checkWhy({ lcp: part }, { LCP: 2.158 })).toBe(true);
});

test("phases rounded away from the LCP sent are made to add up by the render delay", () => {
  const part = lcpWhy(
    lcpMetric({ timeToFirstByte: 400, resourceLoadDelay: 0, resourceLoadDuration: 0, elementRenderDelay: 600 }),
    1.2,
  );
  expect(part.render_delay).toBe(0.8);
  expect(part.kind).toBe("other");
  expect(checkWhy({ lcp: part }, { LCP: 1.2 })).toBe(true);
});

test("INP's phases when they are the INP sent; none when the INP sent is another interaction's", () => {
  const attribution = {
    inputDelay: 40,
    processingDuration: 300.2,
    presentationDelay: 32,
    interactionTarget: "menu-button",
  };
  expect(inpWhy(inpMetric(attribution), 0.372)).toEqual({
    input_delay: 0.04,
    processing: 0.3,
    presentation: 0.032,
    kind: "menu-button",
  });
  // The early observer saw a slower interaction than web-vitals did: its phases are not this INP's.
  expect(inpWhy(inpMetric(attribution), 0.6)).toBeUndefined();
});

test("a target that is not a kind the metric allows is sent as other: an id, a selector, a kind of another metric", () => {
  expect(kindOfTarget("#hero", LCP_ELEMENT_KINDS)).toBe("other");
  expect(kindOfTarget("html>body>main>img.hero__image", LCP_ELEMENT_KINDS)).toBe("other");
  expect(kindOfTarget("menu-button", LCP_ELEMENT_KINDS)).toBe("other");
  expect(kindOfTarget("heading-text", INP_CONTROL_KINDS)).toBe("other");
  expect(kindOfTarget(undefined, INP_CONTROL_KINDS)).toBe("other");
  expect(shiftKind("form-control")).toBe("form-control");
  expect(shiftKind("menu-button")).toBe("other");
});
