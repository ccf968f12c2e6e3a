/**
 * What a sighted keyboard user sees of focus, measured from pixels rather than from CSS: a
 * screenshot around an element with focus and one without, the pixels focus changed, and the
 * contrast (WCAG relative luminance) of each changed pixel against what was there before.
 * docs/accessibility.md says which colours each surface uses.
 */
import type { ElementHandle, Page } from "puppeteer";
import sharp from "sharp";

type Rgb = [number, number, number];

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** The WCAG contrast ratio of two colours, 1 to 21. */
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

export interface FocusIndicator {
  /**
   * The contrast that a line of changed pixels as long as the element's perimeter reaches against
   * the same pixels unfocused: the strongest changes first, so a pale fill beside a dark ring
   * does not hide the ring, and a faint ring is not rescued by a few strong pixels.
   */
  ringContrast: number;
  /** The weakest of those changed pixels, as #rrggbb (focused, then unfocused). */
  colours: [string, string];
  /** Changed pixels that reach 3:1 against the unfocused ones. */
  strongPixels: number;
  /** The element's perimeter in pixels: a 1 px line around it. */
  perimeter: number;
}

/** How many pixels around the element are looked at: a 3 px ring 3 px out, and some air. */
const MARGIN = 14;

async function shot(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip, type: "png", captureBeyondViewport: false });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return data;
}

/**
 * Focuses `element` as the keyboard does (it must already be `document.activeElement`, reached by
 * Tab, Enter or an arrow), screenshots it, blurs it, screenshots again and compares.
 */
export async function measureFocusIndicator(
  page: Page,
  element: ElementHandle<Element>,
  { around }: { around?: string } = {},
): Promise<FocusIndicator> {
  // `around`: the ancestor the ring is drawn around, for a control whose ring is its card's (a stretched link).
  const box = await element.evaluate((el, selector) => {
    const r = ((selector && el.closest(selector)) || el).getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  }, around);
  const view = await page.evaluate(() => ({ w: innerWidth, h: innerHeight, sx: scrollX, sy: scrollY }));
  const x = Math.max(0, Math.floor(box.x - MARGIN));
  const y = Math.max(0, Math.floor(box.y - MARGIN));
  // In the document's coordinates, as puppeteer takes them; only what is in the window.
  const clip = {
    x: x + view.sx,
    y: y + view.sy,
    width: Math.min(view.w, Math.ceil(box.x + box.width + MARGIN)) - x,
    height: Math.min(view.h, Math.ceil(box.y + box.height + MARGIN)) - y,
  };
  const focused = await shot(page, clip);
  await element.evaluate((el) => (el as HTMLElement).blur());
  // The blur's transitions (a control's colours) end, and a frame with their last values is drawn:
  // waited for as they happen rather than for a guess at the longest transition's time.
  await element.evaluate(async () => {
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => {})));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const unfocused = await shot(page, clip);
  const pairs = new Map<string, { count: number; ratio: number; colours: [string, string] }>();
  let strongPixels = 0;
  for (let i = 0; i < focused.length; i += 3) {
    const a: Rgb = [focused[i], focused[i + 1], focused[i + 2]];
    const b: Rgb = [unfocused[i], unfocused[i + 1], unfocused[i + 2]];
    if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < 6) continue;
    const ratio = contrast(a, b);
    if (ratio >= 3) strongPixels++;
    const key = `${hex(a)} ${hex(b)}`;
    const pair = pairs.get(key) ?? { count: 0, ratio, colours: [hex(a), hex(b)] as [string, string] };
    pair.count++;
    pairs.set(key, pair);
  }
  const perimeter = Math.round(2 * (box.width + box.height));
  let line: { ratio: number; colours: [string, string] } | undefined;
  let counted = 0;
  for (const pair of [...pairs.values()].sort((p, q) => q.ratio - p.ratio)) {
    counted += pair.count;
    if (counted >= perimeter) {
      line = pair;
      break;
    }
  }
  return {
    ringContrast: line ? Math.round(line.ratio * 100) / 100 : 1,
    colours: line?.colours ?? ["none", "none"],
    strongPixels,
    perimeter,
  };
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`; returns it. */
export async function tabTo(page: Page, selector: string, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      return (await page.evaluateHandle(() => document.activeElement)) as ElementHandle<Element>;
    }
    if (back) {
      await page.keyboard.down("Shift");
      await page.keyboard.press("Tab");
      await page.keyboard.up("Shift");
    } else await page.keyboard.press("Tab");
  }
  throw new Error(`${limit} presses of ${back ? "Shift+" : ""}Tab never reached ${selector} on ${page.url()}`);
}
