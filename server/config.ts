/**
 * All configuration, read from the environment and validated once at start-up.
 * A wrong value stops the start with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";

// Spec §5: letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit.
const repositoryName = /^[a-zA-Z0-9][a-zA-Z0-9-]{2,}[a-zA-Z0-9]$/;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** The public origin; defaults to http://localhost:{PORT} (resolved below). */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  CONTENT_DIR: z.string().min(1).default("content"),
  /** Embedded media served at /media; default `<CONTENT_DIR>/media` (resolved below). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where transformed images are kept between requests (and restarts). */
  MEDIA_CACHE_DIR: z.string().min(1).default(".cache/media"),
  PRISMIC_REPOSITORY: z
    .string()
    .regex(repositoryName, "a Prismic repository name: letters, digits and hyphens, at least 4 characters")
    .optional(),
  PRISMIC_ACCESS_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where the built client assets and manifest live. */
  BUILD_DIR: z.string().min(1).default("dist"),
});

export type Config = Omit<z.infer<typeof schema>, "MEDIA_DIR" | "SITE_URL"> & { rootDir: string; MEDIA_DIR: string; SITE_URL: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

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
  };
}
