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
import { createApp } from "../../server/app";
import { readAssetManifest, type AssetManifest } from "../../server/assets";
import { loadConfig, type Config } from "../../server/config";
import { createContentClient } from "../../server/content/contentClient";
import type { ContentService } from "../../server/content/contentService";
import { createContentService } from "../../server/content/contentService";
import { createLogger } from "../../server/logger";

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
}

export interface TestApp {
  app: Express;
  /** The (wrapped) content service the app uses. */
  content: ContentService;
  calls: ContentCalls;
  config: Config;
}

/** Wraps every method of a content service so its calls are recorded. */
export function recordCalls(service: ContentService): { content: ContentService; calls: ContentCalls } {
  const log: Array<{ method: ContentMethod; args: unknown[] }> = [];
  const content = new Proxy(service, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        log.push({ method: property as ContentMethod, args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const calls: ContentCalls = {
    log,
    count: (method, ...rest) =>
      log.filter((c) => c.method === method && (rest.length === 0 || c.args[0] === rest[0])).length,
    reset: () => void log.splice(0, log.length),
  };
  return { content, calls };
}

/**
 * The client build's manifest. `build.mjs` starts by deleting dist/, so while another Jest
 * run's global setup rebuilds it the file is briefly missing: wait for it (up to 10 s).
 */
function waitForAssetManifest(buildDir: string): AssetManifest {
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

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: "http://localhost:3000",
      CONTENT_DIR: options.contentDir ?? "content",
    },
    ROOT,
  );
  const logger = createLogger("silent");
  const service = options.content ?? createContentService(createContentClient(config).client);
  const { content, calls } = recordCalls(service);
  const app = createApp({ config, logger, content, assets: waitForAssetManifest(config.BUILD_DIR) });
  return { app, content, calls, config };
}
