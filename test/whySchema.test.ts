/**
 * A field report's `why` (shared/vitals/whySchema.ts, shared/vitals/phases.ts): optional, so a
 * report from before it is still counted; when present, kinds from each metric's own list,
 * phases beside their metric and adding up to it, or the whole report is refused as invalid.
 * The endpoint's one-pass check decides as the zod schema does.
 */
import { checkReport, reportSchema } from "../server/observability/vitalsRoute";
import { CLS_SOURCE_KINDS, ELEMENT_KINDS, INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "../shared/vitals/elementKinds";

const metrics = { LCP: 2.4, INP: 0.3, CLS: 0.12, FCP: 0.9, TTFB: 0.4 };
const lcp = { ttfb: 0.4, load_delay: 0.2, load_duration: 1.6, render_delay: 0.2, kind: "hero-image" };
const inp = { input_delay: 0.02, processing: 0.25, presentation: 0.03, kind: "menu-button" };
const report = { page: "index", region: "uk", device: "mobile", nav: "navigate", metrics };
const withWhy = { ...report, why: { lcp, inp, cls: { kind: "body-text" } } };

const accepted = (value: unknown) => checkReport(value) !== undefined;

test("a report without why (an older reporter's) and one with it are both accepted", () => {
  expect(accepted(report)).toBe(true);
  expect(accepted(withWhy)).toBe(true);
  expect(accepted({ ...report, why: {} })).toBe(true);
  expect(accepted({ ...report, nav: "client", metrics: { INP: 0.3, CLS: 0 }, why: { inp } })).toBe(true);
});

const refused: [string, object][] = [
  ["a selector for a kind", { ...withWhy, why: { lcp: { ...lcp, kind: "img.hero__image" } } }],
  ["a URL for a kind", { ...withWhy, why: { lcp: { ...lcp, kind: "https://example.com/hero.jpg" } } }],
  ["a control kind for the LCP element", { ...withWhy, why: { lcp: { ...lcp, kind: "menu-button" } } }],
  ["a text kind for a control", { ...withWhy, why: { inp: { ...inp, kind: "heading-text" } } }],
  ["a phase of another metric", { ...withWhy, why: { lcp: { ...lcp, processing: 0 } } }],
  ["a missing phase", { ...withWhy, why: { inp: { input_delay: 0.02, processing: 0.28, kind: "link" } } }],
  ["a negative phase", { ...withWhy, why: { lcp: { ...lcp, ttfb: -0.1, load_delay: 0.7 } } }],
  ["phases that do not add up to LCP", { ...withWhy, why: { lcp: { ...lcp, load_duration: 3 } } }],
  ["phases that do not add up to INP", { ...withWhy, why: { inp: { ...inp, processing: 0.5 } } }],
  ["LCP's phases without LCP", { ...report, metrics: { FCP: 0.9, TTFB: 0.4 }, why: { lcp } }],
  [
    "a shift's source with no shift",
    { ...report, metrics: { ...metrics, CLS: 0 }, why: { cls: { kind: "body-text" } } },
  ],
  ["another part", { ...withWhy, why: { fcp: { kind: "body-text" } } }],
  ["a text", { ...withWhy, why: { lcp: { ...lcp, text: "Kitchens made to measure" } } }],
  ["why as a list", { ...withWhy, why: [lcp] }],
  ["why null", { ...withWhy, why: null }],
];

test.each(refused)("%s is refused, the whole report with it", (_name, body) => {
  expect(accepted(body)).toBe(false);
  expect(reportSchema.safeParse(body).success).toBe(false);
});

test("the one-pass check decides as the zod schema does, over every kind and phase in and out of range", () => {
  const corpus: unknown[] = [report, withWhy, ...refused.map(([, body]) => body)];
  for (const kind of [...ELEMENT_KINDS, "", "OTHER", 1, null])
    for (const part of ["lcp", "inp", "cls"] as const) {
      const base = { lcp, inp, cls: { kind: "body-text" } }[part];
      corpus.push({ ...withWhy, why: { [part]: { ...base, kind } } });
    }
  for (const value of [0, 0.001, 0.2, 0.3, 1.6, 2.4, 60, 61, -0.001, Number.NaN, "0.2", null])
    for (const phase of Object.keys(lcp).filter((key) => key !== "kind")) {
      corpus.push({ ...withWhy, why: { lcp: { ...lcp, [phase]: value } } });
      corpus.push({ ...withWhy, why: { lcp: { ...lcp, [phase]: value }, inp: { ...inp, processing: value } } });
    }
  let agreed = 0;
  for (const body of corpus) {
    // JSON as the endpoint receives it.
    const value = JSON.parse(JSON.stringify(body));
    expect([JSON.stringify(value), accepted(value)]).toEqual([
      JSON.stringify(value),
      reportSchema.safeParse(value).success,
    ]);
    agreed++;
  }
  expect(agreed).toBeGreaterThan(100);
});

test("each metric's kinds are words of the one vocabulary", () => {
  for (const kinds of [LCP_ELEMENT_KINDS, INP_CONTROL_KINDS, CLS_SOURCE_KINDS]) {
    for (const kind of kinds) expect(ELEMENT_KINDS).toContain(kind);
    expect(kinds).toContain("other");
  }
});
