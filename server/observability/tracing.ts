/**
 * Traces with OpenTelemetry (docs/operations.md, "Traces"; decision record 021). Off unless the
 * standard variables name an OTLP endpoint (server/observability/tracingSettings.ts): then `startTracing` sets
 * up the SDK, and each seam of the app opens its span with `withSpan` (or `traceFetch` for an
 * outside service), the request span being opened by `traceRequests`.
 *
 * Off, nothing is set up: the API's no-op tracer stays registered, `withSpan` only calls its
 * function, no attribute object is built (attributes are passed as functions or set through
 * `span?.`), and `traceRequests` is not even mounted.
 */
import { randomUUID } from "node:crypto";
import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from "@opentelemetry/sdk-trace";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from "@opentelemetry/semantic-conventions";
import type { RequestHandler } from "express";
import { routeLabelOf } from "./metrics/routeLabel";
import { tracingWanted, type TracingSampler, type TracingSettings } from "./tracingSettings";

export { SpanKind };

/** Our attributes (no semantic convention names them). */
export const ATTR = {
  requestId: "site.request_id",
  route: "site.route",
  pageCache: "site.page_cache",
} as const;

const TRACER_NAME = "made-to-measure-site";
const REQUEST_ID = createContextKey("site.request_id");
// The same rule as the request log's: a sane X-Request-Id is kept, anything else replaced.
const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

let tracer: Tracer | undefined;
let provider: TracerProvider | undefined;

export interface TracingOverrides {
  /** Where spans go instead of OTLP (tests: an InMemorySpanExporter), exported one by one. */
  exporter?: SpanExporter;
}

function samplerFor(name: TracingSampler, ratio: number): Sampler {
  const root = name.endsWith("always_off")
    ? new AlwaysOffSampler()
    : name.endsWith("traceidratio")
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

/**
 * Sets tracing up when the settings ask for it; returns whether it did. The OTLP exporter reads
 * its own variables (endpoint, headers, timeout, compression, certificates).
 */
export function startTracing(settings: TracingSettings, overrides: TracingOverrides = {}): boolean {
  if (tracer || (!overrides.exporter && !tracingWanted(settings))) return Boolean(tracer);
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.OTEL_SERVICE_NAME }),
  );
  const processor = overrides.exporter
    ? new SimpleSpanProcessor({ exporter: overrides.exporter })
    : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  provider = new TracerProvider({
    resource,
    sampler: samplerFor(settings.OTEL_TRACES_SAMPLER, settings.OTEL_TRACES_SAMPLER_ARG),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // Trace context only: a visitor's `baggage` header is not passed on to Prismic or Meta.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer(TRACER_NAME);
  return true;
}

/** Sends what is pending (for at most `waitMs`) and turns tracing off again: at shutdown, and between tests. */
export async function stopTracing(waitMs = 2_000): Promise<void> {
  const stopping = provider;
  tracer = undefined;
  provider = undefined;
  if (!stopping) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([stopping.shutdown().catch(() => undefined), bound]).finally(() => clearTimeout(timer));
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracingEnabled = (): boolean => tracer !== undefined;

export interface SpanOptions<T> {
  kind?: SpanKind;
  /** The span's attributes at its start: a function, so nothing is built when tracing is off. */
  attributes?: () => Attributes;
  /** Attributes from the result, set before the span ends. */
  result?: (value: Awaited<T>) => Attributes;
  /** When the span began, if before now (`performance.now()` time). */
  startTime?: number;
}

/**
 * Runs `fn` in a child span of the active one, with the request id on it; the span ends when
 * `fn` returns or its promise settles (an error is recorded on it and passed on). `fn` gets the
 * span only when it is recorded, so `span?.setAttribute(…)` costs nothing otherwise.
 */
export function withSpan<T>(name: string, fn: (span: Span | undefined) => T, options?: SpanOptions<T>): T {
  if (!tracer) return fn(undefined);
  const parent = context.active();
  const span = tracer.startSpan(
    name,
    { kind: options?.kind ?? SpanKind.INTERNAL, startTime: options?.startTime },
    parent,
  );
  const inSpan = trace.setSpan(parent, span);
  if (!span.isRecording()) return context.with(inSpan, fn, undefined, undefined);
  const requestId = parent.getValue(REQUEST_ID);
  if (typeof requestId === "string") span.setAttribute(ATTR.requestId, requestId);
  if (options?.attributes) span.setAttributes(options.attributes());
  const fail = (error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    span.end();
  };
  const succeed = (value: Awaited<T>) => {
    if (options?.result) span.setAttributes(options.result(value));
    span.end();
  };
  let result: T;
  try {
    result = context.with(inSpan, fn, undefined, span);
  } catch (error) {
    fail(error);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: Awaited<T>) => {
        succeed(value);
        return value;
      },
      (error: unknown) => {
        fail(error);
        throw error;
      },
    ) as T;
  }
  succeed(result as Awaited<T>);
  return result;
}

