/**
 * POST /api/meta-capi, the tracking relay: every validation rule answers 400 naming the field,
 * 413 past 16 KB, 403 for another site, 429 with Retry-After past the rate limit, and 202 with
 * the event_id only once the event is in the outbox, as a Conversions API server event.
 */
import express from "express";
import request from "supertest";
import { createLogger } from "../server/observability/logger";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import type { OutboxStore } from "../server/outbox/store";
import { createMetaCapiRouter } from "../server/tracking/metaCapiRoute";
import { createTestApp } from "./support/testApp";

const SITE = "http://localhost:3000";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const valid = () => ({
  event_name: "PageView",
  region: "uk",
  fbp: "fb.1.1700000000000.1234567890",
  fbclid: "IwAR2xYz_AbC-dEf",
  custom_data: { page_url: `${SITE}/gallery?fbclid=IwAR2xYz_AbC-dEf`, page_title: "Gallery" },
});

function post(app: express.Express, body: unknown, origin: string | null = SITE) {
  const req = request(app).post("/api/meta-capi").set("User-Agent", "Mozilla/5.0 (Test)");
  if (origin !== null) req.set("Origin", origin);
  if (body === undefined) return req;
  return typeof body === "string" ? req.set("Content-Type", "application/json").send(body) : req.send(body as object);
}

describe("a valid event", () => {
  test("answers 202 with a new event_id, after storing the Meta server event in the outbox", async () => {
    const { app, outbox } = createTestApp();
    const before = Date.now();
    const res = await post(app, valid());
    expect(res.status).toBe(202);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ event_id: expect.stringMatching(UUID) });

    const stored = await outbox.get(res.body.event_id);
    expect(stored).toMatchObject({ status: "pending", region: "uk", attempts: 0 });
    const receivedAt = stored!.createdAt;
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    expect(stored!.payload).toEqual({
      event_name: "PageView",
      event_time: Math.floor(receivedAt / 1000),
      event_id: res.body.event_id,
      action_source: "website",
      event_source_url: `${SITE}/gallery?fbclid=IwAR2xYz_AbC-dEf`,
      user_data: {
        client_ip_address: "127.0.0.1",
        client_user_agent: "Mozilla/5.0 (Test)",
        fbp: "fb.1.1700000000000.1234567890",
        // fb.{subdomainIndex}.{ms}.{fbclid}, the fbclid exactly as given (never re-cased); the
        // index is 0 for localhost, whose cookies are host-only (server/tracking/clickCookies.ts).
        fbc: `fb.0.${receivedAt}.IwAR2xYz_AbC-dEf`,
      },
      custom_data: { page_url: `${SITE}/gallery?fbclid=IwAR2xYz_AbC-dEf`, page_title: "Gallery" },
    });
  });

  test("keeps the browser's event_id, so the pixel's event and the server's deduplicate; a repeat is stored once", async () => {
    const { app, outbox } = createTestApp();
    const eventId = "6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b";
    const first = await post(app, { ...valid(), event_id: eventId });
    const again = await post(app, { ...valid(), event_id: eventId, region: "us" });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body).toEqual({ event_id: eventId });
    expect(await outbox.get(eventId)).toMatchObject({ region: "uk", payload: { event_id: eventId } });
    expect(await outbox.counts()).toMatchObject({ pending: 1 });
  });

  test("needs neither fbp nor fbclid: user_data then has no fbc, and the browser id the relay created for it", async () => {
    const { app, outbox } = createTestApp();
    const { fbp: _fbp, fbclid: _fbclid, ...bare } = valid();
    const res = await post(app, { ...bare, region: "us" });
    expect(res.status).toBe(202);
    const { payload, createdAt } = (await outbox.get(res.body.event_id))!;
    const fbp = payload.user_data.fbp!;
    expect(fbp).toMatch(new RegExp(`^fb\\.0\\.${createdAt}\\.\\d{1,10}$`));
    expect(payload.user_data).toEqual({ client_ip_address: "127.0.0.1", client_user_agent: "Mozilla/5.0 (Test)", fbp });
    // The same browser id is kept in the `_fbp` cookie for the visitor's later events.
    expect(res.headers["set-cookie"]).toEqual([
      expect.stringMatching(new RegExp(`^_fbp=${fbp.replaceAll(".", "\\.")};`)),
    ]);
  });

  test.each([
    "ViewContent",
    "Lead",
    "Contact",
    "Schedule",
    "SubmitApplication",
    "klaviyo_form_XyZ123",
    "klaviyo_form_XyZ123_view",
  ])("accepts the event name %s", async (eventName) => {
    const { app } = createTestApp();
    // A Klaviyo form event names its form in custom_data too (client/klaviyoForms.ts).
    const formId = /^klaviyo_form_([A-Za-z0-9]+)/.exec(eventName)?.[1];
    const custom_data = formId ? { ...valid().custom_data, form_id: formId } : valid().custom_data;
    expect((await post(app, { ...valid(), event_name: eventName, custom_data })).status).toBe(202);
  });

  test("accepts a Klaviyo step event with its form_id and step_source in custom_data", async () => {
    const { app, outbox } = createTestApp();
    const extras = { form_id: "AbC9", step_source: "Step 2" };
    const res = await post(app, {
      ...valid(),
      event_name: "klaviyo_form_AbC9_step",
      custom_data: { ...valid().custom_data, ...extras },
    });
    expect(res.status).toBe(202);
    expect((await outbox.get(res.body.event_id))!.payload.custom_data).toMatchObject(extras);
  });

  test("accepts the parameters Meta defines for a standard event, with their types", async () => {
    const { app, outbox } = createTestApp();
    const lead = { value: 12.5, currency: "GBP", content_name: "Kitchen brochure", content_category: "Kitchens" };
    const viewContent = {
      content_ids: ["braybrook-st", "shaker-2"],
      content_type: "product",
      content_name: "Braybrook Street",
      value: 0,
      currency: "USD",
    };
    for (const [eventName, extras] of [
      ["Lead", lead],
      ["ViewContent", viewContent],
    ] as const) {
      const res = await post(app, {
        ...valid(),
        event_name: eventName,
        custom_data: { ...valid().custom_data, ...extras },
      });
      expect(res.status).toBe(202);
      expect((await outbox.get(res.body.event_id))!.payload.custom_data).toEqual({ ...valid().custom_data, ...extras });
    }
  });

  test("accepts the same JSON as text/plain (navigator.sendBeacon with a string)", async () => {
    const { app } = createTestApp();
    const res = await request(app)
      .post("/api/meta-capi")
      .set("Origin", SITE)
      .set("Content-Type", "text/plain;charset=UTF-8")
      .send(JSON.stringify(valid()));
    expect(res.status).toBe(202);
  });
});

