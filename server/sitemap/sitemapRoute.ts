/**
 * `GET /sitemap.xml` (docs/behaviour.md section 1.8) and, past 50,000 URLs, its child sitemaps `/sitemap-{n}.xml`:
 * the HTTP side. Which files exist and what each holds is sitemapFiles.ts; the documents are
 * read page by page in documentBatches.ts and streamed out as XML by sitemapWriter.ts.
 *
 * Caching: the finished body of each file is kept in memory under the master ref (docs/architecture.md
 * "Content"), only for the latest ref and within a byte budget; a request whose file is cached
 * reads the master ref (through the Prismic client's 5 s repository cache: at most one
 * repository request per 5 s) and no document. A failing content service answers 503 with
 * Retry-After, never 500; a failure after the first bytes were sent aborts the response, so no
 * truncated sitemap passes for a whole one.
 *
 * Edge keys (EDGE_KEYS_HEADER): a sitemap lists every routable document and reads the menus
 * (sections), so it is keyed by those types, never by its documents' ids (a site's ids would pass
 * any header's size): any publish of a routable document or a menu purges it.
 */
import { createHash } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import { type ContentService, ROUTABLE_TYPES } from "../content/contentService";
import { formatKeys, typeKey } from "../edge/edgeKeys";
import type { EdgeKeysHeader } from "../edge/edgeSettings";
import type { Logger } from "../observability/logger";
import type { EdgeLifetimes } from "../edge/edgeLifetimes";
import { SITEMAP_CACHE_CONTROL } from "../pageCache/cacheControl";
import { RefCache } from "./refCache";
import type { ServedCheck } from "./servedPaths";
import { createSitemapFiles, sitemapLimits, type Plan } from "./sitemapFiles";
import { writeSitemap } from "./sitemapWriter";

// Importers of the limits read them here too.
export { DOCUMENTS_PER_CHILD, MAX_URLS_PER_FILE, PAGE_SIZE } from "./sitemapFiles";

// Its cache header is said once, with the pages' (server/pageCache/cacheControl.ts).
export { SITEMAP_CACHE_CONTROL } from "../pageCache/cacheControl";
export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
/** The edge keys of every sitemap file (`all` added by formatKeys). */
export const SITEMAP_KEYS: readonly string[] = [...ROUTABLE_TYPES, "navigation"].map(typeKey);

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
  /** The header carrying the files' edge keys (EDGE_KEYS_HEADER); none without it. */
  keysHeader?: EdgeKeysHeader;
  /** The edge's lifetimes (server/edge/edgeLifetimes.ts); without it, SITEMAP_CACHE_CONTROL. */
  lifetimes?: EdgeLifetimes;
}

function etagOf(ref: string, file: string): string {
  return `W/"${createHash("sha256").update(`${ref}\n${file}`).digest("base64url").slice(0, 27)}"`;
}

export function createSitemapRouter(options: SitemapRouteOptions): Router {
  const { content, origin, logger, keysHeader } = options;
  const keys = keysHeader && formatKeys(SITEMAP_KEYS, keysHeader);
  const retryAfter = String(options.retryAfterSeconds ?? 120);
  /** Each response's master ref confirmed after its request arrived, for the edge's long lifetime. */
  const confirmedRefs = new WeakMap<Response, string | undefined>();
  const files = createSitemapFiles({
    content,
    origin,
    served: options.served,
    limits: sitemapLimits(options),
  });
  const plans = new RefCache<Plan>();
  const bodies = new RefCache<Buffer | null>({
    maxBytes: options.maxCacheBytes ?? 256 * 1024 * 1024,
    sizeOf: (body) => body?.length ?? 0,
  });

  function logOf(req: Request): Logger {
    return (req as Request & { log?: Logger }).log ?? logger;
  }

  function unavailable(req: Request, res: Response, error: unknown, file: string): void {
    logOf(req).error({ err: error, file }, "sitemap: content service failed");
    if (res.headersSent) return void res.destroy(error instanceof Error ? error : new Error(String(error)));
    res.removeHeader("ETag");
    res
      .status(503)
      .set({ "Retry-After": retryAfter, "Cache-Control": "no-store" })
      .type("text/plain")
      .send("Service Unavailable");
  }

  function notFound(res: Response): void {
    res.status(404).type("text/plain").send("Not Found");
  }

  function successHeaders(res: Response, ref: string, file: string): void {
    res.status(200).set({
      "Content-Type": SITEMAP_CONTENT_TYPE,
      "Cache-Control": options.lifetimes
        ? options.lifetimes.sitemap(ref, confirmedRefs.get(res))
        : SITEMAP_CACHE_CONTROL,
      ETag: etagOf(ref, file),
    });
    if (keysHeader && keys) res.setHeader(keysHeader, keys);
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
    const plan = await plans.getOrCompute(ref, "plan", () => files.plan(ref));
    const spec = files.file(plan, child);
    if (!spec) {
      notFound(res);
      return null;
    }
    const batches = spec.batches();
    // The first page is read before any header is sent, so an unreachable content service is a 503.
    const step = await batches.next();
    successHeaders(res, ref, file);
    return writeSitemap(res, spec.kind, batches, step, signal, logOf(req));
  }

  async function serve(req: Request, res: Response, file: string, child: number | null): Promise<void> {
    // Begun as the request arrives: only a master-ref read started from now confirms the file's ref.
    const confirmation = options.lifetimes?.longLived() ? options.lifetimes.confirm() : undefined;
    let ref: string;
    try {
      ref = await content.masterRef();
    } catch (error) {
      return unavailable(req, res, error, file);
    }
    if (confirmation !== undefined) confirmedRefs.set(res, await confirmation);
    plans.observe(ref);
    bodies.observe(ref);

    const cached = bodies.get(ref, file);
    if (cached !== undefined) {
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

  // At their exact spelling only, as every root file (docs/security.md, "Caches and URL spellings").
  const router = express.Router({ caseSensitive: true, strict: true });
  router.get("/sitemap.xml", (req, res) => serve(req, res, "sitemap.xml", null));
  router.get(/^\/sitemap-([1-9]\d{0,6})\.xml$/, (req, res) => {
    const child = Number((req.params as Record<string, string>)[0]);
    return serve(req, res, `sitemap-${child}.xml`, child);
  });
  return router;
}