/**
 * `work` to be run later by a queue: when it starts, a `name` span records how long it waited
 * (from now), and it runs in the context of now, not of whichever request freed the slot.
 */
export function traceQueued<T>(name: string, work: () => Promise<T>, attributes?: () => Attributes): () => Promise<T> {
  if (!tracer) return work;
  const queuedAt = performance.now();
  const parent = context.active();
  return () =>
    context.with(parent, () => {
      withSpan(name, () => undefined, { attributes, startTime: queuedAt });
      return work();
    });
}

/** `headers` with the active trace's `traceparent` added; the same object when tracing is off. */
export function withTraceHeaders<H extends Record<string, string>>(headers: H): H {
  if (!tracer) return headers;
  const carrier: Record<string, string> = { ...headers };
  propagation.inject(context.active(), carrier);
  return carrier as H;
}

/**
 * A `fetch` whose every call is a client span named `<service> <METHOD>`, carrying `traceparent`
 * to the service. The span has the URL's path and the attributes `describe` reads from the URL
 * (never its query as it is: it may hold an access token).
 */
export function traceFetch(
  service: string,
  inner: typeof fetch,
  describe: (url: URL) => Attributes = () => ({}),
): typeof fetch {
  return (input, init) => {
    if (!tracer) return inner(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    return withSpan(
      `${service} ${method}`,
      () => {
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
        return inner(input, { ...init, headers });
      },
      {
        kind: SpanKind.CLIENT,
        attributes: () => ({
          [ATTR_HTTP_REQUEST_METHOD]: method,
          [ATTR_SERVER_ADDRESS]: url.hostname,
          [ATTR_URL_PATH]: url.pathname,
          ...describe(url),
        }),
        result: (response) => ({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: response.status }),
      },
    );
  };
}

/**
 * A content request's span attributes: its ref (a preview token, which is a URL and a secret,
 * only as `preview`) and the document type or language it asks for; never the query itself.
 */
export function contentRef(url: URL): Attributes {
  const ref = url.searchParams.get("ref");
  const lang = url.searchParams.get("lang");
  return {
    ...(ref ? { "prismic.ref": ref.includes("://") ? "preview" : ref } : {}),
    ...(lang ? { "prismic.lang": lang } : {}),
  };
}

/** The request span's page-cache result: what the fast path recorded, or the renderer's X-Cache. */
const pageCacheResult = (res: Parameters<RequestHandler>[1]): string | undefined => {
  const result = res.locals.pageCacheResult ?? res.getHeader("X-Cache");
  return result === undefined ? undefined : String(result).toLowerCase();
};

/**
 * The request span: a server span per request, child of the caller's `traceparent` if any,
 * named `<METHOD> <route>` once the route is known (a route id or an endpoint's name, as in the
 * metrics), with the status, the page cache's result and the request id. The request id is
 * chosen here (a valid X-Request-Id kept) and left in the request's header, where the request
 * log and the fast path take it from, so log lines and spans carry the same id.
 */
export function traceRequests(): RequestHandler {
  return (req, res, next) => {
    if (!tracer) return next();
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    req.headers["x-request-id"] = id;
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER }, parent);
    if (span.isRecording()) {
      span.setAttributes({ [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: req.path, [ATTR.requestId]: id });
      res.once("close", () => {
        const route = routeLabelOf(res);
        const status = res.writableFinished ? res.statusCode : 0;
        span.updateName(`${req.method} ${route}`);
        span.setAttribute(ATTR.route, route);
        if (status) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        const cache = pageCacheResult(res);
        if (cache) span.setAttribute(ATTR.pageCache, cache);
        if (status >= 500 || !status)
          span.setStatus({ code: SpanStatusCode.ERROR, message: status ? `HTTP ${status}` : "aborted" });
        span.end();
      });
    }
    const active = trace.setSpan(parent, span).setValue(REQUEST_ID, id);
    // A body's events (a JSON body read before its handler runs) come from the socket: bound, they
    // run in this request's context. Only a request with a body needs it (binding costs a hit a lot).
    if (req.headers["content-length"] || req.headers["transfer-encoding"]) context.bind(active, req);
    context.with(active, next);
  };
}
