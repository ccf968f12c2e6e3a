/**
 * The real Express app, built in-process for supertest: the same configuration loader,
 * Prismic client (reading the embedded repository under CONTENT_DIR) and content service
 * as `server/index.ts`, with a silent logger. The content service is wrapped so a test can
 * see which methods the routes called, and with which arguments.
 *
 * createApp reads the client build's asset manifest from dist/: the Jest global setup
 * builds it before any test file runs.
 */
import path from "node:path";
import type { Express } from "express";
import * as prismicStandIn from "../../packages/prismic-stand-in/src/index";
import { type AppDeps, createApp } from "../../server/app";
import { readAssetManifest, type AssetManifest } from "../../server/http/assets";
import { loadConfig, type Config } from "../../server/config";
import { createContentClient, type ContentClient, type ContentClientOptions } from "../../server/content/contentClient";
import type { ContentService } from "../../server/content/contentService";
import { createContentService } from "../../server/content/contentService";
import { watchContentService } from "../../server/content/watchContentService";
import { createLogger, type Logger } from "../../server/observability/logger";
import { openSqliteOutboxStore } from "../../server/outbox/sqliteStore";
import type { OutboxStore } from "../../server/outbox/store";

export const ROOT = path.resolve(__dirname, "../..");

export type ContentMethod = keyof ContentService;

export interface ContentCalls {
  /** Every call in order: the method name and its arguments. */
  readonly log: ReadonlyArray<{ method: ContentMethod; args: unknown[] }>;
  /** How many times `method` was called (optionally only calls whose first argument is `firstArg`). */
  count(method: ContentMethod, firstArg?: unknown): number;
  /** Forgets the calls made so far. */
  reset(): void;
}

export interface TestAppOptions {
  /** Content directory, relative to the project root or absolute. Default: `content`. */
  contentDir?: string;
  /** A content service to use instead of the embedded repository's (e.g. one that throws). */
  content?: ContentService;
  /** More settings, as environment variables. */
  env?: Record<string, string>;
  /** Wraps the transport under the Prismic client (to make it slow, down or rate-limited). */
  wrapFetch?: ContentClientOptions["wrapFetch"];
  /** A logger to read the app's log lines from (default: silent). */
  logger?: Logger;
  /** The tracking outbox of POST /api/meta-capi (default: a private in-memory SQLite outbox). */
  outbox?: OutboxStore;
  /** Whether the process is shutting down (server/http/shutdown.ts), as /readyz reads it (default: never). */
  draining?: () => boolean;
  /** The client build's manifest (default: the one in dist/). */
  assets?: AssetManifest;
  /** Visitors' requests on, with this store (default: off; test/support/requestApp.ts builds an app for them). */
  requests?: AppDeps["requests"];
}

export interface TestApp {
  app: Express;
  /** The (wrapped) content service the app uses. */
  content: ContentService;
  calls: ContentCalls;
  config: Config;
  /** The Prismic client and its master-ref tracker (embedded: `contentClient.embedded.publish`). */
  contentClient: ContentClient;
  /** The tracking outbox the app writes to. */
  outbox: OutboxStore;
}

/**
 * Wraps every method of a content service so its calls are recorded, including the calls of
 * the services it hands out per ref (`withRef`), which are what the routes actually use.
 * With `pinned`, `withRef` returns the same service (for hand-made services in tests).
 */
export function recordCalls(service: ContentService, pinned = false): { content: ContentService; calls: ContentCalls } {
  const log: Array<{ method: ContentMethod; args: unknown[] }> = [];
  const content = watchContentService(
    service,
    (method, args, call) => {
      log.push({ method: method as ContentMethod, args });
      return call();
    },
    { pinned },
  );
  const calls: ContentCalls = {
    log,
    count: (method, ...rest) =>
      log.filter((c) => c.method === method && (rest.length === 0 || c.args[0] === rest[0])).length,
    reset: () => void log.splice(0, log.length),
  };
  return { content, calls };
}

/**
 * The client build's manifest. `build.mjs` swaps a new build in by two renames (dist/ aside, the
 * new one in its place), so while another Jest run's global setup rebuilds it the file is briefly
 * missing: wait for it (up to 10 s).
 */
export function waitForAssetManifest(buildDir: string): AssetManifest {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return readAssetManifest(buildDir);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

/** The production page cache, for tests about caching (mutation runs otherwise turn it off). */
export const WITH_PAGE_CACHE = { PAGE_CACHE_BYTES: String(64 * 1024 * 1024) } as const;

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: "http://localhost:3000",
      CONTENT_DIR: options.contentDir ?? "content",
      // The demo release's previews, as a staging deployment serves them (off by default outside
      // development: docs/prismic.md, "Previews"); test/embeddedPreviews.test.ts turns them off.
      EMBEDDED_PREVIEWS: "on",
      // Under mutation testing (jest.stryker.config.cjs) an app keeps no pages unless the test asks
      // for a cache: Stryker credits code to the test that runs it, and a page rendered once for
      // one test and served from the cache to the next would leave the next one's checks unused.
      ...(process.env.MUTATION_TESTING === "1" ? { PAGE_CACHE_BYTES: "0" } : {}),
      ...options.env,
    },
    ROOT,
  );
  const logger = options.logger ?? createLogger("silent");
  // As server/index.ts: the Prismic stand-in only without PRISMIC_REPOSITORY.
  const standIn = config.PRISMIC_REPOSITORY ? undefined : prismicStandIn;
  const contentClient = createContentClient(config, { wrapFetch: options.wrapFetch, standIn });
  const { client, refs } = contentClient;
  const service =
    options.content ??
    createContentService(client, { masterRef: () => refs.current(), previewRefusals: contentClient.previewRefusals });
  const { content, calls } = recordCalls(service, options.content !== undefined);
  const outbox = options.outbox ?? openSqliteOutboxStore(":memory:");
  const app = createApp({
    config,
    logger,
    content,
    refs,
    repositoryName: client.repositoryName ?? "embedded",
    assets: options.assets ?? waitForAssetManifest(config.BUILD_DIR),
    outbox,
    draining: options.draining,
    standIn,
    requests: options.requests,
  });
  return { app, content, calls, config, contentClient, outbox };
}