describe("bad input answers 400 with a JSON error naming the field", () => {
  const { app } = createTestApp({ env: { TRACKING_RATE_LIMIT: "1000" } });
  const cd = valid().custom_data;
  const cases: Array<[string, unknown, string]> = [
    ["event_name missing", { ...valid(), event_name: undefined }, "event_name"],
    ["event_name not allowed", { ...valid(), event_name: "Purchase" }, "event_name"],
    ["event_name of another case", { ...valid(), event_name: "pageview" }, "event_name"],
    ["a Klaviyo form event without a form id", { ...valid(), event_name: "klaviyo_form_" }, "event_name"],
    ["a Klaviyo form event of an unknown kind", { ...valid(), event_name: "klaviyo_form_AbC_submit" }, "event_name"],
    ["event_name not a string", { ...valid(), event_name: 7 }, "event_name"],
    ["region gb (the payload says uk)", { ...valid(), region: "gb" }, "region"],
    ["region missing", { ...valid(), region: undefined }, "region"],
    ["fbp not a cookie value", { ...valid(), fbp: "<script>" }, "fbp"],
    ["fbp too long", { ...valid(), fbp: `fb.1.1700000000000.${"1".repeat(300)}` }, "fbp"],
    ["fbclid with spaces", { ...valid(), fbclid: "abc def" }, "fbclid"],
    ["fbclid too long", { ...valid(), fbclid: "a".repeat(501) }, "fbclid"],
    ["event_id not a UUID", { ...valid(), event_id: "123" }, "event_id"],
    ["gpc_opt_in not a boolean", { ...valid(), gpc_opt_in: "true" }, "gpc_opt_in"],
    ["gpc_opt_in a number", { ...valid(), gpc_opt_in: 1 }, "gpc_opt_in"],
    ["an unknown field", { ...valid(), email: "a@b.c" }, "email"],
    ["custom_data missing", { ...valid(), custom_data: undefined }, "custom_data"],
    ["custom_data not an object", { ...valid(), custom_data: "x" }, "custom_data"],
    ["page_url missing", { ...valid(), custom_data: { page_title: "T" } }, "custom_data.page_url"],
    [
      "page_url not http(s)",
      { ...valid(), custom_data: { ...cd, page_url: "javascript:alert(1)" } },
      "custom_data.page_url",
    ],
    [
      "page_url too long",
      { ...valid(), custom_data: { ...cd, page_url: `${SITE}/${"a".repeat(2100)}` } },
      "custom_data.page_url",
    ],
    ["page_title missing", { ...valid(), custom_data: { page_url: cd.page_url } }, "custom_data.page_title"],
    [
      "page_title too long",
      { ...valid(), custom_data: { ...cd, page_title: "t".repeat(301) } },
      "custom_data.page_title",
    ],
    [
      "page_url of another site",
      { ...valid(), custom_data: { ...cd, page_url: "https://evil.example/gallery" } },
      "custom_data.page_url",
    ],
    [
      "page_url of the site's host on another port",
      { ...valid(), custom_data: { ...cd, page_url: "http://localhost:4000/gallery" } },
      "custom_data.page_url",
    ],
    [
      "page_url carrying an e-mail address",
      { ...valid(), custom_data: { ...cd, page_url: `${SITE}/contact?email=jo%40example.com` } },
      "custom_data.page_url",
    ],
    [
      "a field Meta does not define in custom_data",
      { ...valid(), custom_data: { ...cd, extra: 1 } },
      "custom_data.extra",
    ],
    [
      "a field of another event in custom_data",
      { ...valid(), custom_data: { ...cd, value: 5, currency: "GBP" } },
      "custom_data.value",
    ],
    [
      "an e-mail address in custom_data",
      { ...valid(), custom_data: { ...cd, email: "jo@example.com" } },
      "custom_data.email",
    ],
    [
      "a value that is not a number",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, value: "not-a-number", currency: "GBP" } },
      "custom_data.value",
    ],
    [
      "a value without its currency",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, value: 12 } },
      "custom_data.currency",
    ],
    [
      "a currency in lower case",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, value: 12, currency: "gbp" } },
      "custom_data.currency",
    ],
    [
      "a currency that ISO 4217 does not define",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, value: 12, currency: "ABC" } },
      "custom_data.currency",
    ],
    [
      "content_ids not an array of strings",
      { ...valid(), event_name: "ViewContent", custom_data: { ...cd, content_ids: "a,b" } },
      "custom_data.content_ids",
    ],
    [
      "an e-mail address in a free-text field",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, content_name: "call jo.bloggs@example.com" } },
      "custom_data.content_name",
    ],
    [
      "a phone number in a free-text field",
      {
        ...valid(),
        event_name: "klaviyo_form_AbC9_step",
        custom_data: { ...cd, form_id: "AbC9", step_source: "+44 20 7946 0958" },
      },
      "custom_data.step_source",
    ],
    [
      "a phone number in the page title",
      { ...valid(), custom_data: { ...cd, page_title: "Call me on 07700 900123" } },
      "custom_data.page_title",
    ],
    [
      "a form_id other than the event's",
      { ...valid(), event_name: "klaviyo_form_AbC9", custom_data: { ...cd, form_id: "XyZ1" } },
      "custom_data.form_id",
    ],
    [
      "an object value in custom_data",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, content_name: { a: 1 } } },
      "custom_data.content_name",
    ],
    [
      "a long string in custom_data",
      { ...valid(), event_name: "Lead", custom_data: { ...cd, content_name: "x".repeat(501) } },
      "custom_data.content_name",
    ],
    ["a JSON array", [valid()], "body"],
    ["no body at all", undefined, "body"],
    ["an empty JSON object", {}, "event_name"],
  ];

  test.each(cases)("%s", async (_name, body, field) => {
    const res = await post(app, body);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({ field, error: expect.stringContaining(field) });
  });

  test("malformed JSON: 400 naming the body, without a stack", async () => {
    const res = await post(app, '{"event_name": "PageView",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ field: "body", error: "body: not valid JSON" });
    expect(res.text).not.toMatch(/at .*\.js|SyntaxError/);
  });

  test("a JSON string or number (not an object) is refused as the body", async () => {
    expect((await post(app, '"PageView"')).body).toMatchObject({ field: "body" });
    expect((await post(app, "42")).status).toBe(400);
  });
});

