/**
 * The real Express app with visitors' requests on (docs/requests.md), built in-process for
 * supertest as `server/index.ts` builds it: the embedded repository through the Prismic stand-in,
 * the request store handed in through createApp's `requests`, and no worker (createApp starts
 * none), so what a post stored stays in the store for the test to read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Express } from "express";
import * as prismicStandIn from "../../packages/prismic-stand-in/src/index";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createContentClient } from "../../server/content/contentClient";
import { createContentService } from "../../server/content/contentService";
import { createLogger } from "../../server/observability/logger";
import { openSqliteOutboxStore } from "../../server/outbox/sqliteStore";
import type { RequestDestination, RequestStore } from "../../server/requests/requestStore";
import { openSqliteRequestStore, REQUESTS_SQLITE_FILE_NAME } from "../../server/requests/sqliteRequestStore";
import { waitForAssetManifest } from "./testApp";

export const ROOT = path.resolve(__dirname, "../..");

export interface RequestApp {
  app: Express;
  /** The store the app writes requests to. */
  store: RequestStore;
  /** The temporary folder holding the store's file. */
  dir: string;
  /** Deletes every request and delivery, for the next test (one app serves many: its first renders are the dear ones). */
  clear(): void;
  /** Closes the store and deletes its folder. */
  close(): Promise<void>;
}

export interface RequestAppOptions {
  /** More settings, as environment variables. */
  env?: Record<string, string>;
  /** Wraps the SQLite store (to make it fail). */
  wrapStore?: (store: RequestStore) => RequestStore;
  destinations?: readonly RequestDestination[];
}

/** An app whose requests go to a fresh SQLite request store in a temporary folder. */
export function createRequestApp({
  env = {},
  wrapStore = (store) => store,
  destinations = ["webhook", "inbox"],
}: RequestAppOptions = {}): RequestApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-app-"));
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: "http://localhost:3000",
      CONTENT_DIR: "content",
      DATA_DIR: dir,
      // As test/support/testApp.ts: the demo release's previews on (docs/prismic.md, "Previews").
      EMBEDDED_PREVIEWS: "on",
      ...env,
    },
    ROOT,
  );
  const logger = createLogger("silent");
  const contentClient = createContentClient(config, { standIn: prismicStandIn });
  const { client, refs } = contentClient;
  const content = createContentService(client, {
    masterRef: () => refs.current(),
    previewRefusals: contentClient.previewRefusals,
  });
  const sqlite = openSqliteRequestStore(path.join(dir, REQUESTS_SQLITE_FILE_NAME));
  const store = wrapStore(sqlite);
  const app = createApp({
    config,
    logger,
    content,
    refs,
    repositoryName: client.repositoryName ?? "embedded",
    assets: waitForAssetManifest(config.BUILD_DIR),
    outbox: openSqliteOutboxStore(":memory:"),
    requests: { store, destinations },
    standIn: prismicStandIn,
  });
  return {
    app,
    store: sqlite,
    dir,
    clear: () => {
      const db = new DatabaseSync(path.join(dir, REQUESTS_SQLITE_FILE_NAME));
      try {
        db.exec("DELETE FROM deliveries; DELETE FROM requests;");
      } finally {
        db.close();
      }
    },
    close: async () => {
      await sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every request in a SQLite request store, with its deliveries (the store has no list of its own). */
export async function storedRequests(app: RequestApp) {
  const db = new DatabaseSync(path.join(app.dir, REQUESTS_SQLITE_FILE_NAME), { readOnly: true });
  try {
    const ids = (db.prepare("SELECT id FROM requests ORDER BY received_at").all() as Array<{ id: string }>).map(
      (row) => row.id,
    );
    const all = [];
    for (const id of ids) all.push((await app.store.get(id))!);
    return all;
  } finally {
    db.close();
  }
}
