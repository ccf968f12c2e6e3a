/**
 * `npm run outbox:expire-markers` (in the image: `node dist/server/expire-outbox-markers.js`): the
 * one-time clean-up of the Firestore outbox's markers from before they carried `expireAt`
 * (server/outbox/markerExpiry.ts, docs/operations.md "Outbox markers from before expiry"). It reads
 * the site's own configuration (OUTBOX_STORE, FIRESTORE_PROJECT_ID, the same credentials the site
 * uses) and prints what it did as one JSON line. Safe to run again: a second run writes nothing.
 */
import { ConfigError, loadConfig } from "../config";
import { expireOldMarkers } from "./markerExpiry";

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.OUTBOX_STORE !== "firestore") {
    console.log(JSON.stringify({ skipped: "the outbox is SQLite (OUTBOX_STORE), which keeps no markers" }));
    return 0;
  }
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: config.FIRESTORE_PROJECT_ID! }, "expire-outbox-markers");
  try {
    console.log(JSON.stringify(await expireOldMarkers(getFirestore(app))));
    return 0;
  } finally {
    await deleteApp(app);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `expire-outbox-markers: ${(error as Error).message}`);
    process.exit(1);
  },
);
