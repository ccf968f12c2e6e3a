/**
 * How long the edge may keep the site's public answers (server/edge/edgeLifetimes.ts): with
 * EDGE_PURGER=none every header is exactly what it always was; with a purger that works, pages,
 * their data and the sitemap get EDGE_LIFETIME_SECONDS (no stale-while-revalidate, still
 * stale-if-error) while 404s keep their minute; while a purge is failing, today's short headers
 * again, until the edge accepts it.
 */
import request from "supertest";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp, type TestApp } from "./support/testApp";
import {
  type FastlyStandIn,
  STAND_IN_FASTLY_TOKEN,
  STAND_IN_SERVICE,
  startFastlyStandIn,
} from "./support/fastlyStandIn";
import { until } from "./support/waitFor";

const PAGE = "/gallery/canal-house";
const DATA = "/_data/gallery/canal-house?_route=gallery-uid___gb";
const MISSING = "/gallery/no-such-project";
const SECRET = "a-webhook-secret-of-some-length";

const TODAY = {
  page: "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400",
  notFound: "public, max-age=0, s-maxage=60",
  data: "no-cache",
  sitemap: "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
};
const LONG = "public, max-age=0, s-maxage=86400, stale-if-error=86400";

async function headers(t: TestApp) {
  const page = await request(t.app).get(PAGE);
  const hit = await request(t.app).get(PAGE);
  const notFound = await request(t.app).get(MISSING);
  const data = await request(t.app).get(DATA);
  const sitemap = await request(t.app).get("/sitemap.xml");
  expect([page.status, hit.status, notFound.status, data.status, sitemap.status]).toEqual([200, 200, 404, 200, 200]);
  return {
    page: page.headers["cache-control"],
    hit: hit.headers["cache-control"],
    notFound: notFound.headers["cache-control"],
    data: data.headers["cache-control"],
    sitemap: sitemap.headers["cache-control"],
  };
}

test("EDGE_PURGER=none: every header byte for byte as before", async () => {
  const t = createTestApp();
  expect(await headers(t)).toEqual({
    page: TODAY.page,
    hit: TODAY.page,
    notFound: TODAY.notFound,
    data: TODAY.data,
    sitemap: TODAY.sitemap,
  });
});

describe("with a purger", () => {
  let fastly: FastlyStandIn;
  beforeAll(async () => {
    fastly = await startFastlyStandIn();
  });
  afterAll(() => fastly.close());

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

  test("pages, their data and the sitemap for EDGE_LIFETIME_SECONDS; 404s keep their minute", async () => {
    expect(await headers(app())).toEqual({
      page: LONG,
      hit: LONG,
      notFound: TODAY.notFound,
      data: LONG,
      sitemap: LONG,
    });
    expect((await request(app({ EDGE_LIFETIME_SECONDS: "3600" }).app).get(PAGE)).headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=3600, stale-if-error=86400",
    );
  });

  test("while a purge is failing, today's short headers; long again once the edge accepts it", async () => {
    const t = app();
    expect((await request(t.app).get(PAGE)).headers["cache-control"]).toBe(LONG);
    fastly.failNext(Number.POSITIVE_INFINITY, 503);
    const home = t.contentClient.embedded!.current().documents.find((doc) => doc.type === "home")!;
    t.contentClient.embedded!.publish(demoWithHomeHeading("A new heading"));
    const hook = await request(t.app)
      .post("/api/prismic-webhook")
      .set("Authorization", `Bearer ${SECRET}`)
      .send({ type: "api-update", documents: [home.id], masks: {} });
    expect(hook.status).toBe(200);
    await until("the purge failed", () => fastly.calls.some((call) => call.status === 503));
    expect(await headers(t)).toEqual({
      page: TODAY.page,
      hit: TODAY.page,
      notFound: TODAY.notFound,
      data: TODAY.data,
      sitemap: TODAY.sitemap,
    });
    fastly.recover();
    await until("the purge was accepted", () => fastly.calls.some((call) => call.status === 200), { timeoutMs: 5_000 });
    expect(fastly.purgedKeys()).toEqual(expect.arrayContaining([`d-${home.id}`, "t-home"]));
    expect((await request(t.app).get(PAGE)).headers["cache-control"]).toBe(LONG);
  });
});
