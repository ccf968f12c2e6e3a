/**
 * No visitor waits for a cold transform of an image the content uses: at start-up, and again
 * whenever the master ref changes (a publish), the warmer reads the site's own pages (the sitemap,
 * over loopback, as a crawler would) and prepares every image URL they emit (`src`, `srcset`,
 * `imagesrcset`) in AVIF and then WebP: exactly the entries a browser will ask for, whatever the
 * views decide. Transforms run as background work in the queue (one core at most, behind any
 * visitor's), one at a time; the whole pass is bounded in pages and images, and logged.
 * Readiness never waits for it.
 */
import type { Logger } from "pino";
import { parseImageParams } from "./imageParams";
import type { ImageService } from "./imageService";
import { mediaStats } from "./imageTransform";
import { originalFormat, resolveMediaFile } from "./mediaRoute";

export interface MediaWarmerOptions {
  images: ImageService;
  mediaDir: string;
  /** The public origin the pages' absolute URLs use (SITE_URL). */
  siteUrl: string;
  /** Where this server listens, for reading its own pages (e.g. http://127.0.0.1:3000). */
  selfUrl: string;
  /** Headers sent with each of those requests (the server's mark of its own warm-up requests). */
  headers?: Readonly<Record<string, string>>;
  /** The master ref of the moment (server/content/refTracker.ts): a new one is a publish. */
  refs: { current(): Promise<string> };
  logger: Logger;
  /** Pages read per pass (sitemap order: the homes and lists come first). */
  maxPages?: number;
  /** Image URLs prepared per pass, per format. */
  maxImages?: number;
  /** How often the master ref is checked for a publish (ms). */
  pollMs?: number;
}

export interface MediaWarmer {
  /** Resolves when the pass in progress (if any) has finished. */
  idle(): Promise<void>;
  stop(): void;
}

/** Formats in the order prepared: what most browsers take first. */
const ACCEPTS = ["image/avif,image/webp,*/*", "image/webp,*/*"] as const;
const USER_AGENT = "site-media-warmer (crawler)";
/** An image URL emitted by a page: in a src, srcset or imagesrcset attribute (React writes `srcSet`, `imageSrcSet`). */
const IMAGE_ATTRIBUTE = /\s(?:src|srcset|imagesrcset)="([^"]*)"/gi;
const LOC = /<loc>([^<]+)<\/loc>/g;
/** The img and link tags of a page. */
const TAG = /<(?:img|link)\s[^>]*>/g;

const unescapeHtml = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

