/**
 * The edge's settings (docs/configuration.md, "Edge caching"; docs/operations.md, "Edge caching
 * and purges"), validated at start-up with the rest of the configuration (server/config.ts):
 * which CDN is purged on a publish (EDGE_PURGER), what it needs to be purged (each refused at
 * start when missing), which header carries the keys, and how long the edge keeps a page while
 * purges work.
 */
import { z } from "zod";
import { secret } from "../secretSetting";

export const EDGE_PURGERS = ["none", "varnish", "cloudflare", "fastly"] as const;
export type EdgePurgerName = (typeof EDGE_PURGERS)[number];
/** The response headers the keys may travel in (server/edge/edgeKeys.ts): Fastly's and Varnish's, and Cloudflare's. */
export const EDGE_KEYS_HEADERS = ["Surrogate-Key", "Cache-Tag"] as const;
export type EdgeKeysHeader = (typeof EDGE_KEYS_HEADERS)[number];

/**
 * The header each edge reads the keys from: Cloudflare's Cache-Tag; Fastly's and Varnish xkey's
 * Surrogate-Key. Without a purger, none unless EDGE_KEYS_HEADER asks for one: every answer's
 * headers stay exactly as they were (docs/operations.md, "Edge caching and purges").
 */
export function defaultKeysHeader(purger: EdgePurgerName): EdgeKeysHeader | undefined {
  if (purger === "none") return undefined;
  return purger === "cloudflare" ? "Cache-Tag" : "Surrogate-Key";
}

const baseUrl = () =>
  z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional();
const credential = (what: string) =>
  z
    .string()
    .regex(/^[\x21-\x7e]+$/, `${what}: printable ASCII without spaces`)
    .optional();

export const edgeSettingsShape = {
  /** Which CDN the publish webhook purges: none (default: short edge lifetimes, as ever), varnish, cloudflare, fastly. */
  EDGE_PURGER: z.enum(EDGE_PURGERS).default("none"),
  /** The response header carrying the answers' keys; default: the purger's (defaultKeysHeader). */
  EDGE_KEYS_HEADER: z.enum(EDGE_KEYS_HEADERS).optional(),
  /** How long the edge keeps a public page, its data and the sitemap while purges work (seconds). */
  EDGE_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(86_400),
  /** EDGE_PURGER=varnish: each Varnish's base URL, separated by spaces. */
  EDGE_PURGE_URLS: z
    .string()
    .transform((list) => list.split(/\s+/).filter(Boolean))
    .pipe(
      z
        .array(z.url({ protocol: /^https?$/, error: "http(s) base URLs separated by spaces" }))
        .min(1, "at least one URL"),
    )
    .optional(),
  /** EDGE_PURGER=varnish: the bearer token Varnish's VCL expects on PURGE. */
  EDGE_PURGE_TOKEN: secret(16)
    .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces")
    .optional(),
  /** Cloudflare's API, when not the real one (a stand-in in tests). */
  CLOUDFLARE_API_URL: baseUrl(),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,64}$/, "the zone's id: letters and digits")
    .optional(),
  /** An API token with the zone's Cache Purge permission. */
  CLOUDFLARE_API_TOKEN: credential("an API token"),
  /** Fastly's API, when not the real one (a stand-in in tests). */
  FASTLY_API_URL: baseUrl(),
  FASTLY_SERVICE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,64}$/, "the service's id: letters and digits")
    .optional(),
  /** An API token with the purge_select scope on the service. */
  FASTLY_API_TOKEN: credential("an API token"),
};

type EdgeEnv = {
  EDGE_PURGER: EdgePurgerName;
  EDGE_KEYS_HEADER?: EdgeKeysHeader | undefined;
  EDGE_PURGE_URLS?: string[] | undefined;
  EDGE_PURGE_TOKEN?: string | undefined;
  CLOUDFLARE_ZONE_ID?: string | undefined;
  CLOUDFLARE_API_TOKEN?: string | undefined;
  FASTLY_SERVICE_ID?: string | undefined;
  FASTLY_API_TOKEN?: string | undefined;
};

/** What each purger needs: refused at start, naming the setting, rather than failing on the first publish. */
const COMPANIONS: Record<Exclude<EdgePurgerName, "none">, Array<keyof EdgeEnv>> = {
  varnish: ["EDGE_PURGE_URLS", "EDGE_PURGE_TOKEN"],
  cloudflare: ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN"],
  fastly: ["FASTLY_SERVICE_ID", "FASTLY_API_TOKEN"],
};

export function checkEdgeSettings(env: EdgeEnv, ctx: z.RefinementCtx): void {
  const purger = env.EDGE_PURGER;
  if (purger === "none") return;
  for (const name of COMPANIONS[purger])
    if (env[name] === undefined)
      ctx.addIssue({ code: "custom", path: [name], message: `required when EDGE_PURGER is ${purger}` });
  // Keys in a header the edge does not read would make every purge a no-op.
  const expected = defaultKeysHeader(purger)!;
  if (env.EDGE_KEYS_HEADER !== undefined && env.EDGE_KEYS_HEADER !== expected)
    ctx.addIssue({
      code: "custom",
      path: ["EDGE_KEYS_HEADER"],
      message: `${purger} reads the keys from ${expected}, not ${env.EDGE_KEYS_HEADER}: leave it unset or set ${expected}`,
    });
}
