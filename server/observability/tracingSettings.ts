/**
 * OpenTelemetry's standard variables that decide whether traces are sent, where, and how many
 * (docs/operations.md, "Traces"), validated at start-up with the rest of the configuration: a
 * typo in a sampler name stops the start instead of silently tracing everything or nothing.
 * What only the exporter reads (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION,
 * _CERTIFICATE…) and OTEL_RESOURCE_ATTRIBUTES are read by the SDK itself, as its documentation says.
 */
import { z } from "zod";

const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;
const otlpUrl = z.url({ protocol: /^https?$/ }).optional();
const flag = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(["true", "false"], "true or false"))
  .transform((value) => value === "true");

export const tracingSettingsShape = {
  /** `true` turns traces off whatever else is set (OpenTelemetry's kill switch). */
  OTEL_SDK_DISABLED: flag.default(false),
  /** The collector's base URL (`/v1/traces` is added); traces are off without it or the next one. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl,
  /** The full traces URL, used as it is; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl,
  /** `otlp` (default) or `none`. */
  OTEL_TRACES_EXPORTER: z.enum(["otlp", "none"], "otlp or none (this build exports OTLP only)").default("otlp"),
  /** The build exports protobuf over HTTP, OpenTelemetry's default; grpc and http/json are refused rather than ignored. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .literal("http/protobuf", "http/protobuf (the only protocol this build sends)")
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z
    .literal("http/protobuf", "http/protobuf (the only protocol this build sends)")
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(255).default("made-to-measure-site"),
  /** Which traces are kept; default parentbased_always_on (every trace, or as the caller's traceparent says). */
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS, `one of ${SAMPLERS.join(", ")}`).default("parentbased_always_on"),
  /** The ratio of the `traceidratio` samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

export type TracingSampler = (typeof SAMPLERS)[number];

export interface TracingSettings {
  OTEL_SDK_DISABLED: boolean;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_TRACES_EXPORTER: "otlp" | "none";
  OTEL_SERVICE_NAME: string;
  OTEL_TRACES_SAMPLER: TracingSampler;
  OTEL_TRACES_SAMPLER_ARG: number;
}

/** Traces are on only when an OTLP endpoint is named and nothing turns them off. */
export const tracingWanted = (settings: TracingSettings): boolean =>
  !settings.OTEL_SDK_DISABLED &&
  settings.OTEL_TRACES_EXPORTER === "otlp" &&
  Boolean(settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? settings.OTEL_EXPORTER_OTLP_ENDPOINT);
