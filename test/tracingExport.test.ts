/**
 * Traces leave the production build over OTLP as an operator configures them: the standard
 * variables only (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME), protobuf over HTTP to a
 * collector, and what is pending is sent when the server stops.
 */
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { startOtlpReceiver, traceTree, type OtlpReceiver } from "./support/otlpReceiver";

let receiver: OtlpReceiver;
let server: RunningServer | undefined;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await server?.stop();
  await receiver.close();
});

test("a cache miss reaches the collector as a request span with the loaders, the content calls and the render below it", async () => {
  server = await startBuiltServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: "site-e2e",
    OTEL_TRACES_SAMPLER: "parentbased_always_on",
  });
  const res = await fetch(`${server.url}/gallery/canal-house`);
  expect(res.status).toBe(200);
  expect(res.headers.get("x-cache")).toBe("MISS");
  await res.arrayBuffer();
  // The batch processor holds spans for a few seconds; a stopping server sends them at once.
  await server.stop();

  expect(receiver.posts.length).toBeGreaterThan(0);
  for (const post of receiver.posts)
    expect(post).toEqual({ path: "/v1/traces", contentType: "application/x-protobuf" });
  const root = receiver.spans.find((s) => s.name.startsWith("GET ") && s.attributes["site.page_cache"] === "miss");
  expect(root).toBeDefined();
  expect(root!.resource["service.name"]).toBe("site-e2e");
  expect(root!.kind).toBe(2);
  expect(root!.attributes).toMatchObject({
    "http.response.status_code": 200,
    "site.request_id": res.headers.get("x-request-id"),
  });
  const trace = receiver.spans.filter((s) => s.traceId === root!.traceId);
  const names = trace.map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(["page.loaders", "page.render", "prismic GET"]));
  for (const span of trace) expect(span.attributes["site.request_id"]).toBe(res.headers.get("x-request-id"));
  // The trace as an operator's tracing UI would show it (names and durations).
  const tree = traceTree(trace, root!);
  expect(tree.split("\n")[0]).toMatch(/^GET \S+ {2}\d+\.\d ms$/);
  expect(tree).toMatch(/^ {2}page\.loaders/m);
  if (process.env.PRINT_TRACE) console.log(tree);
});
