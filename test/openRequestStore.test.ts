/**
 * The request store the configuration opens (server/requests/openRequestStore.ts): requests follow
 * the outbox's store setting, the SQLite file `requests.sqlite` under DATA_DIR, or Firestore of
 * FIRESTORE_PROJECT_ID (here the in-process emulator).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openRequestStore } from "../server/requests/openRequestStore";
import { useEmulatedFirestore } from "./support/firestoreEmulator";
import { sampleRequest } from "./support/requestStoreFixtures";

const T0 = 1_700_000_000_000;
const emulated = useEmulatedFirestore("demo-open-requests");

test("OUTBOX_STORE=sqlite: the file requests.sqlite under DATA_DIR, created with its folder", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "open-requests-"));
  const dataDir = path.join(dir, "data");
  try {
    const store = await openRequestStore({
      OUTBOX_STORE: "sqlite",
      DATA_DIR: dataDir,
      FIRESTORE_PROJECT_ID: undefined,
    });
    expect(store.kind).toBe("sqlite");
    const request = sampleRequest(T0);
    expect(await store.add(request)).toBe(true);
    await store.close();
    expect(fs.readdirSync(dataDir)).toContain("requests.sqlite");
    const again = await openRequestStore({
      OUTBOX_STORE: "sqlite",
      DATA_DIR: dataDir,
      FIRESTORE_PROJECT_ID: "ignored",
    });
    expect((await again.get(request.id))?.request).toEqual(request);
    await again.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("OUTBOX_STORE=firestore: Firestore of FIRESTORE_PROJECT_ID, and nothing written under DATA_DIR", async () => {
  const dataDir = path.join(os.tmpdir(), `open-requests-unused-${process.pid}`);
  const store = await openRequestStore({
    OUTBOX_STORE: "firestore",
    DATA_DIR: dataDir,
    FIRESTORE_PROJECT_ID: "demo-open-requests",
  });
  expect(store.kind).toBe("firestore");
  const request = sampleRequest(T0);
  expect(await store.add(request)).toBe(true);
  await store.close();
  const stored = await emulated.firestore.collection("visitor_requests").doc(request.id).get();
  expect(stored.get("receivedAt")).toBe(T0);
  expect(fs.existsSync(dataDir)).toBe(false);
});
