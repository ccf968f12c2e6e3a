/**
 * The request store the configuration describes (server/config.ts): requests follow the tracking
 * outbox's store setting, so a deployment keeps its durable state in one place (docs/requests.md).
 */
import path from "node:path";
import type { Config } from "../config";
import type { RequestStore } from "./requestStore";
import { openSqliteRequestStore, REQUESTS_SQLITE_FILE_NAME } from "./sqliteRequestStore";

type RequestStoreConfig = Pick<Config, "OUTBOX_STORE" | "DATA_DIR" | "FIRESTORE_PROJECT_ID">;

/** OUTBOX_STORE=firestore: Firestore of FIRESTORE_PROJECT_ID; else the SQLite file `DATA_DIR/requests.sqlite`. */
export async function openRequestStore(config: RequestStoreConfig): Promise<RequestStore> {
  if (config.OUTBOX_STORE === "firestore") {
    // Loaded on demand: firebase-admin stays out of a process that does not use it.
    const { openFirestoreRequestStore } = await import("./firestoreRequestStore");
    return openFirestoreRequestStore({ projectId: config.FIRESTORE_PROJECT_ID! });
  }
  return openSqliteRequestStore(path.join(config.DATA_DIR, REQUESTS_SQLITE_FILE_NAME));
}
