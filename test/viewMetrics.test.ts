/**
 * client/vitals/viewMetrics.ts: one page view's INP and CLS among several in a document, by
 * web-vitals' rules, from the entries of the view's own span of time.
 */
import { cumulativeLayoutShift, interactionToNextPaint } from "../client/vitals/viewMetrics";

const span = { from: 1000, to: 9000 };

describe("interactionToNextPaint", () => {
  test("is the longest interaction of the view, each interaction its longest entry (a tap's pointerdown, pointerup and click are one)", () => {
    const entries = [
      { interactionId: 7, startTime: 1200, duration: 40 },
      { interactionId: 7, startTime: 1210, duration: 72 },
      { interactionId: 9, startTime: 3000, duration: 56 },
    ];
    expect(interactionToNextPaint(entries, span)).toBe(72);
  });

  test("leaves out interactions of other views, and is undefined for a view without any", () => {
    const entries = [
      { interactionId: 1, startTime: 500, duration: 400 },
      { interactionId: 2, startTime: 9000, duration: 300 },
    ];
    expect(interactionToNextPaint(entries, span)).toBeUndefined();
    expect(interactionToNextPaint([...entries, { interactionId: 3, startTime: 8999, duration: 24 }], span)).toBe(24);
  });

  test("with the engine's count of the view's interactions: quick ones (no entry under 16 ms) make an INP of 0, and count towards the percentile", () => {
    expect(interactionToNextPaint([], span, 2)).toBe(0);
    expect(interactionToNextPaint([{ interactionId: 1, startTime: 500, duration: 400 }], span, 1)).toBe(0);
    expect(interactionToNextPaint([], span, 0)).toBeUndefined();
    const entries = [
      { interactionId: 7, startTime: 1200, duration: 120 },
      { interactionId: 14, startTime: 2000, duration: 48 },
    ];
    // Two slow ones among 50: the slowest is left out, as web-vitals would.
    expect(interactionToNextPaint(entries, span, 2)).toBe(120);
    expect(interactionToNextPaint(entries, span, 50)).toBe(48);
  });

  test("from 50 interactions on, the one highest per 50 is left out (the 98th percentile)", () => {
    const entries = Array.from({ length: 60 }, (_, i) => ({
      interactionId: i + 1,
      startTime: 2000 + i,
      duration: 16 + i,
    }));
    // 60 interactions: the longest (75 ms) is left out, the next (74 ms) is the INP.
    expect(interactionToNextPaint(entries, span)).toBe(74);
    expect(interactionToNextPaint(entries.slice(0, 49), span)).toBe(64);
  });
});

describe("cumulativeLayoutShift", () => {
  const shift = (startTime: number, value: number, hadRecentInput = false) => ({ startTime, value, hadRecentInput });

  test("is the largest session window: shifts under 1 s apart, within 5 s of its first", () => {
    const shifts = [shift(1100, 0.05), shift(1500, 0.05), shift(3000, 0.02), shift(3500, 0.2), shift(4400, 0.01)];
    expect(cumulativeLayoutShift(shifts, span)).toBeCloseTo(0.23, 10);
  });

  test("a window closes after 5 s even with shifts under 1 s apart", () => {
    const shifts = Array.from({ length: 12 }, (_, i) => shift(1000 + i * 600, 0.01));
    // 1000 … 5800 is one window (9 shifts: 5400 is under 5 s after 1000, 6000 is not).
    expect(cumulativeLayoutShift(shifts, span)).toBeCloseTo(0.09, 10);
  });

  test("leaves out shifts after input and those of other views; 0 without any", () => {
    expect(cumulativeLayoutShift([shift(2000, 0.3, true), shift(500, 0.4), shift(9500, 0.5)], span)).toBe(0);
    expect(cumulativeLayoutShift([], span)).toBe(0);
  });
});
