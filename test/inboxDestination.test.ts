/**
 * The local inbox (server/requests/destinations/inboxDestination.ts): one pretty JSON file per
 * request, named by time, kind and id, written through a temporary file and a rename (never half
 * a file), the same file again on a retry, the folder made when missing; a failure to write is
 * retried, never lost.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInboxDestination, inboxFileName } from "../server/requests/destinations/inboxDestination";
import { visitorRequest } from "./support/requestStandIns";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const never = () => new AbortController().signal;
const ID = "0b6f3e0e-8f0c-4d0a-9d67-3b1d2f5a7c10";

test("writes the request as one pretty JSON file named <received at>-<kind>-<id>.json, making the folder", async () => {
  const dir = path.join(root, "data", "inbox");
  const request = visitorRequest("samples", { id: ID });
  expect(await createInboxDestination({ dir }).send(request, never())).toEqual({ ok: true });

  const name = `2025-03-04T09-15-00.000Z-samples-${ID}.json`;
  expect(inboxFileName(request)).toBe(name);
  expect(fs.readdirSync(dir)).toEqual([name]);
  const text = fs.readFileSync(path.join(dir, name), "utf8");
  expect(text).toBe(
    `${JSON.stringify(
      {
        id: ID,
        kind: "samples",
        region: "uk",
        page: "/samples",
        received_at: "2025-03-04T09:15:00.000Z",
        fields: request.fields,
      },
      null,
      2,
    )}\n`,
  );
  expect(JSON.parse(text).fields).toMatchObject({
    postcode: "BA11 1AA",
    samples: ["Oak, natural oil", "Farrow & Ball Hague Blue"],
  });
  // Not readable by everyone on the machine: the visitor's details are in it.
  expect(fs.statSync(path.join(dir, name)).mode & 0o007).toBe(0);
  expect(fs.statSync(dir).mode & 0o007).toBe(0);
});

test("the same request written twice is the same one file, and nothing temporary is left", async () => {
  const dir = path.join(root, "inbox");
  const inbox = createInboxDestination({ dir });
  const request = visitorRequest("visit", { id: ID });
  const other = visitorRequest("quote", { receivedAt: request.receivedAt + 1 });
  expect(await inbox.send(request, never())).toEqual({ ok: true });
  const first = fs.readFileSync(path.join(dir, inboxFileName(request)), "utf8");
  expect(await inbox.send(request, never())).toEqual({ ok: true });
  expect(await inbox.send(other, never())).toEqual({ ok: true });
  expect(fs.readdirSync(dir).sort()).toEqual([inboxFileName(request), inboxFileName(other)].sort());
  expect(fs.readFileSync(path.join(dir, inboxFileName(request)), "utf8")).toBe(first);
  // Listed by name, the files are in the order the requests came in.
  expect(fs.readdirSync(dir).sort()[0]).toBe(inboxFileName(request));
});

test("a folder that cannot be written is retried, with the reason; an id that is no UUID is refused for good", async () => {
  // A file where the folder should be: nothing can be made under it (root or not).
  const blocker = path.join(root, "not-a-folder");
  fs.writeFileSync(blocker, "");
  const blocked = await createInboxDestination({ dir: path.join(blocker, "inbox") }).send(
    visitorRequest("quote"),
    never(),
  );
  expect(blocked).toEqual({
    ok: false,
    permanent: false,
    error: `could not write to the inbox (${path.join(blocker, "inbox")}): ENOTDIR`,
  });

  const escaping = visitorRequest("quote", { id: "../../etc/passwd" });
  expect(await createInboxDestination({ dir: path.join(root, "inbox") }).send(escaping, never())).toEqual({
    ok: false,
    permanent: true,
    error: "the request's id is not a UUID",
  });
  expect(fs.existsSync(path.join(root, "inbox"))).toBe(false);
});
