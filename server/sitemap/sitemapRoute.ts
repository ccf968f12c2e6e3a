/**
 * `GET /sitemap.xml` (spec §2.1) and, past 50,000 URLs, its child sitemaps `/sitemap-{n}.xml`.
 *
 * Generation streams: documents are read from the content service one page (100) at a time at a
 * pinned ref, each page's `<url>` entries are written out, and the page is dropped, so a large
 * repository never sits in memory. The XML (escaping included) is written by the `sitemap`
 * library; every URL comes from the link resolver, whose path segments are percent-encoded.
 *
 * Splitting (how a child is produced without building the others): the documents of the ref,
 * in the order the content service pages them, are numbered 0…N-1 (N = `total_results_size`,
 * read with a one-document query; the handful of navigation and taxonomy documents count but
 * give no URL). When the N documents plus the 4 list pages fit in one file (≤ 50,000 URLs),
 * /sitemap.xml is that file. Otherwise /sitemap.xml is a sitemap index of ⌈N / 45,000⌉
 * children, and child n (1-based) holds documents [(n-1)·45,000, n·45,000): content pages
 * (n-1)·450+1 … n·450 at 100 per page, plus the list pages in child 1. 45,000 is a multiple of
 * the page size, so a child starts on a page boundary and never reads another child's
 * documents. A document yields at most one URL (none when the site would not serve it), so a
 * child holds at most 45,004 URLs. Every query of one generation pins the same ref, and the
 * same query at the same ref pages in the same order, so children never overlap or miss one.
 *
 * Caching: the finished body of each file is kept in memory under the master ref (DESIGN.md
 * "Content"), only for the latest ref and within a byte budget; a request whose file is cached
 * reads the master ref (through the Prismic client's 5 s repository cache: at most one
 * repository request per 5 s) and no document. A failing content service answers 503 with Retry-After, never 500; a failure after
 * the first bytes were sent aborts the response, so no truncated sitemap passes for a whole one.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { Transform, type TransformCallback } from "node:stream";
import { finished } from "node:stream/promises";
import express, { type Request, type Response, type Router } from "express";
import { ErrorLevel, SitemapIndexStream, SitemapStream, type IndexItem, type SitemapItemLoose } from "sitemap";
import { LOCALES } from "../../shared/locales";
import type { ContentService } from "../content/contentService";
import { buildSiteChrome } from "../content/siteChrome";
import type { Logger } from "../logger";
import { createServedCheck, type ServedCheck } from "./servedPaths";
import { documentEntry, LIST_PAGES, listEntries, type EntryContext } from "./sitemapEntries";
import { RefCache } from "./refCache";

export const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";
export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";

/** The sitemaps protocol's limit of URLs in one file. */
export const MAX_URLS_PER_FILE = 50_000;
/** Documents per child of a sitemap index (a multiple of the page size). */
export const DOCUMENTS_PER_CHILD = 45_000;
export const PAGE_SIZE = 100;

/** A file with no `<url>` at all (the library refuses to write one). Fixed text: nothing to escape. */
const EMPTY_URLSET =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"></urlset>';

export interface SitemapRouteOptions {
  content: ContentService;
  /** SITE_URL, without a trailing slash. */
  origin: string;
  logger: Logger;
  maxUrlsPerFile?: number;
  documentsPerChild?: number;
  pageSize?: number;
  /** Budget for the cached bodies of one ref (default 256 MiB). */
  maxCacheBytes?: number;
  retryAfterSeconds?: number;
  /** Which paths the site serves; default: the router's routes and guards (servedPaths.ts). */
  served?: ServedCheck;
}

/** What one content version's sitemap looks like; computed once per ref. */
interface Plan {
  ref: string;
  entries: EntryContext;
  lists: SitemapItemLoose[];
  totalDocuments: number;
  /** 0: /sitemap.xml holds every URL; otherwise the number of child sitemaps. */
  children: number;
}

type Item = SitemapItemLoose | IndexItem;

interface FileSpec {
  kind: "urlset" | "index";
  batches: () => AsyncGenerator<Item[], void, undefined>;
}

/** Joins the library's many small strings into chunks of about 64 KiB, and keeps a copy of them. */
class Coalesce extends Transform {
  readonly #parts: string[] = [];
  #length = 0;

  constructor(private readonly collected: string[]) {
    super({ writableObjectMode: true, readableObjectMode: false, decodeStrings: false });
  }

