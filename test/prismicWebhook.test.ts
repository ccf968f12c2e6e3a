/**
 * The publish webhook takes any body Prismic sends (a bulk publish lists thousands of
 * documents), answers Prismic's "Trigger it" test, and still refuses a wrong or missing secret.
 */
import request from "supertest";
import { capturingLogger } from "./support/capturingLogger";
import { createTestApp } from "./support/testApp";

const SECRET = "a-webhook-secret-of-some-length";

/** What Prismic posts after publishing `count` documents at once (fields from its webhook documentation). */
function bulkPublish(count: number, secret: string | undefined) {
  const documents = Array.from({ length: count }, (_, i) => `Z${String(i).padStart(15, "0")}`);
  return {
    type: "api-update",
    masterRef: "ZxYwVhEAACEAq9zM",
    releases: { update: [{ id: "ZxYwVhEAACEArelease", ref: "ZxYw~rel", label: "Spring", documents }] },
    masks: {},
    tags: {},
    experiments: {},
    documents,
    domain: "my-kitchens",
    apiUrl: "https://my-kitchens.prismic.io/api",
    ...(secret === undefined ? {} : { secret }),
  };
}

test("a publish listing 20,000 documents (~700 KB, ten times the old limit) re-reads the master ref", async () => {
  const { logger, lines } = capturingLogger("info");
  const site = createTestApp({ env: { PRISMIC_WEBHOOK_SECRET: SECRET }, logger });
  const payload = bulkPublish(20_000, SECRET);
  expect(JSON.stringify(payload).length).toBeGreaterThan(640 * 1024);
  const res = await request(site.app).post("/api/prismic-webhook").send(payload);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ok: true, ref: site.contentClient.embedded!.current().masterRef });
  expect(lines).toContainEqual(expect.objectContaining({ msg: "Prismic publish webhook: master ref re-read", documents: 20_000 }));
});

test("Prismic's test trigger is answered 200 without a publish", async () => {
  const { logger, lines } = capturingLogger("info");
  const site = createTestApp({ env: { PRISMIC_WEBHOOK_SECRET: SECRET }, logger });
  const res = await request(site.app)
    .post("/api/prismic-webhook")
    .send({ type: "test-trigger", domain: "my-kitchens", apiUrl: "https://my-kitchens.prismic.io/api", secret: SECRET });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ ok: true, test: true });
  expect(lines.map((line) => line.msg)).toContain("Prismic webhook: test trigger received");
});

test.each([
  ["a wrong secret", bulkPublish(5_000, "not-the-secret-at-all"), 401],
  ["a missing secret", bulkPublish(5_000, undefined), 400],
  ["a wrong secret on a test trigger", { type: "test-trigger", secret: "not-the-secret-at-all" }, 401],
])("%s is still refused, however large the body", async (_name, payload, status) => {
  const site = createTestApp({ env: { PRISMIC_WEBHOOK_SECRET: SECRET } });
  const res = await request(site.app).post("/api/prismic-webhook").send(payload);
  expect(res.status).toBe(status);
  expect(res.body.ok).toBeUndefined();
});

test("a body beyond any real payload (over 4 MB) is refused with 413, not read", async () => {
  const site = createTestApp({ env: { PRISMIC_WEBHOOK_SECRET: SECRET } });
  const res = await request(site.app).post("/api/prismic-webhook").send(bulkPublish(130_000, SECRET));
  expect(res.status).toBe(413);
});
