/** The outbox and the Meta credentials that the configuration describes (server/config.ts). */
import path from "node:path";
import type { Config } from "../config";
import type { MetaCredentials } from "./metaGraphClient";
import { SQLITE_FILE_NAME, openSqliteOutboxStore } from "./sqliteStore";
import type { OutboxStore } from "./store";

type OutboxConfig = Pick<Config, "OUTBOX_STORE" | "DATA_DIR" | "FIRESTORE_PROJECT_ID">;
type MetaConfig = Pick<
  Config,
  "META_PIXEL_ID" | "META_ACCESS_TOKEN" | "META_TEST_EVENT_CODE" | "META_GRAPH_URL" | "META_API_VERSION"
>;

/** OUTBOX_STORE=firestore: Firestore of FIRESTORE_PROJECT_ID; else the SQLite file `DATA_DIR/outbox.sqlite`. */
export async function openOutboxStore(config: OutboxConfig): Promise<OutboxStore> {
  if (config.OUTBOX_STORE === "firestore") {
    // Loaded on demand: firebase-admin stays out of a process that does not use it.
    const { openFirestoreOutboxStore } = await import("./firestoreStore");
    return openFirestoreOutboxStore({ projectId: config.FIRESTORE_PROJECT_ID! });
  }
  return openSqliteOutboxStore(path.join(config.DATA_DIR, SQLITE_FILE_NAME));
}

/** The Conversions API credentials, or undefined when META_PIXEL_ID and META_ACCESS_TOKEN are not set. */
export function metaCredentials(config: MetaConfig): MetaCredentials | undefined {
  if (!config.META_PIXEL_ID || !config.META_ACCESS_TOKEN) return undefined;
  return {
    pixelId: config.META_PIXEL_ID,
    accessToken: config.META_ACCESS_TOKEN,
    testEventCode: config.META_TEST_EVENT_CODE,
    graphUrl: config.META_GRAPH_URL,
    apiVersion: config.META_API_VERSION,
  };
}
