/**
 * Traces (docs/operations.md, "Traces"): off unless the OTEL_* variables name an OTLP endpoint;
 * on, a request is a server span (route, status, page-cache result, request id) whose children
 * are the content service's calls (with the ref, never a token), the loaders and the render, an
 * image's queue wait and transform, and the outbox write; a Meta delivery is a span with its
 * batch size and outcome; and `traceparent` reaches Prismic and Meta. Spans are read from the
 * SDK's in-memory exporter here; test/tracingExport.test.ts sends them over OTLP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import { startTracing, stopTracing, tracingEnabled, withSpan } from "../server/observability/tracing";
import { addEvents, useDeliveryFixture } from "./support/deliveryFixture";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { createTestApp, ROOT, WITH_PAGE_CACHE } from "./support/testApp";

const SITE = "http://localhost:3000";
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

const byName = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
/** Whether `span` descends from `ancestor` among `spans`. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan, spans: ReadableSpan[]): boolean {
  for (let parent = parentOf(span); parent; ) {
    if (parent === ancestor.spanContext().spanId) return true;
    parent = spans.find((s) => s.spanContext().spanId === parent)?.parentSpanContext?.spanId;
  }
  return false;
}
/** Resolves once `spans()` has a span named `name` (spans end after the response is sent). */
async function spanNamed(exporter: InMemorySpanExporter, name: string | RegExp): Promise<ReadableSpan> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = exporter
      .getFinishedSpans()
      .find((s) => (typeof name === "string" ? s.name === name : name.test(s.name)));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no span ${name} among ${exporter
          .getFinishedSpans()
          .map((s) => s.name)
          .join(", ")}`,
      );
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("configuration", () => {
  const settings = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env }, ROOT);

  test("off without an OTLP endpoint, and off when OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none says so", async () => {
    for (const env of <Array<Record<string, string>>>[
      {},
      { OTEL_SERVICE_NAME: "site", OTEL_TRACES_SAMPLER: "always_on" },
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" },
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://127.0.0.1:4318/v1/traces", OTEL_SDK_DISABLED: "TRUE" },
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_EXPORTER: "none" },
    ]) {
      expect(startTracing(settings(env))).toBe(false);
      expect(tracingEnabled()).toBe(false);
    }
    // Off, a span is only its function: it gets no span to write to.
    expect(withSpan("anything", (span) => span)).toBeUndefined();
    expect(
      startTracing(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9", OTEL_SDK_DISABLED: "false" })),
    ).toBe(true);
    expect(tracingEnabled()).toBe(true);
    await stopTracing();
    expect(tracingEnabled()).toBe(false);
  });

  test.each([
    [
      { OTEL_TRACES_SAMPLER: "parentbased_sometimes" },
      /OTEL_TRACES_SAMPLER: one of always_on, always_off, traceidratio/,
    ],
    [{ OTEL_TRACES_SAMPLER_ARG: "1.5" }, /OTEL_TRACES_SAMPLER_ARG/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, /OTEL_EXPORTER_OTLP_PROTOCOL: http\/protobuf/],
    [{ OTEL_TRACES_EXPORTER: "zipkin" }, /OTEL_TRACES_EXPORTER: otlp or none/],
    [{ OTEL_SDK_DISABLED: "yes" }, /OTEL_SDK_DISABLED: true or false/],
  ])("a wrong value stops the start, naming the variable: %p", (env, message) => {
    expect(() => settings(env)).toThrow(ConfigError);
    expect(() => settings(env)).toThrow(message);
  });

  test("off, no request carries a traceparent and the request id is the log's own", async () => {
    const standIn = await startPrismicHttpStandIn();
    try {
      const { app } = createTestApp({
        env: { PRISMIC_REPOSITORY: "embedded", PRISMIC_API_ENDPOINT: standIn.endpoint, ...WITH_PAGE_CACHE },
      });
      const res = await request(app)
        .get("/gallery")
        .set("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
      expect(res.status).toBe(200);
      expect(standIn.headers.length).toBeGreaterThan(0);
      expect(standIn.headers.filter((h) => h.traceparent)).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});

describe("with tracing on", () => {
  const exporter = new InMemorySpanExporter();
  const delivery = useDeliveryFixture();
  let standIn: PrismicHttpStandIn;
  let app: ReturnType<typeof createTestApp>["app"];
  let mediaCache: string;

  beforeAll(async () => {
    standIn = await startPrismicHttpStandIn();
    startTracing(loadConfig({ NODE_ENV: "test", OTEL_SERVICE_NAME: "site-under-test" }, ROOT), { exporter });
    // A media cache of its own: the image must be transformed, not found from an earlier run.
    mediaCache = fs.mkdtempSync(path.join(os.tmpdir(), "tracing-media-"));
    ({ app } = createTestApp({
      env: {
        PRISMIC_REPOSITORY: "embedded",
        PRISMIC_API_ENDPOINT: standIn.endpoint,
        MEDIA_CACHE_DIR: mediaCache,
        ...WITH_PAGE_CACHE,
      },
    }));
  });
  afterAll(async () => {
    await stopTracing();
    await standIn.close();
    fs.rmSync(mediaCache, { recursive: true, force: true });
  });
  beforeEach(() => {
    exporter.reset();
    standIn.headers.length = 0;
  });

  test("a cache miss is a request span with the loaders, the render and the content service's calls below it; traceparent reaches Prismic", async () => {
    const res = await request(app).get("/gallery/canal-house?utm_source=x");
    expect(res.status).toBe(200);
    expect(res.headers["x-cache"]).toBe("MISS");
    const root = await spanNamed(exporter, /^GET /);
    const spans = exporter.getFinishedSpans();

    expect(root.name).toBe(`GET ${root.attributes["site.route"]}`);
    expect(root.attributes["site.route"]).toMatch(/gallery/);
    expect(root.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.response.status_code": 200,
      "site.page_cache": "miss",
      "site.request_id": res.headers["x-request-id"],
    });
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.resource.attributes["service.name"]).toBe("site-under-test");

    const [loaders] = byName(spans, "page.loaders");
    const [render] = byName(spans, "page.render");
    expect(loaders.attributes["site.page"]).toBe("/gallery/canal-house");
    expect(render.attributes["site.route"]).toBe(root.attributes["site.route"]);
    const content = byName(spans, "prismic GET");
    expect(content.length).toBeGreaterThan(0);
    const ref = standIn.repository().masterRef;
    const searches = content.filter((s) => s.attributes["url.path"] === "/api/v2/documents/search");
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.attributes).toMatchObject({
        "prismic.ref": ref,
        "server.address": "127.0.0.1",
        "http.response.status_code": 200,
      });
      expect(descendsFrom(search, loaders, spans)).toBe(true);
    }
    for (const span of [loaders, render, ...content]) {
      expect(span.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(descendsFrom(span, root, spans)).toBe(true);
      expect(span.attributes["site.request_id"]).toBe(res.headers["x-request-id"]);
    }
    // Durations are real: the render and the loaders take time, inside the request's.
    const ms = (s: ReadableSpan) => s.duration[0] * 1e3 + s.duration[1] / 1e6;
    expect(ms(render)).toBeGreaterThan(0);
    expect(ms(root)).toBeGreaterThanOrEqual(ms(loaders));

    // Every call to the stand-in carried this trace's context, parented on a content span.
    const sent = standIn.headers.map((h) => TRACEPARENT.exec(String(h.traceparent)));
    expect(sent.length).toBeGreaterThan(0);
    for (const match of sent) {
      expect(match?.[1]).toBe(root.spanContext().traceId);
      expect(content.map((s) => s.spanContext().spanId)).toContain(match?.[2]);
    }
  });

  test("a cache hit is one request span, marked hit; a caller's traceparent makes it a child of the caller's trace", async () => {
    await request(app).get("/gallery/braybrook-st");
    for (let i = 0; i < 40 && (await request(app).get("/gallery/braybrook-st")).headers["x-cache"] !== "HIT"; i++)
      await new Promise((r) => setTimeout(r, 25));
    exporter.reset();
    const res = await request(app)
      .get("/gallery/braybrook-st")
      .set("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
      .set("X-Request-Id", "lb-1234");
    expect(res.headers["x-cache"]).toBe("HIT");
    const root = await spanNamed(exporter, /^GET /);
    expect(root.attributes).toMatchObject({
      "site.page_cache": "hit",
      "http.response.status_code": 200,
      "site.request_id": "lb-1234",
    });
    expect(res.headers["x-request-id"]).toBe("lb-1234");
    expect(root.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(parentOf(root)).toBe("b7ad6b7169203331");
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual([root.name]);
  });

  test("a visitor's baggage header goes nowhere: only the trace context reaches Prismic", async () => {
    const res = await request(app).get("/info/blog").set("baggage", "user.id=alice,secret=1");
    expect(res.status).toBe(200);
    await spanNamed(exporter, /^GET /);
    expect(standIn.headers.length).toBeGreaterThan(0);
    for (const headers of standIn.headers) {
      expect(headers.traceparent).toMatch(TRACEPARENT);
      expect(headers.baggage).toBeUndefined();
    }
  });

  test("a preview's content calls name the ref `preview`, never the token", async () => {
    const token = "https://embedded.invalid/previews/spring-refresh";
    const res = await request(app)
      .get("/")
      .set(
        "Cookie",
        `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: token } }))}`,
      );
    expect(res.status).toBeLessThan(500);
    await spanNamed(exporter, /^GET /);
    const refs = byName(exporter.getFinishedSpans(), "prismic GET").map((s) => s.attributes["prismic.ref"]);
    expect(refs).toContain("preview");
    for (const span of exporter.getFinishedSpans()) expect(JSON.stringify(span.attributes)).not.toContain("previews/");
  });

  test("an image transform shows its wait for a core and the transform, under the request", async () => {
    // Embedded media: a hosted repository's images come from Prismic's CDN and /media is off there.
    const embedded = createTestApp({ env: { MEDIA_CACHE_DIR: mediaCache } }).app;
    const res = await request(embedded).get("/media/detail-oak-worktop.jpg?w=640&fm=webp&q=61");
    expect(res.status).toBe(200);
    const root = await spanNamed(exporter, "GET media");
    const spans = exporter.getFinishedSpans();
    const [wait] = byName(spans, "media.queue_wait");
    const [transform] = byName(spans, "media.transform");
    expect(transform.attributes).toMatchObject({ "media.file": "detail-oak-worktop.jpg", "media.format": "webp" });
    expect(descendsFrom(wait, root, spans) && descendsFrom(transform, root, spans)).toBe(true);
    expect(transform.attributes["site.request_id"]).toBe(res.headers["x-request-id"]);
  });

  test("an image that waited for another's transform has its wait and transform in its own trace, not in the one that freed the core", async () => {
    const single = createTestApp({
      env: { MEDIA_TRANSFORMS: "1", MEDIA_CACHE_DIR: fs.mkdtempSync(path.join(mediaCache, "single-")) },
    }).app;
    const [first, second] = await Promise.all([
      request(single).get("/media/detail-marble-worktop.jpg?w=828&fm=webp&q=55"),
      request(single).get("/media/detail-pantry-shelves.jpg?w=828&fm=webp&q=55"),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await spanNamed(exporter, "GET media");
    const spans = exporter.getFinishedSpans();
    for (const res of [first, second]) {
      const root = spans.find(
        (s) => s.name === "GET media" && s.attributes["site.request_id"] === res.headers["x-request-id"],
      )!;
      const own = spans
        .filter((s) => s.attributes["site.request_id"] === res.headers["x-request-id"])
        .map((s) => s.name);
      expect(own.sort()).toEqual(["GET media", "media.queue_wait", "media.transform"]);
      for (const span of spans.filter((s) => s.attributes["site.request_id"] === res.headers["x-request-id"]))
        expect(span.spanContext().traceId).toBe(root.spanContext().traceId);
    }
  });

  test("a tracking event's outbox write is a child of its request; its delivery to Meta is a span with the batch size and outcome, and carries traceparent", async () => {
    const res = await request(app)
      .post("/api/meta-capi")
      .set("Origin", SITE)
      .set("User-Agent", "Mozilla/5.0 (Test)")
      .send({
        event_name: "PageView",
        region: "uk",
        fbp: "fb.1.1700000000000.1234567890",
        custom_data: { page_url: `${SITE}/gallery`, page_title: "Gallery" },
      });
    expect(res.status).toBe(202);
    const root = await spanNamed(exporter, "POST meta_capi");
    const [write] = byName(exporter.getFinishedSpans(), "outbox.add");
    expect(parentOf(write)).toBe(root.spanContext().spanId);
    expect(write.attributes).toMatchObject({
      "outbox.store": "sqlite",
      "outbox.event_id": res.body.event_id,
      "site.request_id": res.headers["x-request-id"],
    });

    const store = delivery.openStore();
    await addEvents(store, 3);
    exporter.reset();
    await delivery.worker(store).runOnce();
    const deliver = await spanNamed(exporter, "meta.deliver");
    expect(deliver.attributes).toMatchObject({ "meta.batch_size": 3, "meta.outcome": "delivered" });
    const [sent] = delivery.fake.requests;
    expect(TRACEPARENT.exec(String(sent.headers.traceparent))?.[1]).toBe(deliver.spanContext().traceId);
    expect(JSON.stringify(deliver.attributes)).not.toContain("test-token");

    delivery.fake.mode = "down";
    await addEvents(store, 2);
    exporter.reset();
    await delivery.worker(store).runOnce();
    expect((await spanNamed(exporter, "meta.deliver")).attributes).toMatchObject({
      "meta.batch_size": 2,
      "meta.outcome": "retry",
    });
  });
});
