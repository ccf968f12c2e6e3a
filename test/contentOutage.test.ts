/**
 * When Prismic fails (docs/behaviour.md section 3.6): pages already cached keep being served, a page never rendered
 * gets the friendly 503 with Retry-After (never a 500), rate limits are honoured, menus keep
 * their last good version, failures are logged once per interval, and recovery needs no restart.
 */
import request from "supertest";
import { capturingLogger } from "./support/capturingLogger";
import { createFaultyFetch } from "./support/faultyFetch";
import { demoWithHomeHeading } from "./support/publish";
import { createTestApp } from "./support/testApp";
import { warmPage } from "./support/warmPage";

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
    const recovered = await request(app).get("/gallery/canal-house");
    if (fault.kind === "rateLimited") {
      // A long Retry-After is honoured: Prismic is not asked again (recovery comes once it has passed).
      expect(recovered.status).toBe(503);
    } else {
      expect(recovered.status).toBe(200);
      expect(recovered.text).toContain("Canal House");
    }
  });
});

test("a long Retry-After stops all requests to Prismic until it has passed", async () => {
  const { app, faults } = setup();
  await warmPage(app, "/");
  faults.set({ kind: "rateLimited", retryAfterSeconds: 120 });
  await request(app).get("/gallery/canal-house");
  const afterFirst = faults.calls.length;
  for (let i = 0; i < 5; i++) expect((await request(app).get("/info/blog")).status).toBe(503);
  expect(faults.calls.length).toBe(afterFirst);
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
