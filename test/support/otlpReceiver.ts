/**
 * A stand-in for an OpenTelemetry collector's OTLP/HTTP traces endpoint (`POST /v1/traces`,
 * protobuf) on 127.0.0.1: it decodes what the app's exporter sends into plain spans, with the
 * subset of OTLP's schema a test reads (unknown fields are skipped by the decoder).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import protobuf from "protobufjs";

const OTLP_TRACES = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8; repeated KeyValue attributes = 9; Status status = 15;
}
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
`;
const Request = protobuf.parse(OTLP_TRACES, { keepCase: true }).root.lookupType("ExportTraceServiceRequest");

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client (OTLP's numbering). */
  kind: number;
  durationMs: number;
  startMs: number;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
  statusCode: number;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
  endpoint: string;
  readonly spans: ReceivedSpan[];
  /** Each export request's path and content type. */
  readonly posts: Array<{ path: string; contentType: string }>;
  close(): Promise<void>;
}

type Value = {
  string_value?: string;
  bool_value?: boolean;
  int_value?: number | { toNumber(): number };
  double_value?: number;
};
type Attribute = { key: string; value?: Value };
const plain = (attributes: Attribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value = {} }) => {
      const int = value.int_value;
      return [
        key,
        value.string_value ??
          value.bool_value ??
          (typeof int === "object" ? int.toNumber() : int) ??
          value.double_value ??
          "",
      ];
    }),
  );
const nanos = (value: unknown) =>
  Number(typeof value === "object" && value !== null ? (value as { toString(): string }).toString() : value);
const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("hex");

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const posts: OtlpReceiver["posts"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      posts.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]) });
      const message = Request.toObject(Request.decode(Buffer.concat(chunks))) as {
        resource_spans?: Array<{
          resource?: { attributes?: Attribute[] };
          scope_spans?: Array<{ spans?: Array<Record<string, unknown>> }>;
        }>;
      };
      for (const resourceSpans of message.resource_spans ?? []) {
        const resource = plain(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scope_spans ?? []) {
          for (const span of scope.spans ?? []) {
            const start = nanos(span.start_time_unix_nano);
            spans.push({
              traceId: hex(span.trace_id as Uint8Array),
              spanId: hex(span.span_id as Uint8Array),
              parentSpanId: hex(span.parent_span_id as Uint8Array | undefined),
              name: String(span.name),
              kind: Number(span.kind ?? 0),
              startMs: start / 1e6,
              durationMs: (nanos(span.end_time_unix_nano) - start) / 1e6,
              attributes: plain(span.attributes as Attribute[]),
              resource,
              statusCode: Number((span.status as { code?: number } | undefined)?.code ?? 0),
            });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The spans of one trace as an indented tree: `name  12.3 ms`, children below their parent in start order. */
export function traceTree(spans: ReceivedSpan[], root: ReceivedSpan): string {
  const lines: string[] = [];
  const walk = (span: ReceivedSpan, depth: number) => {
    lines.push(`${"  ".repeat(depth)}${span.name}  ${span.durationMs.toFixed(1)} ms`);
    for (const child of spans.filter((s) => s.parentSpanId === span.spanId).sort((a, b) => a.startMs - b.startMs))
      walk(child, depth + 1);
  };
  walk(root, 0);
  return lines.join("\n");
}
