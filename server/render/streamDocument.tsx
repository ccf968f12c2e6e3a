/**
 * Streams a rendered router into the document shell. Crawlers get the whole document before
 * the first byte; browsers get the shell as soon as it is ready. The render is aborted when
 * the client goes away or after a bound, and the timer is cleared when it ends.
 *
 * Every render here is React's streaming renderer in its build that writes text chunks
 * (`react-dom/server.bun`: the same renderer, whose chunks are strings rather than bytes). The
 * Node build encodes each of a page's thousands of small chunks to bytes on its own, a seventh
 * of a render (decision record 022); here each flush's text is joined and written once. That build is made
 * for Bun, whose API it uses only for server actions' form state, which this site has none of.
 * One build for every render: two builds in one process share the contexts' current values and
 * corrupt each other's renders (decision record 022).
 *
 * After an abort React completes the tasks it gave up on one by one, and calls `onAllReady` from
 * inside that pass, before it has forgotten them: a destination given to it there is flushed and
 * closed with tasks React still counts as running, which its development build reports as "still
 * abortable task at the root … a bug in React". So an aborted render gets its destination on the
 * next turn, once React's pass is over (`afterAbort`), and a cached page's render that ran out of
 * time is not written out at all.
 */
import type { Writable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { renderToPipeableStream } from "react-dom/server.bun";
import { StaticRouterProvider, type StaticHandlerContext, type createStaticRouter } from "react-router";
import { isbot } from "isbot";
import { devErrorPage } from "../dev/errorPage";
import { DOCUMENT_END } from "./htmlShell";
import type { Logger } from "../observability/logger";
import { NO_FEATURES, SiteFeaturesContext, type SiteFeatures } from "../../views/siteFeatures";

const RENDER_TIMEOUT_MS = 10_000;

/** Runs `then` at once, or on the next turn when the render was aborted (see above). */
const afterAbort = (aborted: boolean, then: () => void) => (aborted ? void setImmediate(then) : then());

/**
 * What React's text build needs of a destination: it writes chunks, flushes after each batch,
 * ends, and reports a fatal error to `destroy`. It never sees a "close" (React would take one for
 * an early end and abort).
 */
interface TextDestination {
  write(chunk: string): boolean;
  flush(): void;
  end(): void;
  on(event: string, listener: () => void): TextDestination;
  destroy(error: unknown): void;
}

/** A destination that hands each flush's text, joined, to `flushed`. */
function textDestination(handlers: {
  flushed: (text: string) => void;
  ended: () => void;
  failed: (error: unknown) => void;
}) {
  let pending: string[] = [];
  const destination: TextDestination = {
    write(chunk) {
      pending.push(chunk);
      return true;
    },
    flush() {
      if (pending.length === 0) return;
      const text = pending.join("");
      pending = [];
      handlers.flushed(text);
    },
    end() {
      destination.flush();
      handlers.ended();
    },
    on: () => destination,
    destroy: handlers.failed,
  };
  // React's `pipe` is typed for a Writable; it calls only the methods above.
  return destination as unknown as Writable;
}

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
    let aborted = false;
    const abort = () => {
      aborted = true;
      stream.abort();
    };
    const done = (completed: boolean) => {
      clearTimeout(timer);
      resolve({ completed: completed && !failed });
    };
    const destination = textDestination({
      flushed(text) {
        res.write(text);
        // React flushes after each batch it writes; pass that through to compression.
        (res as ExpressResponse & { flush?: () => void }).flush?.();
      },
      ended: () => res.end(DOCUMENT_END),
      failed() {
        // A fatal error after the shell went out: the page is cut short, and the visitor's
        // browser sees an unfinished response rather than a page that looks whole.
        failed = true;
        res.destroy();
      },
    });

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
        afterAbort(aborted, () => {
          // The visitor went away while React finished its abort: nothing to send.
          if (res.destroyed) return;
          res.status(o.context.statusCode);
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.write(o.start);
          stream.pipe(destination);
        });
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
      if (!res.writableFinished) abort();
      done(res.writableFinished);
    });
    timer = setTimeout(abort, RENDER_TIMEOUT_MS);
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
  /** What follows `#root` in the body (server/render/htmlShell.ts `documentTail`). */
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
  /** React's part of `html`: the text no shell code wrote. */
  markup: string;
}

/**
 * Renders a whole document into one buffer, for pages every visitor shares (the page cache):
 * the render belongs to no request, so no visitor's going away can cut it short, and the bytes
 * are complete before anyone is sent them: the page's text is joined and encoded to bytes once.
 * Rejects on a render error; aborted after a bound.
 */
export function renderDocumentToBuffer(o: BufferOptions): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    let failed: unknown;
    let timedOut = false;
    const destination = textDestination({
      flushed: (text) => chunks.push(text),
      ended() {
        clearTimeout(timer);
        if (failed) return reject(failed instanceof Error ? failed : new Error("render failed"));
        const markup = chunks.join("");
        resolve({ html: Buffer.from(`${o.start}${markup}</div>${o.end ?? ""}</body></html>`), markup });
      },
      failed(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error("render failed"));
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
          // Out of time: rejected already, and React is still finishing its abort (see above).
          if (!timedOut) stream.pipe(destination);
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
    const timer = setTimeout(() => {
      timedOut = true;
      stream.abort();
      reject(new Error(`the render did not finish within ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
  });
}
