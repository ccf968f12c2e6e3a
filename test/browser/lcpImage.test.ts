/**
 * The largest paint of each page type (docs/behaviour.md section 7.5), seen by Chromium at phone and desktop sizes:
 * when it is an image, the document preloads that image with `fetchpriority="high"` (React
 * emits the preload for the page's priority image, views/parts/ResponsiveImage.tsx) and the
 * image itself is eager; every image below the fold is lazy.
 */
import type { Page } from "puppeteer";
import { useSiteAndBrowser } from "../support/browserSuite";
import { within } from "../support/waitFor";

const suite = useSiteAndBrowser();

/** Each page type's path and what its largest paint is: its main image, or (samples: small swatches under an intro) text. */
const PAGE_TYPES: Record<string, { path: string; lcp: "image" | "text" }> = {
  home: { path: "/", lcp: "image" },
  "home (us)": { path: "/us", lcp: "image" },
  "section page": { path: "/products/doors-drawers", lcp: "image" },
  "gallery list": { path: "/gallery", lcp: "image" },
  "gallery item": { path: "/gallery/braybrook-st", lcp: "image" },
  "blog list": { path: "/info/blog", lcp: "image" },
  "blog article": { path: "/info/blog/choosing-a-worktop", lcp: "image" },
  samples: { path: "/materials/samples", lcp: "text" },
};

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

interface Lcp {
  tag: string | null;
  src: string | null;
}

/**
 * The last largest-contentful-paint entry of the page, read once the page's high-priority image
 * has been decoded and painted: the browser reports the image's entry only after that paint, so a
 * busy machine could otherwise read the text's earlier entry as the last.
 */
const largestPaint = (page: Page) =>
  within(
    "the page's largest-contentful-paint entry",
    10_000,
    page.evaluate(
      () =>
        new Promise<Lcp>((resolve) => {
          const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
          const painted = () => new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
          void Promise.all(images.map((image) => image.decode().catch(() => undefined)))
            .then(painted)
            .then(() =>
              new PerformanceObserver((list) => {
                const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null; url: string };
                resolve({
                  tag: entry.element?.tagName ?? null,
                  src: (entry.element as HTMLImageElement | null)?.currentSrc || entry.url || null,
                });
              }).observe({ type: "largest-contentful-paint", buffered: true }),
            );
        }),
    ),
  );

describe.each(Object.entries(SIZES))("at %s size", (_size, viewport) => {
  // One tab per size, each page type a new document in it: a tab of its own per page would add
  // about 2.5 CPU-s of Chromium's process start and teardown each, and measure nothing more.
  let page: Page;
  beforeAll(async () => {
    page = await suite.browser.newPage();
    await page.setViewport(viewport);
  });
  afterAll(() => page?.close());

  test.each(Object.entries(PAGE_TYPES))(
    "%s: its LCP image is preloaded with high priority; images below the fold are lazy",
    async (_type, { path, lcp: expected }) => {
      await page.goto(`${suite.server.url}${path}`, { waitUntil: "networkidle0" });
      const lcp = await largestPaint(page);
      expect(lcp.tag === "IMG" ? "image" : "text").toBe(expected);

      if (lcp.tag === "IMG") {
        const preloads = await page.$$eval('link[rel="preload"][as="image"]', (links) =>
          links.map((l) => ({
            srcset: l.getAttribute("imagesrcset") ?? "",
            href: l.getAttribute("href") ?? "",
            priority: l.getAttribute("fetchpriority"),
          })),
        );
        const file = new URL(lcp.src!).pathname;
        const preload = preloads.find((p) => p.srcset.includes(file) || p.href.includes(file));
        expect(preload).toBeDefined();
        expect(preload!.priority).toBe("high");
        const img = await page.$eval(`img[fetchpriority="high"]`, (i) => ({
          loading: i.getAttribute("loading"),
          src: (i as HTMLImageElement).currentSrc,
        }));
        expect(new URL(img.src).pathname).toBe(file);
        expect(img.loading).toBe("eager");
      } else {
        // Text is the largest paint: no image may claim high priority and compete with the font and CSS.
        expect(await page.$$('img[fetchpriority="high"]')).toHaveLength(0);
      }

      const belowTheFold = await page.$$eval(
        "img",
        (imgs, height) =>
          imgs.filter((i) => i.getBoundingClientRect().top > height * 1.5).map((i) => i.getAttribute("loading")),
        viewport.height,
      );
      expect(belowTheFold.length).toBeGreaterThan(0);
      expect(belowTheFold.every((loading) => loading === "lazy")).toBe(true);
    },
  );
});