export function startMediaWarmer(options: MediaWarmerOptions): MediaWarmer {
  const {
    images,
    mediaDir,
    siteUrl,
    selfUrl,
    headers = {},
    refs,
    logger,
    maxPages = 500,
    maxImages = 5_000,
    pollMs = 30_000,
  } = options;
  let stopped = false;
  let warmedRef: string | undefined;
  let pass: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  /** A URL of this site (absolute with SITE_URL's origin, or root-relative) as path + query; else undefined. */
  function local(url: string): string | undefined {
    try {
      const parsed = new URL(url, siteUrl);
      return parsed.origin === new URL(siteUrl).origin ? parsed.pathname + parsed.search : undefined;
    } catch {
      return undefined;
    }
  }

  async function text(path: string): Promise<string | undefined> {
    if (stopped) return undefined;
    const res = await fetch(selfUrl + path, {
      headers: { ...headers, "user-agent": USER_AGENT, accept: "text/html,application/xml" },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    if (res.ok) return res.text();
    // Read the body anyway, so the connection is released.
    await res.arrayBuffer();
    return undefined;
  }

  async function pagesOfSitemap(): Promise<string[]> {
    const pages: string[] = [];
    const queue = ["/sitemap.xml"];
    // A sitemap index lists sitemap files; bounded like everything else here.
    for (let files = 0; queue.length && files < 100 && pages.length < maxPages; files++) {
      const xml = (await text(queue.shift()!)) ?? "";
      for (const [, loc] of xml.matchAll(LOC)) {
        const path = local(unescapeHtml(loc.trim()));
        if (!path) continue;
        if (/^\/sitemap(-\d+)?\.xml$/.test(path)) queue.push(path);
        else if (pages.length < maxPages) pages.push(path);
      }
    }
    // Shallow pages first: the homes and lists, whose images most visitors see.
    const depth = (path: string) => path.split("/").filter(Boolean).length;
    return pages
      .map((path, index) => ({ path, index }))
      .sort((a, b) => depth(a.path) - depth(b.path) || a.index - b.index)
      .map((e) => e.path);
  }

  /**
   * The image URLs the pages emit, the pages' main images first (a `fetchpriority="high"` img or
   * an image preload: each page's LCP candidate), then the others in page order.
   */
  async function imageUrlsOf(pages: string[]): Promise<string[]> {
    const first = new Set<string>();
    const rest = new Set<string>();
    for (const page of pages) {
      if (stopped || first.size + rest.size >= maxImages) break;
      const html = await text(page).catch(() => undefined);
      for (const [tag] of (html ?? "").matchAll(TAG)) {
        const main = /\sfetchpriority="high"|\srel="preload"/i.test(tag);
        for (const [, value] of tag.matchAll(IMAGE_ATTRIBUTE)) {
          // A srcset is "url descriptor, url descriptor"; a src is one URL.
          for (const candidate of unescapeHtml(value).split(",")) {
            const path = local(candidate.trim().split(/\s+/)[0] ?? "");
            if (!path?.startsWith("/media/") || first.has(path) || first.size + rest.size >= maxImages) continue;
            if (main) {
              rest.delete(path);
              first.add(path);
            } else rest.add(path);
          }
        }
      }
    }
    // The phone and laptop widths of the main images first, then of every image, then the large ones.
    const width = (path: string) => Number(/[?&](?:w|width)=(\d+)/.exec(path)?.[1] ?? 0);
    const tier = (path: string) => (width(path) > 1200 ? 2 : first.has(path) ? 0 : 1);
    return [...first, ...rest]
      .map((path, index) => ({ path, index }))
      .sort((a, b) => tier(a.path) - tier(b.path) || a.index - b.index)
      .map((e) => e.path);
  }

  async function prepare(path: string, accept: string): Promise<"ok" | "skipped" | "failed"> {
    const [pathname, query = ""] = path.slice("/media".length).split("?");
    const media = await resolveMediaFile(mediaDir, pathname);
    const parsed = parseImageParams(new URLSearchParams(query));
    const original = media && originalFormat(media);
    if (!media || !original || !parsed.ok) return "skipped";
    const outcome = await images.image({ media, original, params: parsed.params, accept, priority: "background" });
    return outcome.kind === "image" || outcome.kind === "original" ? "ok" : "failed";
  }

  async function warm(ref: string): Promise<void> {
    const started = Date.now();
    const transformsBefore = mediaStats.transforms;
    const pages = await pagesOfSitemap();
    const urls = await imageUrlsOf(pages);
    logger.info(
      { ref, pages: pages.length, images: urls.length },
      "media warm-up: preparing the images the pages emit, in the background (pages are served meanwhile; MEDIA_WARM=off skips it)",
    );
    const tally = { ok: 0, skipped: 0, failed: 0 };
    for (const accept of ACCEPTS) {
      for (const url of urls) {
        if (stopped) return;
        // Only auto=format URLs change with Accept: the others are prepared once.
        if (accept !== ACCEPTS[0] && !/[?&]auto=[^&]*format/.test(url)) continue;
        tally[await prepare(url, accept).catch(() => "failed" as const)]++;
        if (!images.cache.writable()) {
          // Nothing prepared can be kept: stop rather than spend a core on it (the cache warned once already).
          warmedRef = ref;
          logger.warn({ ref, ...tally }, "media warm-up stopped: the media cache is not writable");
          return;
        }
      }
    }
    warmedRef = ref;
    logger.info(
      {
        ref,
        pages: pages.length,
        images: urls.length,
        ...tally,
        transformed: mediaStats.transforms - transformsBefore,
        ms: Date.now() - started,
      },
      "media warm-up done",
    );
  }

  async function check(): Promise<void> {
    if (stopped) return;
    try {
      const ref = await refs.current();
      if (ref !== warmedRef) await warm(ref);
    } catch (error) {
      logger.warn({ err: error }, "media warm-up failed: images are prepared on first request instead");
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = check().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  pass = check().finally(schedule);

  return {
    idle: () => pass,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
