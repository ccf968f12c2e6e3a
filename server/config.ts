/**
 * All configuration, read from the environment and validated once at start-up.
 * A wrong value stops the start with a message naming the variable.
 */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultToolbarSrc, isToolbarSrc } from "./preview/toolbar";
import { tagSettingsShape } from "./tags/tagSettings";
import { tracingSettingsShape } from "./observability/tracingSettings";
import { REF_TTL_MS } from "./content/refTracker";
import { httpSettingsShape } from "./http/httpSettings";
import { outboxSettingsShape } from "./outbox/outboxSettings";
import { checkRequestSettings, requestSettingsShape } from "./requests/requestSettings";
import { checkTrackingSettings, trackingSettingsShape } from "./tracking/trackingSettings";
import { secret } from "./secretSetting";
import { checkEdgeSettings, defaultKeysHeader, type EdgeKeysHeader, edgeSettingsShape } from "./edge/edgeSettings";

// Letters, digits and hyphens, at least 4 characters, a letter or digit at each end (docs/behaviour.md section 7.1).
const repositoryName = /^[a-zA-Z0-9][a-zA-Z0-9-]{2,}[a-zA-Z0-9]$/;

/**
 * Who may frame /slice-simulator (CSP `frame-ancestors`, besides the site itself) when
 * SLICE_SIMULATOR_ANCESTORS is not set: the repository's own Page Builder, which runs on
 * https://<repository>.prismic.io (never every *.prismic.io: any Prismic customer's repository
 * lives there), and in development (`npm run dev`) Slice Machine's local app. Embedded content
 * outside development has no editor: only the site itself. Every other page has
 * `frame-ancestors 'none'`.
 */
export const SLICE_MACHINE_LOCAL_ORIGIN = "http://localhost:9999";
/**
 * Who may frame a verified preview answer (CSP `frame-ancestors`, besides the site itself) when
 * PRISMIC_PREVIEW_ANCESTORS is not set: Prismic's editor, whose Live Preview panel frames
 * `/preview` from https://<repository>.prismic.io (never every *.prismic.io); with the embedded
 * repository the site itself, and in development (`npm run dev`) the stand-in editor page
 * (docs/prismic.md, "Previews inside Prismic's editor"). Only answers to a verified preview
 * cookie are framable: everything else keeps `frame-ancestors 'none'`.
 */
export const PREVIEW_EDITOR_LOCAL_PORT = 9998;
export const PREVIEW_EDITOR_LOCAL_ORIGIN = `http://localhost:${PREVIEW_EDITOR_LOCAL_PORT}`;
export function defaultPreviewAncestors(env: { NODE_ENV: string; PRISMIC_REPOSITORY?: string | undefined }): string[] {
  if (env.PRISMIC_REPOSITORY) return [`https://${env.PRISMIC_REPOSITORY.toLowerCase()}.prismic.io`];
  return env.NODE_ENV === "development" ? [PREVIEW_EDITOR_LOCAL_ORIGIN] : [];
}

export function defaultSliceSimulatorAncestors(env: {
  NODE_ENV: string;
  PRISMIC_REPOSITORY?: string | undefined;
}): string[] {
  return [
    ...(env.PRISMIC_REPOSITORY ? [`https://${env.PRISMIC_REPOSITORY.toLowerCase()}.prismic.io`] : []),
    ...(env.NODE_ENV === "development" ? [SLICE_MACHINE_LOCAL_ORIGIN] : []),
  ];
}
/**
 * Embedded previews (docs/prismic.md, "Previews"): `/preview` and the preview cookie read the
 * release drafts under CONTENT_DIR/_releases. Their tokens are the releases' folder names, which
 * anyone may guess, so whoever knows one reads the drafts: on by default only in development
 * (`npm run dev`), where an editor works; elsewhere only with EMBEDDED_PREVIEWS=on (a staging
 * deployment, never a public one). Hosted content needs no switch: Prismic checks its tokens.
 */
export function defaultEmbeddedPreviews(env: { NODE_ENV: string }): "on" | "off" {
  return env.NODE_ENV === "development" ? "on" : "off";
}

/** Whether this site serves previews: always with a hosted repository, with embedded content only when EMBEDDED_PREVIEWS is on. */
export function servesPreviews(config: Pick<Config, "PRISMIC_REPOSITORY" | "EMBEDDED_PREVIEWS">): boolean {
  return Boolean(config.PRISMIC_REPOSITORY) || config.EMBEDDED_PREVIEWS === "on";
}

