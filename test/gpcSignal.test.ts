/**
 * Global Privacy Control at the relay (server/tracking/gpcSignal.ts): `Sec-GPC: 1` without the
 * visitor's explicit `gpc_opt_in` is an opt-out, in both regions. Dropped by default (a 202, no
 * cookie, nothing stored, counted in the metrics), or stored with Limited Data Use under
 * TRACKING_GPC=ldu; with the opt-in, the event is an ordinary one. The relay's guards come first.
 * What Meta then receives, byte for byte, is test/whatMetaReceives.test.ts.
 */
import request from "supertest";
import { createGpcOptOuts, sendsGpc, treatmentOf } from "../server/tracking/gpcSignal";
import { parsePrometheusText, sumOf } from "./support/prometheusText";
import { createTestApp } from "./support/testApp";

const SITE = "http://localhost:3000";
const METRICS_TOKEN = "metrics-token-for-the-gpc-test";

const event = (region: "uk" | "us", extra: Record<string, unknown> = {}) => ({
  event_name: "PageView",
  region,
  fbclid: "IwAR2xYz_AbC-dEf",
  custom_data: { page_url: `${SITE}/gallery?fbclid=IwAR2xYz_AbC-dEf`, page_title: "Gallery" },
  ...extra,
});

const post = (app: Parameters<typeof request>[0], body: unknown, headers: Record<string, string> = {}) =>
  request(app)
    .post("/api/meta-capi")
    .set({ Origin: SITE, "User-Agent": "Mozilla/5.0 (Test)", ...headers })
    .send(body as object);

describe("the signal", () => {
  test.each([
    [{ "sec-gpc": "1" }, true],
    [{}, false],
    [{ "sec-gpc": "0" }, false],
    [{ "sec-gpc": "true" }, false],
    [{ "sec-gpc": "" }, false],
    // Repeated or spaced: Node joins a repeated header as "1, 1"; a middlebox may add spaces.
    [{ "sec-gpc": "1, 1" }, true],
    [{ "sec-gpc": "1,1" }, true],
    [{ "sec-gpc": " 1 " }, true],
    [{ "sec-gpc": ["1", "1"] }, true],
    // Mixed: one member says "1", so the visitor's browser sent the signal (fail closed toward privacy).
    [{ "sec-gpc": "1, 0" }, true],
    [{ "sec-gpc": "0, 1" }, true],
    [{ "sec-gpc": "1, " }, true],
    [{ "sec-gpc": "0, 0" }, false],
    [{ "sec-gpc": "11" }, false],
    [{ "sec-gpc": "1;q=1" }, false],
  ])("%j: %s", (headers, expected) => {
    expect(sendsGpc(headers)).toBe(expected);
  });

  test.each([
    [false, undefined, "drop", "send"],
    [false, true, "drop", "send"],
    [true, undefined, "drop", "dropped"],
    [true, false, "drop", "dropped"],
    [true, undefined, "ldu", "limited"],
    [true, false, "ldu", "limited"],
    [true, true, "drop", "send"],
    [true, true, "ldu", "send"],
  ] as const)("gpc %s, gpc_opt_in %s, TRACKING_GPC=%s: %s", (gpc, optIn, mode, treatment) => {
    expect(treatmentOf(gpc, optIn, mode)).toBe(treatment);
  });

  test("opt-outs are counted by treatment", () => {
    const optOuts = createGpcOptOuts();
    optOuts.count("dropped");
    optOuts.count("dropped");
    optOuts.count("limited");
    expect(optOuts.counts()).toEqual({ dropped: 2, limited: 1 });
  });
});

