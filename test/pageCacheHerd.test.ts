/**
 * No herd (docs/behaviour.md section 6.1): concurrent misses of one page share one render; after a publish that
 * changes them (here the menus, which every page reads), pages cached at the older ref are served
 * at once (STALE) while one background render per requested page refreshes them, and the new
 * content shows as soon as that render is done. (A publish that leaves a page's reads as they were
 * keeps it without a render: test/onlyChangedPagesRerender.test.ts.)
 */
import request from "supertest";
import { createRenderCoordinator } from "../server/pageCache/renderCoordinator";
import { capturingLogger } from "./support/capturingLogger";
import { demoWithMenuLabel } from "./support/publish";
import { createTestApp } from "./support/testApp";

const SECRET = "a-webhook-secret-of-some-length";

function setup() {
  const { logger, lines } = capturingLogger("info");
  const t = createTestApp({ logger, env: { CONTENT_REF_TTL_MS: "60000", PRISMIC_WEBHOOK_SECRET: SECRET } });
  const renders = (page?: string) =>
    lines.filter((l) => l.msg === "page rendered" && (page === undefined || l.page === page)).length;
  return { ...t, renders, lines };
}

const PAGES = ["/", "/gallery", "/info/blog", "/gallery/braybrook-st", "/materials/samples"];

test("20 concurrent misses of one page render it once, and all get the same bytes", async () => {
  const { app, renders } = setup();
  const responses = await Promise.all(Array.from({ length: 20 }, () => request(app).get("/gallery?utm_source=x")));
  expect(renders("/gallery")).toBe(1);
  expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
  expect(new Set(responses.map((r) => r.text)).size).toBe(1);
});

test("a publish under load: every requested page is served at once (stale) and rendered once more, no more", async () => {
  const { app, renders, contentClient } = setup();
  for (const page of PAGES) expect((await request(app).get(page)).status).toBe(200);
  expect(renders()).toBe(PAGES.length);

  contentClient.embedded!.publish(demoWithMenuLabel("Published under load"));
  expect((await request(app).post("/api/prismic-webhook").send({ type: "api-update", secret: SECRET })).status).toBe(
    200,
  );

  // 10 rounds of 5 concurrent requests for each page: 250 requests while the refreshes run.
  const states: string[] = [];
  for (let round = 0; round < 10; round++) {
    const batch = await Promise.all(PAGES.flatMap((page) => Array.from({ length: 5 }, () => request(app).get(page))));
    for (const res of batch) {
      expect(res.status).toBe(200);
      states.push(res.headers["x-cache"]);
    }
  }
  expect(states.filter((s) => s === "MISS")).toEqual([]);
  expect(states).toContain("STALE");

  // Bounded wait for the background renders to finish: one more render per page.
  const deadline = Date.now() + 10_000;
  while (renders() < PAGES.length * 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(renders()).toBe(PAGES.length * 2);
  for (const page of PAGES) expect(renders(page)).toBe(2);
  for (const page of PAGES) {
    const answer = await request(app).get(page);
    expect(answer.headers["x-cache"]).toBe("HIT");
    expect(answer.text).toContain("Published under load");
  }
}, 60_000);

describe("the render coordinator", () => {
  test("runs at most `concurrency` background renders at once, in the order asked, each key once", async () => {
    const coordinator = createRenderCoordinator({ concurrency: 2 });
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const render = (key: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(key);
      await new Promise((r) => setTimeout(r, 10));
      running--;
    };
    for (let i = 0; i < 10; i++) for (const key of ["a", "b", "c", "d", "e"]) coordinator.refresh(key, render(key));
    const deadline = Date.now() + 5_000;
    while (coordinator.stats().renders < 5 || coordinator.stats().inFlight > 0) {
      if (Date.now() > deadline) throw new Error("background renders did not finish");
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(order).toEqual(["a", "b", "c", "d", "e"]);
    expect(most).toBe(2);
  });

  test("a request for a page whose refresh runs joins that render", async () => {
    const coordinator = createRenderCoordinator();
    let calls = 0;
    const render = () => new Promise<number>((r) => setTimeout(() => r(++calls), 20));
    coordinator.refresh("/", render);
    const joined = await coordinator.once("/", render);
    expect(joined).toBe(1);
    expect(coordinator.stats().renders).toBe(1);
  });

  test("a failed render is not kept: the next request renders again", async () => {
    const coordinator = createRenderCoordinator();
    await expect(coordinator.once("/", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(coordinator.once("/", () => Promise.resolve("up"))).resolves.toBe("up");
  });
});
