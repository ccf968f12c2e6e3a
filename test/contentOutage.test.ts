/**
 * When Prismic fails (docs/behaviour.md section 3.6): pages already cached keep being served, a page never rendered
 * gets the friendly 503 with Retry-After (never a 500), rate limits are honoured, menus keep
 * their last good version, failures are logged once per interval, and recovery needs no restart:
 * however long Prismic asks us to wait, a probe every 5 s finds it back.
 */
import request from "supertest";
import { capturingLogger } from "./support/capturingLogger";
import { MAX_UPSTREAM_WAIT_MS, PROBE_INTERVAL_MS } from "../server/content/upstreamGate";
import { createFaultyFetch } from "./support/faultyFetch";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp } from "./support/testApp";
import { until } from "./support/waitFor";
import { warmPage } from "./support/warmPage";
import { useRunningFakeDate } from "./support/fakeDate";

// Only the clock is fake (and runs), so a test can step past a wait while the sockets and timers run.
beforeEach(() => {
  useRunningFakeDate();
});
afterEach(() => jest.useRealTimers());

function setup(env: Record<string, string> = {}) {
  const faults = createFaultyFetch();
  const { logger, lines } = capturingLogger();
  // A short ref TTL so each request re-reads the repository: outages are noticed at once.
  const test = createTestApp({
    wrapFetch: faults.wrap,
    logger,
    env: { CONTENT_REF_TTL_MS: "0", CONTENT_TIMEOUT_MS: "300", ...env },
  });
  return { ...test, faults, lines };
}

const outageLines = (lines: Array<{ msg: string }>) =>
  lines.filter((l) => l.msg === "The content service is unavailable");

