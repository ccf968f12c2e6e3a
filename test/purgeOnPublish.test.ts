/**
 * What a publish purges at the edge (server/edge/purgeOnPublish.ts), from the webhook's body and
 * the master refs around its re-read.
 */
import { ROUTABLE_TYPES } from "../server/content/contentService";
import type { DocumentAddress } from "../server/content/documentAddresses";
import { createPublishPurge, keysToPurge, MAX_DOCUMENTS_PURGED, type PurgeTypes } from "../server/edge/purgeOnPublish";
import request from "supertest";
import { capturingLogger } from "./support/capturingLogger";
import {
  type FastlyStandIn,
  STAND_IN_FASTLY_TOKEN,
  STAND_IN_SERVICE,
  startFastlyStandIn,
} from "./support/fastlyStandIn";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp, type TestApp } from "./support/testApp";
import { until } from "./support/waitFor";

const SECRET = "a-webhook-secret-of-some-length";

const seen: Record<string, string> = { home1: "home", page1: "page", nav1: "navigation", gone2: "article" };
const at = (type: string, uid: string | null = null): DocumentAddress => ({ type, lang: "en-gb", uid });
/** `atRef`: the documents at the new ref; `moved`: those whose address differs from where their links were seen. */
function types(
  atRef: Record<string, DocumentAddress> = { home1: at("home"), page1: at("page", "about"), nav1: at("navigation") },
  moved: ReadonlySet<string> = new Set(),
): PurgeTypes & { lookups: Array<{ ids: readonly string[]; ref?: string }> } {
  const lookups: Array<{ ids: readonly string[]; ref?: string }> = [];
  return {
    lookups,
    typeOfDocument: (id) => seen[id],
    addressMayHaveChanged: (id, now) => now === undefined || moved.has(id),
    documentAddresses: async (ids, ref) => {
      lookups.push({ ids, ref });
      return new Map(ids.filter((id) => atRef[id]).map((id) => [id, atRef[id]]));
    },
  };
}
const publish = (documents: unknown, extra: object = {}) => ({ type: "api-update", documents, ...extra });

test("a published document purges its key and its type's key, read at the new ref in one query; pages that only link to it are kept", async () => {
  const lookup = types();
  expect(await keysToPurge(publish(["page1", "nav1"]), "r1", "r2", lookup)).toEqual([
    "d-nav1",
    "d-page1",
    "t-navigation",
    "t-page",
  ]);
  expect(lookup.lookups).toEqual([{ ids: ["page1", "nav1"], ref: "r2" }]);
});

test("a document whose address changed (a new uid) also purges the pages that link to it", async () => {
  const keys = await keysToPurge(publish(["page1"]), "r1", "r2", types(undefined, new Set(["page1"])));
  expect(keys).toEqual(["d-page1", "l-page1", "t-page"]);
});

test("a document gone from the new ref purges its links and the type it was seen with", async () => {
  expect(await keysToPurge(publish(["gone2"]), "r1", "r2", types())).toEqual(["d-gone2", "l-gone2", "t-article"]);
});

test("a document found nowhere and never seen purges every routable type", async () => {
  const keys = await keysToPurge(publish(["gone1"]), "r1", "r2", types());
  expect(keys).toEqual(["d-gone1", "l-gone1", ...ROUTABLE_TYPES.map((type) => `t-${type}`)].sort());
});

test("the master ref unchanged (a release edit, a test trigger): nothing", async () => {
  expect(await keysToPurge(publish(["page1"]), "r1", "r1", types())).toEqual([]);
});

test("a re-read that failed counts as a change: the purge is safe early", async () => {
  expect(await keysToPurge(publish(["page1"]), "r1", undefined, types())).toEqual(["d-page1", "t-page"]);
});