test("a body in an encoding the relay does not take answers 415 in its own words, the parser's message not echoed", async () => {
  const { app, outbox } = createTestApp();
  const res = await request(app)
    .post("/api/meta-capi")
    .set("Origin", SITE)
    .set("Content-Type", "application/json")
    .set("Content-Encoding", "x-made-up")
    .send(JSON.stringify(valid()));
  expect(res.status).toBe(415);
  expect(res.body).toEqual({ field: "body", error: "body: in an encoding this endpoint does not take" });
  expect(res.text).not.toContain("x-made-up");
  expect(await outbox.counts()).toMatchObject({ pending: 0 });
});

test("a body over 16 KB answers 413 in JSON", async () => {
  const { app, outbox } = createTestApp();
  const res = await post(app, { ...valid(), custom_data: { ...valid().custom_data, padding: "x".repeat(17 * 1024) } });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ field: "body", error: "body: larger than 16 KB" });
  expect(await outbox.counts()).toMatchObject({ pending: 0 });
});

describe("only the site's own pages may post", () => {
  const { app, outbox } = createTestApp({ env: { TRACKING_RATE_LIMIT: "1000", TRUST_PROXY: "1" } });

  test.each([
    ["another site", "https://evil.example"],
    ["the site's origin on another port", "http://localhost:4000"],
    ["the site's host over another scheme", "https://localhost:3000"],
    ["an opaque origin", "null"],
    ["a file page's origin", "file://"],
    // A browser sends the serialized origin: anything else is compared as sent, never normalised first.
    ["the site's host with credentials before it", "http://evil@localhost:3000"],
    ["the site's origin with a trailing slash", "http://localhost:3000/"],
    ["the site's origin with a path", "http://localhost:3000/gallery"],
    ["the site's origin in capitals", "HTTP://LOCALHOST:3000"],
  ])("refuses %s with 403, which no cache keeps", async (_name, origin) => {
    const res = await post(app, valid(), origin);
    expect(res.status).toBe(403);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ field: "origin", error: expect.stringContaining("this site only") });
  });

  test("refuses a POST without Origin (browsers always send one on POST)", async () => {
    const res = await post(app, valid(), null);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ field: "origin", error: "origin: required" });
    expect(await outbox.counts()).toMatchObject({ pending: 0 });
  });

  test("accepts SITE_URL's origin only: an Origin equal to a forged Host (or X-Forwarded-Host) is refused", async () => {
    expect((await post(app, valid(), SITE)).status).toBe(202);
    const forgedHost = await request(app)
      .post("/api/meta-capi")
      .set("Host", "evil.example")
      .set("Origin", "http://evil.example")
      .send(valid());
    expect(forgedHost.status).toBe(403);
    const forgedForwarded = await request(app)
      .post("/api/meta-capi")
      .set("X-Forwarded-Host", "evil.example")
      .set("X-Forwarded-Proto", "https")
      .set("Origin", "https://evil.example")
      .send(valid());
    expect(forgedForwarded.status).toBe(403);
    expect(await outbox.counts()).toMatchObject({ pending: 1 });
  });
});