// A CSP host source with a scheme and no path: scheme://host[:port], the host may start with `*.`.
const frameAncestor = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/;

/** A list of origins allowed to frame a page, separated by spaces or commas (SLICE_SIMULATOR_ANCESTORS, PRISMIC_PREVIEW_ANCESTORS). */
const ancestorList = () =>
  z
    .string()
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              frameAncestor,
              "origins like https://my-repo.prismic.io or http://localhost:9999, separated by spaces or commas",
            ),
        )
        .min(1, "at least one origin"),
    );

/**
 * TRUST_PROXY, Express's `trust proxy`: `false` (default: the peer is the client), a hop count
 * (`1` behind one load balancer), or the proxies' addresses/CIDRs and Express's names
 * (`loopback`, `linklocal`, `uniquelocal`), separated by commas. `true` is refused: it would let
 * any client choose its own IP with X-Forwarded-For.
 */
const trustProxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length || isIP(address) === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};
const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === "false") return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const list = text.split(/\s*,\s*/).filter(Boolean);
    if (list.length && list.every((entry) => trustProxyNames.has(entry) || isProxyAddress(entry))) return list;
    ctx.addIssue({
      code: "custom",
      message:
        "false, a hop count (e.g. 1), or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas",
    });
    return z.NEVER;
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "a port number from 0 to 65535" })
      .int("a port number from 0 to 65535")
      .min(0, "a port number from 0 to 65535")
      .max(65535, "a port number from 0 to 65535")
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** The public origin; defaults to http://localhost:{PORT} (resolved below). */
    SITE_URL: z
      .string()
      .refine((value) => /^https?:\/\/[^/?#\s]+\/?$/i.test(value) && URL.canParse(value), {
        error:
          "an absolute http(s):// origin without a path, like https://www.example.com (the site is served at the root of its host: a path prefix is not supported)",
      })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    CONTENT_DIR: z.string().min(1).default("content"),
    /** Embedded media served at /media; default `<CONTENT_DIR>/media` (resolved below). */
    MEDIA_DIR: z.string().min(1).optional(),
    /** Where transformed images are kept between requests (and restarts). */
    MEDIA_CACHE_DIR: z.string().min(1).default(".cache/media"),
    /**
     * Bytes the media cache may hold on disk; the least recently used images go first. The default
     * (192 MiB) stays below the deploy files' smallest volume for it with a quarter to spare
     * (compose.yaml's 256 MB tmpfs); set it to at most 3/4 of the volume that holds MEDIA_CACHE_DIR.
     */
    MEDIA_CACHE_BYTES: z.coerce
      .number()
      .int()
      .min(65_536, "at least 65536 (64 KiB)")
      .default(192 * 1024 * 1024),
    /** `on`: at start and after each publish, prepare in the background the images the pages emit (packages/prismic-stand-in/src/media/mediaWarmer.ts). */
    MEDIA_WARM: z.enum(["on", "off"]).default("on"),
    /** Image transforms run at once; default one per core (each uses one core). */
    MEDIA_TRANSFORMS: z.coerce.number().int().min(1).max(64).optional(),
    /** Visitors' image transforms that may wait for a core; beyond it, 503 with Retry-After. Default 8 per transform slot. */
    MEDIA_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
    PRISMIC_REPOSITORY: z
      .string()
      .regex(repositoryName, "a Prismic repository name: letters, digits and hyphens, at least 4 characters")
      .optional(),
    PRISMIC_ACCESS_TOKEN: secret(1).optional(),
    /**
     * The repository's API endpoint, when it is not Prismic's `https://<PRISMIC_REPOSITORY>.cdn.prismic.io/api/v2`
     * (a proxy in front of Prismic, or a Prismic stand-in in tests); needs PRISMIC_REPOSITORY.
     */
    PRISMIC_API_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .refine((url) => /\/api\/v2\/?$/.test(new URL(url).pathname), "a repository endpoint ending in /api/v2")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    /** How long the master ref is trusted before it is re-read (ms): the delay before a publish shows. */
    CONTENT_REF_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(REF_TTL_MS),
    /** Every request to the content service gives up after this long (ms). */
    CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
    /** Embedded content's previews of release drafts: `on` or `off`; default: defaultEmbeddedPreviews above. */
    EMBEDDED_PREVIEWS: z.enum(["on", "off"]).optional(),
    /** Shared secret of the Prismic publish webhook (POST /api/prismic-webhook); the endpoint is off without it. */
    PRISMIC_WEBHOOK_SECRET: secret(16).optional(),
    /**
     * The preview toolbar script (an https URL or a path on this site); default: Prismic's toolbar
     * of PRISMIC_REPOSITORY, or the local stand-in /preview/toolbar.js in embedded mode.
     */
    PRISMIC_TOOLBAR_SRC: z
      .string()
      .refine(isToolbarSrc, "an https URL or a path on this site (starting with one /)")
      .optional(),
    /** Bytes of compressed HTML the in-memory page cache may hold; 0 turns it off. */
    PAGE_CACHE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(64 * 1024 * 1024),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Where the built client assets and manifest live. */
    BUILD_DIR: z.string().min(1).default("dist"),
    /** How often an open tab checks /builds/latest.json for a newer deploy (ms; docs/behaviour.md section 2.10). */
    BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
    /** Third-party tags and the consent manager: GTM_ID, KLAVIYO_COMPANY_ID, USERCENTRICS_SETTINGS_ID, … (server/tags/tagSettings.ts). */
    ...tagSettingsShape,
    /** Origins allowed to frame /slice-simulator, separated by spaces or commas; default: defaultSliceSimulatorAncestors above. */
    SLICE_SIMULATOR_ANCESTORS: ancestorList().optional(),
    /** Origins allowed to frame a verified preview answer (Prismic's editor), as SLICE_SIMULATOR_ANCESTORS; default: defaultPreviewAncestors above. */
    PRISMIC_PREVIEW_ANCESTORS: ancestorList().optional(),
    /** Which proxies in front of the app are trusted for the client's IP (X-Forwarded-For): see `trustProxy` above. */
    TRUST_PROXY: trustProxy,
    /**
     * Uncached renders (a page missing from the page cache, a 404, a /_data request, a preview) each
     * client address (IPv6 by /64) may ask for per minute, per instance; beyond it 429 with
     * Retry-After. Cache hits never count. 0 turns the budget off (a load test from one address).
     */
    RENDER_BUDGET_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
    /** Uncached renders a client may ask for at once before RENDER_BUDGET_PER_MINUTE paces it. */
    RENDER_BUDGET_BURST: z.coerce.number().int().min(1).max(1_000_000).default(300),
    /** Tracking events (POST /api/meta-capi) each client IP may post per minute, per instance. */
    TRACKING_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Global Privacy Control and the click cookies: TRACKING_GPC, TRACKING_COOKIE_DOMAIN, GPC_LAST_UPDATE (server/tracking/trackingSettings.ts). */
    ...trackingSettingsShape,
    /** Meta Conversions API: the pixel (dataset) id and its access token; without both, events are kept and marked not_sent. */
    META_PIXEL_ID: z
      .string()
      .regex(/^\d{1,32}$/, "the numeric pixel (dataset) id")
      .optional(),
    META_ACCESS_TOKEN: secret(1).optional(),
    /** Sent as `test_event_code`: events show in Events Manager's Test events tab only. */
    META_TEST_EVENT_CODE: z
      .string()
      .regex(/^[\w-]{1,64}$/, "letters, digits, _ and -")
      .optional(),
    META_GRAPH_URL: z
      .url({ protocol: /^https?$/ })
      .transform((url) => url.replace(/\/+$/, ""))
      .default("https://graph.facebook.com"),
    META_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "like v21.0")
      .default("v21.0"),
    /** The tracking outbox: its store, retention and bound (server/outbox/outboxSettings.ts). */
    ...outboxSettingsShape,
    /** Visitors' requests: destinations, rate and retention (server/requests/requestSettings.ts). */
    ...requestSettingsShape,
    /** Graceful shutdown and the HTTP server's limits (server/http/httpSettings.ts). */
    ...httpSettingsShape,
    /** Bearer token of GET /metrics (Prometheus); without it the endpoint does not exist (404). */
    METRICS_TOKEN: secret(16)
      .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces")
      .optional(),
    /** Traces: OpenTelemetry's standard OTEL_* variables (server/observability/tracingSettings.ts); off unless an OTLP endpoint is set. */
    ...tracingSettingsShape,
    /** The CDN in front: its purger, keys header and page lifetime (server/edge/edgeSettings.ts). */
    ...edgeSettingsShape,
  })
  .superRefine((env, ctx) => {
    // Half a Meta configuration is a mistake, not "tracking off".
    if (env.META_PIXEL_ID && !env.META_ACCESS_TOKEN)
      ctx.addIssue({ code: "custom", path: ["META_ACCESS_TOKEN"], message: "required when META_PIXEL_ID is set" });
    if (env.META_ACCESS_TOKEN && !env.META_PIXEL_ID)
      ctx.addIssue({ code: "custom", path: ["META_PIXEL_ID"], message: "required when META_ACCESS_TOKEN is set" });
    if (env.PRISMIC_API_ENDPOINT && !env.PRISMIC_REPOSITORY)
      ctx.addIssue({
        code: "custom",
        path: ["PRISMIC_API_ENDPOINT"],
        message: "needs PRISMIC_REPOSITORY (the repository's name, for the preview cookie and toolbar)",
      });
    if (env.OUTBOX_STORE === "firestore" && !env.FIRESTORE_PROJECT_ID)
      ctx.addIssue({
        code: "custom",
        path: ["FIRESTORE_PROJECT_ID"],
        message: "required when OUTBOX_STORE is firestore",
      });
    checkTrackingSettings(env, ctx);
    checkRequestSettings(env, ctx);
    checkEdgeSettings(env, ctx);
    // Node requires it, and a header deadline past the request's would be no deadline.
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: "must not be more than HTTP_REQUEST_TIMEOUT_MS",
      });
    // The delay is part of the bound: a delay as long as the bound would cut every request.
    if (env.SHUTDOWN_DELAY_MS >= env.SHUTDOWN_TIMEOUT_MS)
      ctx.addIssue({ code: "custom", path: ["SHUTDOWN_DELAY_MS"], message: "must be less than SHUTDOWN_TIMEOUT_MS" });
  });