test.each([
  ["masks (a custom type changed)", publish(["page1"], { masks: { update: [{ id: "page" }] } })],
  ["documents not a list", publish("page1")],
  ["no documents at all", { type: "api-update" }],
  ["an id no key can carry", publish(["page1", "a b"])],
  ["a bulk publish", publish(Array.from({ length: MAX_DOCUMENTS_PURGED + 1 }, (_, i) => `doc${i}`))],
])("%s: all", async (_name, body) => {
  expect(await keysToPurge(body, "r1", "r2", types())).toEqual(["all"]);
});

test("empty masks are no mask", async () => {
  expect(await keysToPurge(publish(["page1"], { masks: {}, releases: {} }), "r1", "r2", types())).toEqual([
    "d-page1",
    "t-page",
  ]);
});

test("queues the keys and logs one line with their count; a failed lookup purges all", async () => {
  const { logger, lines } = capturingLogger();
  const added: string[][] = [];
  const purge = createPublishPurge({
    purges: { add: (keys) => void added.push([...keys]) },
    logger,
    typeOfDocument: () => undefined,
    addressMayHaveChanged: () => true,
    documentAddresses: async () => {
      throw new Error("content service down");
    },
  });
  await purge(publish(["x1"]), "r1", "r2");
  expect(added).toEqual([["all"]]);
  expect(lines.filter((line) => line.msg?.startsWith("edge purge queued"))).toEqual([
    expect.objectContaining({ keys: 1, msg: "edge purge queued: 1 key(s)" }),
  ]);
});

describe("through the webhook", () => {
  let fastly: FastlyStandIn;
  beforeAll(async () => {
    fastly = await startFastlyStandIn();
  });
  afterAll(() => fastly.close());
  beforeEach(() => {
    fastly.calls.length = 0;
  });
  const app = (env: Record<string, string> = {}) =>
    createTestApp({
      env: {
        EDGE_PURGER: "fastly",
        FASTLY_API_URL: fastly.apiUrl,
        FASTLY_SERVICE_ID: STAND_IN_SERVICE,
        FASTLY_API_TOKEN: STAND_IN_FASTLY_TOKEN,
        PRISMIC_WEBHOOK_SECRET: SECRET,
        ...env,
      },
    });
  const hook = (t: TestApp, body: object) =>
    request(t.app).post("/api/prismic-webhook").set("Authorization", `Bearer ${SECRET}`).send(body);
  const homeOf = (t: TestApp) =>
    t.contentClient.embedded!.current().documents.find((doc) => doc.type === "home" && doc.lang === "en-gb")!;

  test("a publish purges its documents after the answer; the same ref again, or a test trigger, nothing", async () => {
    const t = app();
    // The home seen before the publish: its address unchanged, the pages that link to it are kept.
    await request(t.app).get("/").set("Accept-Language", "en-GB").expect(200);
    t.contentClient.embedded!.publish(demoWithHomeHeading("Published"));
    const home = homeOf(t);
    expect((await hook(t, { type: "api-update", documents: [home.id], masks: {} })).status).toBe(200);
    await until("the purge", () => fastly.calls.length === 1);
    expect(fastly.purgedKeys().sort()).toEqual([`d-${home.id}`, "t-home"].sort());
    expect((await hook(t, { type: "api-update", documents: [home.id], releases: { update: [{}] } })).status).toBe(200);
    expect((await hook(t, { type: "test-trigger" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fastly.calls).toHaveLength(1);
  });

  test("a publish the instance saw through its own re-read before the webhook came is still purged", async () => {
    const t = app({ CONTENT_REF_TTL_MS: "0" });
    await request(t.app).get("/gallery/canal-house").expect(200);
    t.contentClient.embedded!.publish(demoWithHomeHeading("Seen first by a page"));
    // A visitor's request re-reads the ref (TTL 0) before Prismic's webhook arrives.
    await request(t.app).get("/gallery/canal-house").expect(200);
    const home = homeOf(t);
    await hook(t, { type: "api-update", documents: [home.id], masks: {} }).expect(200);
    await until("the purge", () => fastly.calls.length === 1);
    expect(fastly.purgedKeys()).toContain(`d-${home.id}`);
  });
});