describe("rate limit per client IP", () => {
  test("past the limit answers 429 with Retry-After and RateLimit headers; other clients are not limited", async () => {
    const { app } = createTestApp({ env: { TRACKING_RATE_LIMIT: "3", TRUST_PROXY: "loopback" } });
    const from = (ip: string) => post(app, valid()).set("X-Forwarded-For", ip);
    for (let i = 0; i < 3; i++) expect((await from("198.51.100.1")).status).toBe(202);
    const limited = await from("198.51.100.1");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.headers["ratelimit-policy"]).toContain("q=3; w=60");
    expect(limited.body).toEqual({ error: expect.stringContaining("too many") });
    expect((await from("198.51.100.2")).status).toBe(202);
  });

  test("counts before checking the body, so junk posts use up the allowance too", async () => {
    const { app } = createTestApp({ env: { TRACKING_RATE_LIMIT: "2" } });
    expect((await post(app, "{")).status).toBe(400);
    expect((await post(app, valid(), "https://evil.example")).status).toBe(403);
    expect((await post(app, valid())).status).toBe(429);
  });
});

describe("the client IP comes from the trusted proxy chain", () => {
  const ipOf = async (env: Record<string, string>, forwardedFor: string) => {
    const { app, outbox } = createTestApp({ env });
    const res = await post(app, valid()).set("X-Forwarded-For", forwardedFor);
    expect(res.status).toBe(202);
    return (await outbox.get(res.body.event_id))!.payload.user_data.client_ip_address;
  };

  test("by default X-Forwarded-For is ignored: the peer is the client", async () => {
    expect(await ipOf({}, "198.51.100.23")).toBe("127.0.0.1");
  });

  test("TRUST_PROXY=1: the address the one trusted proxy saw, not what the client wrote before it", async () => {
    expect(await ipOf({ TRUST_PROXY: "1" }, "10.9.8.7, 198.51.100.23")).toBe("198.51.100.23");
  });

  test("TRUST_PROXY as addresses: proxies on loopback are skipped, an IPv6 client is kept as is", async () => {
    expect(await ipOf({ TRUST_PROXY: "loopback, 10.0.0.0/8" }, "2001:db8::7, 10.1.2.3")).toBe("2001:db8::7");
  });
});