export type Config = Omit<
  z.infer<typeof schema>,
  | "MEDIA_DIR"
  | "SITE_URL"
  | "PRISMIC_TOOLBAR_SRC"
  | "SLICE_SIMULATOR_ANCESTORS"
  | "PRISMIC_PREVIEW_ANCESTORS"
  | "EMBEDDED_PREVIEWS"
  | "EDGE_KEYS_HEADER"
> & {
  EDGE_KEYS_HEADER: EdgeKeysHeader | undefined;
  SLICE_SIMULATOR_ANCESTORS: string[];
  PRISMIC_PREVIEW_ANCESTORS: string[];
  EMBEDDED_PREVIEWS: "on" | "off";
  rootDir: string;
  MEDIA_DIR: string;
  SITE_URL: string;
  PRISMIC_TOOLBAR_SRC: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The folder `/media` serves, or null when it is off: with hosted content (PRISMIC_REPOSITORY)
 * the documents' images come from Prismic's CDN, and the embedded media the image still carries
 * would be image transforms for strangers only.
 */
export function servedMediaDir(config: Pick<Config, "PRISMIC_REPOSITORY" | "MEDIA_DIR">): string | null {
  return config.PRISMIC_REPOSITORY ? null : config.MEDIA_DIR;
}

/** Every setting's name, for the warning about names that look like ours (server/configNames.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

/** Parses `env` (process.env by default); throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, rootDir = process.cwd()): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = result.data;
  const contentDir = path.resolve(rootDir, config.CONTENT_DIR);
  return {
    ...config,
    rootDir,
    // Absolute links and image URLs must reach this server when nothing else is configured.
    SITE_URL: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    CONTENT_DIR: contentDir,
    MEDIA_DIR: config.MEDIA_DIR ? path.resolve(rootDir, config.MEDIA_DIR) : path.join(contentDir, "media"),
    MEDIA_CACHE_DIR: path.resolve(rootDir, config.MEDIA_CACHE_DIR),
    BUILD_DIR: path.resolve(rootDir, config.BUILD_DIR),
    DATA_DIR: path.resolve(rootDir, config.DATA_DIR),
    PRISMIC_TOOLBAR_SRC: config.PRISMIC_TOOLBAR_SRC ?? defaultToolbarSrc(config.PRISMIC_REPOSITORY),
    SLICE_SIMULATOR_ANCESTORS: config.SLICE_SIMULATOR_ANCESTORS ?? defaultSliceSimulatorAncestors(config),
    PRISMIC_PREVIEW_ANCESTORS: config.PRISMIC_PREVIEW_ANCESTORS ?? defaultPreviewAncestors(config),
    EMBEDDED_PREVIEWS: config.EMBEDDED_PREVIEWS ?? defaultEmbeddedPreviews(config),
    EDGE_KEYS_HEADER: config.EDGE_KEYS_HEADER ?? defaultKeysHeader(config.EDGE_PURGER),
  };
}
