/**
 * The runbook of a visitor's request refused for good (docs/operations.md, "A request refused for
 * good"), run as written against the SQLite request store: its command to send a failed delivery
 * again puts that one delivery back for the worker, due now, and nothing else; its command to read
 * the request prints it. The commands are read out of the page, so a change to the store's tables
 * that would make the runbook wrong fails here.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { NewVisitorRequest, RequestStore } from "../server/requests/requestStore";
import { openSqliteRequestStore } from "../server/requests/sqliteRequestStore";
import { ROOT } from "./support/testApp";

const operations = fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
const section = /^### A request refused for good\n([\s\S]*?)^### /m.exec(operations)?.[1] ?? "";

/** The runbook's `node -e '…' ARGS` commands, in order: their script and their arguments. */
const commands = [...section.matchAll(/^ *node -e '([^']*)' (.*)$/gm)].map(([, script, args]) => ({
  script,
  args: args.split(" "),
}));

/**
 * Runs a `node -e` script of the page in this process, as node would: CommonJS `require`, its
 * arguments in `process.argv` after the script's place, what it prints returned.
 */
function runScript(script: string, args: string[]): unknown[] {
  const printed: unknown[] = [];
  const run = new Function("require", "process", "console", script);
  run(
    createRequire(path.join(ROOT, "x.js")),
    { argv: ["node", ...args] },
    { log: (value: unknown) => printed.push(value) },
  );
  return printed;
}

const request = (id: string, receivedAt: number): NewVisitorRequest => ({
  id,
  kind: "quote",
  region: "uk",
  fields: { name: "Ada Reed", email: "ada@example.com", message: "A larder" },
  page: "/requests/quote",
  receivedAt,
  destinations: ["webhook", "inbox"],
});

let dir: string;
let file: string;
let store: RequestStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-runbook-"));
  file = path.join(dir, "requests.sqlite");
  store = openSqliteRequestStore(file);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Both deliveries of `id` claimed; the webhook's settled as refused for good, the inbox's delivered. */
async function refusedByTheCrm(id: string, at: number) {
  const claimed = await store.claim("w1", 10, 60_000, at);
  for (const delivery of claimed.filter((d) => d.requestId === id))
    await store.settle(
      id,
      delivery.destination,
      "w1",
      delivery.destination === "webhook"
        ? { status: "failed", at, error: "422 Unprocessable Entity: email refused" }
        : { status: "delivered", at },
    );
}

test("the page holds the two commands, each with the store's file and the request's id", () => {
  expect(commands.map(({ args }) => args)).toEqual([
    ['"$DATA_DIR/requests.sqlite"', "REQUEST_ID", "webhook"],
    ['"$DATA_DIR/requests.sqlite"', "REQUEST_ID"],
  ]);
});

test("sending a failed delivery again makes it due now, for the next claim, and touches nothing else", async () => {
  const now = Date.now();
  const id = "0b6f2c1e-0000-4000-8000-000000000001";
  const other = "0b6f2c1e-0000-4000-8000-000000000002";
  await store.add(request(id, now - 3_600_000));
  await store.add(request(other, now - 1_800_000));
  await refusedByTheCrm(id, now - 3_000_000);
  await refusedByTheCrm(other, now - 1_000_000);
  expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 2, failed: 2 });
  expect(await store.claim("w2", 10, 60_000, now)).toEqual([]);

  const [sendAgain] = commands;
  expect(runScript(sendAgain.script, [file, id, "webhook"])).toEqual(["sent again"]);
  // A second run, or the wrong destination, changes nothing and says so.
  expect(runScript(sendAgain.script, [file, id, "webhook"])).toEqual([
    "no failed delivery of that request to that destination",
  ]);
  expect(runScript(sendAgain.script, [file, id, "inbox"])).toEqual([
    "no failed delivery of that request to that destination",
  ]);

  expect(await store.counts()).toEqual({ pending: 1, leased: 0, delivered: 2, failed: 1 });
  // The request waits again (the age the alerts read), and the worker's next claim takes it.
  expect(await store.oldestUndeliveredAt()).toBe(now - 3_600_000);
  const claimed = await store.claim("w2", 10, 60_000, Date.now());
  expect(claimed.map((d) => [d.requestId, d.destination, d.lastError])).toEqual([[id, "webhook", null]]);
  expect(claimed[0].request.fields).toEqual(request(id, 0).fields);
  // The other request's refusal is untouched.
  const untouched = await store.get(other);
  expect(untouched?.deliveries.find((d) => d.destination === "webhook")?.status).toBe("failed");
});

test("reading the request prints it as it was received, and says when there is none", async () => {
  const id = "0b6f2c1e-0000-4000-8000-000000000003";
  await store.add(request(id, Date.now()));
  const [, read] = commands;
  const [row] = runScript(read.script, [file, id]) as Array<Record<string, unknown>>;
  expect(row).toMatchObject({ id, kind: "quote", page: "/requests/quote" });
  expect(JSON.parse(String(row.fields))).toEqual(request(id, 0).fields);
  expect(runScript(read.script, [file, "no-such-id"])).toEqual(["no such request"]);
});