describe("202 means stored", () => {
  /** The relay alone on a bare app, with a store to control. */
  function relay(outbox: OutboxStore | undefined, writeTimeoutMs = 5_000) {
    const app = express();
    app.use(
      createMetaCapiRouter({
        outbox,
        siteUrl: SITE,
        ratePerMinute: 1000,
        logger: createLogger("silent"),
        writeTimeoutMs,
      }),
    );
    return app;
  }

  test("no answer until the outbox write has finished", async () => {
    const store = openSqliteOutboxStore(":memory:");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: OutboxStore = {
      ...store,
      add: async (event) => {
        await gate;
        return store.add(event);
      },
    };
    let answered = false;
    const pending = post(relay(slow), valid()).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(answered).toBe(false);
    expect(await store.counts()).toMatchObject({ pending: 0 });
    release();
    const res = await pending;
    expect(res.status).toBe(202);
    expect(await store.get(res.body.event_id)).toMatchObject({ status: "pending" });
  });

  test("a failing outbox answers 503 with Retry-After, never 202", async () => {
    const failing: OutboxStore = {
      ...openSqliteOutboxStore(":memory:"),
      add: async () => Promise.reject(new Error("disk I/O error")),
    };
    const res = await post(relay(failing), valid());
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.body).toEqual({ error: "tracking event not stored: retry later" });
  });

  test("an outbox write slower than the write timeout answers 503", async () => {
    const stuck: OutboxStore = { ...openSqliteOutboxStore(":memory:"), add: () => new Promise<boolean>(() => {}) };
    const res = await post(relay(stuck, 50), valid());
    expect(res.status).toBe(503);
  });

  test("without an outbox, valid events answer 503 and bad ones still 400", async () => {
    expect((await post(relay(undefined), valid())).status).toBe(503);
    expect((await post(relay(undefined), { ...valid(), region: "fr" })).status).toBe(400);
  });
});

test("other methods answer 405 with Allow: POST", async () => {
  const { app } = createTestApp();
  const res = await request(app).get("/api/meta-capi");
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("POST");
});
