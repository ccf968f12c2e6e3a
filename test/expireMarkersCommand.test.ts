/**
 * The built clean-up command (server/outbox/expireMarkersCommand.ts, in the image
 * `node dist/server/expire-outbox-markers.js`), run as an operator runs it: with the site's own
 * configuration. On SQLite it says there is nothing to do; with a configuration the site would
 * refuse it says why in one line and exits 1; against Firestore (the in-process emulator) it
 * dates or deletes the outbox's old markers, prints what it did as one JSON line, and a second run
 * writes nothing. The clean-up's own rules are markerExpiry.test.ts's.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./support/builtServer";
import { useEmulatedFirestore } from "./support/firestoreEmulator";

const COMMAND = path.join(ROOT, "dist", "server", "expire-outbox-markers.js");
const PROJECT_ID = "demo-expire-command";
const DAY = 24 * 60 * 60 * 1000;

/** The command's exit code and what it printed, each stream's lines. */
async function run(env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [COMMAND], {
      cwd: ROOT,
      env: { PATH, HOME, NODE_ENV: "production", ...env },
      timeout: 30_000,
    });
    return { code: 0, out: lines(stdout), err: lines(stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: lines(failed.stdout), err: lines(failed.stderr) };
  }
}
const lines = (text: string) => text.split("\n").filter(Boolean);

const emulated = useEmulatedFirestore(PROJECT_ID);

test("on the SQLite outbox (the default) it says there are no markers and writes nothing", async () => {
  const { code, out, err } = await run({});
  expect(code).toBe(0);
  expect(out).toHaveLength(1);
  expect(JSON.parse(out[0])).toEqual({ skipped: expect.stringMatching(/SQLite/) });
  expect(err).toEqual([]);
});

test("with a configuration the site would refuse, it says what is wrong in one line, no stack, and exits 1", async () => {
  const { code, out, err } = await run({ OUTBOX_STORE: "firestore" });
  expect(code).toBe(1);
  expect(out).toEqual([]);
  expect(err.join("\n")).toMatch(/FIRESTORE_PROJECT_ID/);
  expect(err.join("\n")).not.toMatch(/^\s+at /m);
});

test("against Firestore it dates or deletes the outbox's old markers, prints what it did, and a second run writes nothing", async () => {
  const { emulator, firestore } = emulated;
  const now = Date.now();
  const markers = firestore.collection("outbox_transitions");
  const batch = firestore.batch();
  batch.set(markers.doc("old.1"), { at: now - 2 * DAY }); // past its day: deleted
  batch.set(markers.doc("recent.1"), { at: now - 60 * 60 * 1000 }); // dated a day after its claim
  batch.set(markers.doc("dated.1"), { at: now - 1000, expireAt: new Date(now - 1000 + DAY) }); // left alone
  await batch.commit();
  const env = {
    OUTBOX_STORE: "firestore",
    FIRESTORE_PROJECT_ID: PROJECT_ID,
    ...emulator.env,
  };

  const first = await run(env);
  expect(first.code).toBe(0);
  expect(first.out.map((line) => JSON.parse(line))).toEqual([{ read: 3, dated: 1, deleted: 1 }]);
  const left = await markers.get();
  expect(left.docs.map((doc) => doc.id).sort()).toEqual(["dated.1", "recent.1"]);
  expect(
    left.docs
      .find((doc) => doc.id === "recent.1")
      ?.get("expireAt")
      .toMillis(),
  ).toBe(now - 60 * 60 * 1000 + DAY);

  const writes = emulator.writes.length;
  const second = await run(env);
  expect(second.code).toBe(0);
  expect(second.out.map((line) => JSON.parse(line))).toEqual([{ read: 2, dated: 0, deleted: 0 }]);
  expect(emulator.writes.length).toBe(writes);
});
