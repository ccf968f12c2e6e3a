/**
 * Streams a rendered router into the document shell. Crawlers get the whole document before
 * the first byte; browsers get the shell as soon as it is ready. The render is aborted when
 * the client goes away or after a bound, and the timer is cleared when it ends.
 */
import { Transform, Writable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouterProvider, type StaticHandlerContext, type createStaticRouter } from "react-router";
import { isbot } from "isbot";
import { devErrorPage } from "./dev/errorPage";
import { DOCUMENT_END } from "./htmlShell";
import type { Logger } from "./logger";
import { NO_FEATURES, SiteFeaturesContext, type SiteFeatures } from "../views/siteFeatures";

const RENDER_TIMEOUT_MS = 10_000;

export interface StreamOptions {
  router: ReturnType<typeof createStaticRouter>;
  context: StaticHandlerContext;
  nonce: string;
  entry: string;
  /** Everything before React's markup: doctype, head, body start. */
  start: string;
  log: Logger;
  /** Which widgets this deployment has: the views render their elements only then. */
  features?: SiteFeatures;
  /** Sees every byte sent (the page cache keeps a copy). */
  onChunk?: (chunk: Buffer) => void;
}

/** Resolves when the response has finished or closed; `completed` tells whether it was sent whole. */
export function streamDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  o: StreamOptions,
): Promise<{ completed: boolean }> {
  const forCrawler = isbot(req.get("user-agent") ?? "");
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let failed = false;
    const done = (completed: boolean) => {
      clearTimeout(timer);
      resolve({ completed: completed && !failed });
    };
    const body = new Transform({
      // No "close" for React to take for an early end (it would build an Error after each
      // render); a visitor who leaves is seen on `res` below.
      emitClose: false,
      transform(chunk: Buffer, _encoding, callback) {
        o.onChunk?.(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        o.onChunk?.(Buffer.from(DOCUMENT_END));
        callback(null, DOCUMENT_END);
      },
    });
    // React flushes after each chunk it writes; pass that through to compression.
    (body as Transform & { flush?: () => void }).flush = () =>
      (res as ExpressResponse & { flush?: () => void }).flush?.();

    const app = (
      <SiteFeaturesContext value={o.features ?? NO_FEATURES}>
        <StaticRouterProvider router={o.router} context={o.context} nonce={o.nonce} />
      </SiteFeaturesContext>
    );
    const stream = renderToPipeableStream(app, {
      nonce: o.nonce,
      // Every slice is a Suspense boundary (views/slices/index.tsx) so that the browser hydrates
      // them one by one; none suspends, and each must stay in place in the HTML: React otherwise
      // moves a large finished boundary out of the shell into a hidden element and an inline
      // script, and the page would need JavaScript to show its content.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      bootstrapModules: [o.entry],
      [forCrawler ? "onAllReady" : "onShellReady"]() {
        res.status(o.context.statusCode);
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.write(o.start);
        o.onChunk?.(Buffer.from(o.start));
        body.pipe(res);
        stream.pipe(body);
      },
      onShellError(error: unknown) {
        failed = true;
        o.log.error({ err: error }, "render failed before the shell was ready");
        if (res.headersSent) return;
        // A development build shows the error (server/dev/errorPage.ts); production never does.
        if (process.env.NODE_ENV === "development") res.status(500).type("html").send(devErrorPage(error));
        else res.status(500).type("text/plain").send("Internal Server Error");
      },
      onError(error: unknown) {
        failed = true;
        o.log.error({ err: error }, "render error");
      },
    });
    res.on("finish", () => done(true));
    res.on("close", () => {
      if (!res.writableFinished) stream.abort();
      done(res.writableFinished);
    });
    timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
  });
}

export interface BufferOptions {
  router: ReturnType<typeof createStaticRouter>;
  context: StaticHandlerContext;
  nonce?: string;
  /** Module scripts React adds at the end (none when the shell loads the entry itself). */
  bootstrapModules?: string[];
  /** Everything before React's markup: doctype, head, body start. */
  start: string;
  /** What follows `#root` in the body (server/htmlShell.ts `documentTail`). */
  end?: string;
  /** Whether the router writes its hydration script (false when the shell carries the data as JSON). */
  hydrate?: boolean;
  log: Logger;
  /** Which widgets this deployment has: the views render their elements only then. */
  features?: SiteFeatures;
}

/** A whole document, and where React's markup lies in it (between the shell's start and end). */
export interface RenderedDocument {
  html: Buffer;
  /** React's part of `html`: the bytes no shell code wrote. */
  markup: Buffer;
}

/**
 * Renders a whole document into one buffer, for pages every visitor shares (the page cache):
 * the render belongs to no request, so no visitor's going away can cut it short, and the bytes
 * are complete before anyone is sent them. React's chunks are kept as it hands them over (each
 * is a fresh array it never writes again) and joined once. Rejects on a render error; aborted
 * after a bound.
 */
export function renderDocumentToBuffer(o: BufferOptions): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    const start = Buffer.from(o.start);
    const chunks: Uint8Array[] = [start];
    let failed: unknown;
    const sink = new Writable({
      // React writes Uint8Arrays: kept as they are, not turned into Buffers on the way.
      decodeStrings: false,
      // React takes a sink's "close" for a destination gone early and aborts, building an Error
      // (with its stack) after every finished render: 1.6 % of a render (issue 25). Nothing else
      // listens; the render's end is `final`.
      emitClose: false,
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        if (failed) reject(failed instanceof Error ? failed : new Error("render failed"));
        else {
          chunks.push(Buffer.from(`</div>${o.end ?? ""}</body></html>`));
          const html = Buffer.concat(chunks);
          resolve({ html, markup: html.subarray(start.length, html.length - chunks[chunks.length - 1].length) });
        }
        callback();
      },
    });
    const stream = renderToPipeableStream(
      <SiteFeaturesContext value={o.features ?? NO_FEATURES}>
        <StaticRouterProvider router={o.router} context={o.context} nonce={o.nonce} hydrate={o.hydrate ?? true} />
      </SiteFeaturesContext>,
      {
        nonce: o.nonce,
        bootstrapModules: o.bootstrapModules,
        // Every slice is a Suspense boundary (views/parts/SliceZone.tsx): kept in place, never
        // moved out into a hidden element and an inline script (see streamDocument above).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          o.log.error({ err: error }, "render failed before the shell was ready");
          reject(error instanceof Error ? error : new Error("render failed"));
        },
        onError(error: unknown) {
          failed = error;
          o.log.error({ err: error }, "render error");
        },
      },
    );
    const timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
  });
}