  override _transform(chunk: string | Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
    this.#parts.push(text);
    this.#length += text.length;
    if (this.#length >= 64 * 1024) this.#emit();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#emit();
    callback();
  }

  #emit(): void {
    if (this.#parts.length === 0) return;
    const text = this.#parts.join("");
    this.#parts.length = 0;
    this.#length = 0;
    this.collected.push(text);
    this.push(text, "utf8");
  }
}

function etagOf(ref: string, file: string): string {
  return `W/"${createHash("sha256").update(`${ref}\n${file}`).digest("base64url").slice(0, 27)}"`;
}

export function createSitemapRouter(options: SitemapRouteOptions): Router {
  const { content, origin, logger } = options;
  const maxUrls = options.maxUrlsPerFile ?? MAX_URLS_PER_FILE;
  const perChild = options.documentsPerChild ?? DOCUMENTS_PER_CHILD;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const retryAfter = String(options.retryAfterSeconds ?? 120);
  const listCount = LIST_PAGES.length * LOCALES.length;
  if (perChild % pageSize !== 0 || perChild + listCount > maxUrls) {
    throw new Error(`documentsPerChild must be a multiple of ${pageSize} and at most ${maxUrls - listCount}`);
  }

  const served = options.served ?? createServedCheck();
  const plans = new RefCache<Plan>();
  const bodies = new RefCache<Buffer | null>({
    maxBytes: options.maxCacheBytes ?? 256 * 1024 * 1024,
    sizeOf: (body) => body?.length ?? 0,
  });

  async function makePlan(ref: string): Promise<Plan> {
    const langs = LOCALES.map((locale) => locale.lang);
    const [navigations, probe, newest] = await Promise.all([
      Promise.all(langs.map((lang) => content.navigation(lang))),
      content.routableDocuments(1, 1, ref),
      Promise.all(
        LIST_PAGES.flatMap(({ itemType }) =>
          langs.map(async (lang) => [`${itemType} ${lang}`, await content.latestPublication(itemType, lang, ref)] as const),
        ),
      ),
    ]);
    const sections = Object.fromEntries(
      LOCALES.map((locale, i) => [locale.lang, buildSiteChrome(locale.code, navigations[i], null).sections]),
    );
    const newestOf = new Map<string, string | null>(newest);
    const lists = listEntries(origin, (itemType, lang) => newestOf.get(`${itemType} ${lang}`));
    const totalDocuments = probe.total;
    const children = totalDocuments + lists.length <= maxUrls ? 0 : Math.ceil(totalDocuments / perChild);
    return { ref, entries: { origin, sections, served }, lists, totalDocuments, children };
  }

  /** The `<url>` entries of the documents on content pages first…last, one batch per page. */
  async function* documentBatches(plan: Plan, first: number, last: number): AsyncGenerator<Item[], void, undefined> {
    const fetchPage = (page: number) => {
      const result = content.routableDocuments(page, pageSize, plan.ref);
      result.catch(() => undefined); // awaited below; this only keeps an abandoned prefetch quiet
      return result;
    };
    let next = first <= last ? fetchPage(first) : null;
    for (let page = first; next; page++) {
      const result = await next;
      // Read the next page while this one is written out.
      next = page < last && page < result.totalPages ? fetchPage(page + 1) : null;
      const items: Item[] = [];
      for (const doc of result.items) {
        const entry = documentEntry(doc, plan.entries);
        if (entry) items.push(entry);
      }
      yield items;
    }
  }

  /**
   * The list pages, then the documents; the first content page is read before the list pages are
   * handed out, so that a content failure happens before the response starts (a 503, not a cut).
   */
  async function* listsThenDocuments(lists: Item[], documents: AsyncGenerator<Item[], void, undefined>) {
    const first = await documents.next();
    try {
      if (lists.length > 0) yield lists;
      if (first.done) return;
      yield first.value;
      yield* documents;
    } finally {
      await documents.return(undefined);
    }
  }

  /** What a file holds under a plan; null when the file does not exist (404). */
  function fileSpec(plan: Plan, child: number | null): FileSpec | null {
    if (child === null) {
      if (plan.children === 0) {
        return {
          kind: "urlset",
          batches: () => listsThenDocuments(plan.lists, documentBatches(plan, 1, Infinity)),
        };
      }
      const children = Array.from({ length: plan.children }, (_, i) => ({ url: `${origin}/sitemap-${i + 1}.xml` }));
      return {
        kind: "index",
        batches: async function* () {
          yield children;
        },
      };
    }
    if (plan.children === 0 || child < 1 || child > plan.children) return null;
    const pagesPerChild = perChild / pageSize;
    return {
      kind: "urlset",
      batches: () =>
        listsThenDocuments(child === 1 ? plan.lists : [], documentBatches(plan, (child - 1) * pagesPerChild + 1, child * pagesPerChild)),
    };
  }

  function openStream(kind: FileSpec["kind"], log: Logger): Transform {
    const errorHandler = (error: Error) => log.warn({ err: error }, "sitemap: invalid entry");
    return kind === "index"
      ? new SitemapIndexStream({ level: ErrorLevel.WARN })
      : new SitemapStream({
          xmlns: { xhtml: true, news: false, image: false, video: false },
          level: ErrorLevel.WARN,
          errorHandler,
        });
  }

  function logOf(req: Request): Logger {
    return (req as Request & { log?: Logger }).log ?? logger;
  }

  function unavailable(req: Request, res: Response, error: unknown, file: string): void {
    logOf(req).error({ err: error, file }, "sitemap: content service failed");
    if (res.headersSent) return void res.destroy(error instanceof Error ? error : new Error(String(error)));
    res.removeHeader("ETag");
    res.status(503).set({ "Retry-After": retryAfter, "Cache-Control": "no-store" }).type("text/plain").send("Service Unavailable");
  }

  function notFound(res: Response): void {
    res.status(404).type("text/plain").send("Not Found");
  }

  function successHeaders(res: Response, ref: string, file: string): void {
    res.status(200).set({
      "Content-Type": SITEMAP_CONTENT_TYPE,
      "Cache-Control": SITEMAP_CACHE_CONTROL,
      ETag: etagOf(ref, file),
    });
  }

  /** Streams a file to `res` while it is generated; resolves with its whole body (or null for a 404). */
  async function generate(
    req: Request,
    res: Response,
    ref: string,
    file: string,
    child: number | null,
    signal: AbortSignal,
  ): Promise<Buffer | null> {
    const plan = await plans.getOrCompute(ref, "plan", () => makePlan(ref));
    const spec = fileSpec(plan, child);
    if (!spec) {
      notFound(res);
      return null;
    }
    const batches = spec.batches();
    // The first page is read before any header is sent, so an unreachable content service is a 503.
    let step = await batches.next();

    successHeaders(res, ref, file);
    const collected: string[] = [];

    // xml → coalesce → res with plain pipes: on a failure nothing else destroys `res`, and the
    // caller decides between a 503 (nothing flushed yet) and cutting the connection.
    let xml: Transform | null = null;
    let coalesce: Coalesce | null = null;
    let streamError: Promise<never> | null = null;
    try {
      for (; !step.done; step = await batches.next()) {
        for (const item of step.value) {
          signal.throwIfAborted();
          if (!xml) {
            xml = openStream(spec.kind, logOf(req));
            coalesce = new Coalesce(collected);
            const [a, b] = [xml, coalesce];
            streamError = Promise.race([once(a, "error"), once(b, "error")]).then(([error]) => Promise.reject(error));
            streamError.catch(() => undefined); // raced below
            a.pipe(b).pipe(res);
          }
          if (!xml.write(item)) await Promise.race([once(xml, "drain", { signal }), streamError]);
        }
      }
      if (xml && coalesce && streamError) {
        xml.end();
        await Promise.race([finished(res), streamError]);
      } else {
        collected.push(EMPTY_URLSET);
        res.end(EMPTY_URLSET);
      }
    } catch (error) {
      await batches.return(undefined);
      xml?.unpipe();
      coalesce?.unpipe();
      xml?.destroy();
      coalesce?.destroy();
      throw error;
    }
    return Buffer.from(collected.join(""), "utf8");
  }

  async function serve(req: Request, res: Response, file: string, child: number | null): Promise<void> {
    let ref: string;
    try {
      ref = await content.masterRef();
    } catch (error) {
      return unavailable(req, res, error, file);
    }
    plans.observe(ref);
    bodies.observe(ref);

    const cached = bodies.get(ref, file);
    if (cached) {
      let body: Buffer | null;
      try {
        body = await cached;
      } catch (error) {
        return unavailable(req, res, error, file);
      }
      if (body === null) return notFound(res);
      successHeaders(res, ref, file);
      return void res.send(body);
    }

    let settle!: { resolve: (body: Buffer | null) => void; reject: (error: unknown) => void };
    const pending = new Promise<Buffer | null>((resolve, reject) => (settle = { resolve, reject }));
    pending.catch(() => undefined); // requests that share it handle its failure
    bodies.track(ref, file, pending);
    // A client that leaves stops the generation (nothing is cached; the next request starts over).
    const clientGone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) clientGone.abort(new Error("the client closed the connection"));
    });
    try {
      settle.resolve(await generate(req, res, ref, file, child, clientGone.signal));
    } catch (error) {
      settle.reject(error);
      if (clientGone.signal.aborted) {
        logOf(req).warn({ file }, "sitemap: the client closed the connection before the end");
        return;
      }
      unavailable(req, res, error, file);
    }
  }

  const router = express.Router();
  router.get("/sitemap.xml", (req, res) => serve(req, res, "sitemap.xml", null));
  router.get(/^\/sitemap-([1-9]\d{0,6})\.xml$/, (req, res) => {
    const child = Number((req.params as Record<string, string>)[0]);
    return serve(req, res, `sitemap-${child}.xml`, child);
  });
  return router;
}