describe.each([
  ["down (network errors)", { kind: "down" } as const],
  ["failing with 500", { kind: "serverError" } as const],
  ["rate-limiting with a long Retry-After", { kind: "rateLimited", retryAfterSeconds: 120 } as const],
  ["too slow to answer", { kind: "slow", delayMs: 2_000 } as const],
])("while Prismic is %s", (_name, fault) => {
  test("a cached page is still served, a never-seen page gets the friendly 503, and recovery needs no restart", async () => {
    const { app, faults } = setup();
    await warmPage(app, "/gallery/braybrook-st");
    faults.set(fault);

    const cached = await request(app).get("/gallery/braybrook-st");
    expect(cached.status).toBe(200);
    expect(cached.text).toContain("Braybrook Street");

    const started = Date.now();
    const unseen = await request(app).get("/gallery/canal-house");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(unseen.status).toBe(503);
    expect(unseen.headers["retry-after"]).toMatch(/^\d+$/);
    expect(unseen.headers["cache-control"]).toBe("no-store");
    expect(unseen.text).toContain("We’ll be back shortly");
    expect(unseen.text).not.toMatch(/at \w+ \(|\.ts:\d+|TypeError|ECONNREFUSED/);

    faults.set({ kind: "ok" });
    // A long Retry-After stops requests until the next probe (every PROBE_INTERVAL_MS): step past it.
    if (fault.kind === "rateLimited") jest.setSystemTime(Date.now() + PROBE_INTERVAL_MS);
    const recovered = await request(app).get("/gallery/canal-house");
    expect(recovered.status).toBe(200);
    expect(recovered.text).toContain("Canal House");
  });
});

describe("Prismic asking us to wait (a 429, or a 503 with Retry-After)", () => {
  const SECRET = "a-webhook-secret-of-some-length";
  const publishHook = (app: Parameters<typeof request>[0]) =>
    request(app).post("/api/prismic-webhook").set("Authorization", `Bearer ${SECRET}`).send({ type: "api-update" });

  test("stops requests to Prismic but for one probe every 5 s", async () => {
    const { app, faults } = setup();
    await warmPage(app, "/");
    faults.set({ kind: "rateLimited", retryAfterSeconds: 120 });
    await request(app).get("/gallery/canal-house");
    const afterFirst = faults.calls.length;
    for (let i = 0; i < 5; i++) expect((await request(app).get("/info/blog")).status).toBe(503);
    expect(faults.calls.length).toBe(afterFirst);
    jest.setSystemTime(Date.now() + PROBE_INTERVAL_MS);
    expect((await request(app).get("/info/blog")).status).toBe(503);
    expect(faults.calls.length).toBe(afterFirst + 1);
  });

  test.each([
    ["Retry-After: 3600", 3600],
    ["no end in sight (Retry-After in 2100)", Math.ceil((Date.UTC(2100, 0, 1) - Date.now()) / 1000)],
  ])(
    "one 429 with %s, then a healthy Prismic: an uncached page is 200 and a publish shows within a probe interval, cached pages throughout",
    async (_case, retryAfterSeconds) => {
      const { app, faults, contentClient } = setup({ PRISMIC_WEBHOOK_SECRET: SECRET, CONTENT_REF_TTL_MS: "5000" });
      await warmPage(app, "/");
      const started = Date.now();
      let limited = 0;
      faults.set({ kind: "rateLimited", retryAfterSeconds }, () => limited++ < 1);
      const first = await request(app).get("/gallery/canal-house");
      expect(first.status).toBe(503);
      expect(Number(first.headers["retry-after"])).toBeLessThanOrEqual(MAX_UPSTREAM_WAIT_MS / 1000);

      // Prismic is healthy from here on; an editor publishes, and Prismic calls the webhook.
      contentClient.embedded!.publish(demoWithHomeHeading("Published during the wait"));
      expect((await publishHook(app)).status).toBe(200);
      const cached = await request(app).get("/");
      expect(cached.status).toBe(200);
      // Stale content beats no content: the instance stays in the load balancer.
      expect((await request(app).get("/readyz")).status).toBe(200);

      jest.setSystemTime(Date.now() + PROBE_INTERVAL_MS);
      const uncached = await request(app).get("/gallery/canal-house");
      expect(uncached.status).toBe(200);
      expect(uncached.text).toContain("Canal House");
      const hook = await publishHook(app);
      expect(hook.body.ref).toBe(contentClient.embedded!.current().masterRef);
      // The cached home is served stale once more while it is rendered again at the new ref.
      await until("the published home", async () =>
        (await request(app).get("/")).text.includes("Published during the wait"),
      );
      expect(Date.now() - started).toBeLessThanOrEqual(MAX_UPSTREAM_WAIT_MS);
    },
  );
});

test("a short Retry-After is waited out and the page renders", async () => {
  const { app, faults } = setup();
  await request(app).get("/");
  let limited = 0;
  faults.set(
    { kind: "rateLimited", retryAfterSeconds: 0.2 },
    (url) => url.includes("documents/search") && limited++ < 1,
  );
  const res = await request(app).get("/info/blog");
  expect(res.status).toBe(200);
});

test("a data request during an outage answers 503 JSON with Retry-After", async () => {
  const { app, faults } = setup();
  await request(app).get("/");
  faults.set({ kind: "down" });
  const res = await request(app).get("/_data/gallery/canal-house?_route=gallery-uid___gb");
  expect(res.status).toBe(503);
  expect(res.headers["retry-after"]).toMatch(/^\d+$/);
  expect(res.body.status).toBe(503);
});

test("when the menus fail to reload after a publish, pages render with the last good menus", async () => {
  const { app, faults, contentClient } = setup();
  await request(app).get("/");
  // Menus are cached per ref: a publish (a new ref) makes the next page reload them.
  contentClient.embedded!.publish(demoWithHomeHeading("Published again"));
  const isNavigation = (url: string) => decodeURIComponent(url).includes('"navigation"');
  faults.set({ kind: "down" }, isNavigation);
  const before = faults.calls.length;
  const res = await request(app).get("/info/blog");
  expect(faults.calls.slice(before).some(isNavigation)).toBe(true);
  expect(res.status).toBe(200);
  expect(res.text).toContain('class="primary-nav__title"');
});

test("the failure is logged once per interval, not once per request", async () => {
  const { app, faults, lines } = setup();
  await request(app).get("/");
  faults.set({ kind: "down" });
  for (const path of ["/gallery/canal-house", "/info/blog", "/gallery", "/materials/samples", "/info/about-us"]) {
    expect((await request(app).get(path)).status).toBe(503);
  }
  expect(outageLines(lines)).toHaveLength(1);
});

test("a site that has never reached Prismic answers 503, and /readyz says not ready", async () => {
  const { app, faults } = setup();
  faults.set({ kind: "down" });
  expect((await request(app).get("/")).status).toBe(503);
  expect((await request(app).get("/readyz")).status).toBe(503);
  faults.set({ kind: "ok" });
  expect((await request(app).get("/readyz")).status).toBe(200);
  expect((await request(app).get("/")).status).toBe(200);
});