describe.each(["uk", "us"] as const)("region %s", (region) => {
  test("TRACKING_GPC=drop (default): a 202 that no cache keeps, no cookie, nothing stored, counted", async () => {
    const { app, outbox } = createTestApp({ env: { METRICS_TOKEN } });
    const res = await post(app, event(region), { "Sec-GPC": "1" });
    expect(res.status).toBe(202);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ event_id: expect.any(String), dropped: "gpc" });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await outbox.get(res.body.event_id)).toBeUndefined();
    expect(await outbox.counts()).toMatchObject({ pending: 0 });
    // Explicitly false is no opt-in either.
    expect((await post(app, event(region, { gpc_opt_in: false }), { "Sec-GPC": "1" })).body.dropped).toBe("gpc");

    const metrics = await request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`);
    const samples = parsePrometheusText(metrics.text);
    expect(sumOf(samples, "tracking_gpc_opt_out_events_total", { treatment: "dropped" })).toBe(2);
    expect(sumOf(samples, "tracking_gpc_opt_out_events_total", { treatment: "limited" })).toBe(0);
  });

  test("TRACKING_GPC=ldu: stored with Limited Data Use, still without a cookie, counted", async () => {
    const { app, outbox } = createTestApp({ env: { METRICS_TOKEN, TRACKING_GPC: "ldu" } });
    const res = await post(app, event(region), { "Sec-GPC": "1" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ event_id: expect.any(String) });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const stored = (await outbox.get(res.body.event_id))!;
    expect(stored.region).toBe(region);
    expect(stored.payload).toMatchObject({
      data_processing_options: ["LDU"],
      data_processing_options_country: 0,
      data_processing_options_state: 0,
    });
    // No cookie remembers when the click was first seen, so no click is passed on; no browser id is made up.
    expect(stored.payload.user_data).toEqual({
      client_ip_address: "127.0.0.1",
      client_user_agent: "Mozilla/5.0 (Test)",
    });
    const metrics = await request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`);
    expect(
      sumOf(parsePrometheusText(metrics.text), "tracking_gpc_opt_out_events_total", { treatment: "limited" }),
    ).toBe(1);
  });

  test("with gpc_opt_in: true, an ordinary event: stored without Limited Data Use, cookies written", async () => {
    const { app, outbox } = createTestApp({ env: { TRACKING_GPC: "ldu" } });
    const res = await post(app, event(region, { gpc_opt_in: true }), { "Sec-GPC": "1" });
    expect(res.status).toBe(202);
    const stored = (await outbox.get(res.body.event_id))!;
    expect(stored.payload).not.toHaveProperty("data_processing_options");
    expect(stored.payload.user_data.fbc).toBe(`fb.0.${stored.createdAt}.IwAR2xYz_AbC-dEf`);
    expect((res.headers["set-cookie"] as unknown as string[]).map((c) => c.split("=")[0]).sort()).toEqual([
      "_fbc",
      "_fbp",
    ]);
  });
});

describe("a repeated header", () => {
  test('two Sec-GPC: 1 header lines (Node joins them as "1, 1"): the event is dropped, no cookie written', async () => {
    const { app, outbox } = createTestApp();
    const res = await post(app, event("us")).set("Sec-GPC", ["1", "1"] as unknown as string); // superagent sends an array as repeated lines
    expect(res.status).toBe(202);
    expect(res.body.dropped).toBe("gpc");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await outbox.counts()).toMatchObject({ pending: 0 });
  });
});

describe("the relay's guards come before the signal", () => {
  const { app, outbox } = createTestApp({ env: { TRACKING_RATE_LIMIT: "3" } });

  test("another site's post is refused (403), a bad body too (400), and both count against the rate limit", async () => {
    const gpc = { "Sec-GPC": "1" };
    expect((await post(app, event("uk"), { ...gpc, Origin: "https://evil.example" })).status).toBe(403);
    const bad = await post(app, event("uk", { gpc_opt_in: "yes" }), gpc);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("gpc_opt_in");
    expect((await post(app, event("uk"), gpc)).status).toBe(202);
    expect((await post(app, event("uk"), gpc)).status).toBe(429);
    expect(await outbox.counts()).toMatchObject({ pending: 0 });
  });
});
