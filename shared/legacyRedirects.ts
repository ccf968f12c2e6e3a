/**
 * Legacy paths of the old site (docs/behaviour.md section 1.4), from the table in `legacyRedirects.json` (its
 * `_comment` says how to extend it). Pure and isomorphic: the server answers them with a 301
 * (`server/requestRules/legacyRedirectRoute.ts`), and the sitemap can leave them out.
 */
import tableJson from "./legacyRedirects.json";
import { LOCALES } from "./locales";

export interface LegacyRedirectRow {
  from: string;
  to: string;
}

export interface LegacyRedirectTable {
  redirects: readonly LegacyRedirectRow[];
  /** Every `{from}{slug}` goes to `{to}{slug}`; both end with `/`. */
  galleryPrefix: LegacyRedirectRow;
  /** Old gallery slug → new gallery uid. */
  renamedGallerySlugs: Readonly<Record<string, string>>;
}

export interface LegacyRedirects {
  /** The final target of a legacy path (a pathname, no query), or null when it is not one. Never the path itself. */
  redirect(pathname: string): string | null;
  /** Every legacy path of the rows (normalised: lower case, no trailing slash), regional copies included, → its final target. */
  readonly targets: ReadonlyMap<string, string>;
}

/** A table that cannot be loaded: malformed path, duplicate row or cycle. A programming error. */
export class LegacyRedirectTableError extends Error {
  override name = "LegacyRedirectTableError";
}

/** The region prefixes other than the default's empty one: `["/us"]`. */
const REGION_PREFIXES = LOCALES.map((l) => l.prefix).filter((p) => p !== "");
const ALL_PREFIXES = ["", ...REGION_PREFIXES];

/** A site path: starts with one `/`, no whitespace, query, fragment or backslash. */
const SITE_PATH = /^\/(?!\/)[^\s?#\\]*$/;
const SLUG = /^[^/\s?#\\]+$/;
/** Enough for any honest chain; only a bug could get near it. */
const MAX_HOPS = 32;

/** Lower-cases a path and drops one trailing slash: `/About/` → `/about`; `/` stays `/`. */
function normalize(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

function isRegional(path: string): boolean {
  // Stryker disable next-line MethodExpression: some and every agree while /us is the only regional prefix
  return REGION_PREFIXES.some((prefix) => path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`));
}

/** Prefixes a site path for a region: `/quote` → `/us/quote`, `/` → `/us`. */
function withPrefix(prefix: string, path: string): string {
  return prefix && path === "/" ? prefix : prefix + path;
}

function checkPath(path: unknown, what: string): asserts path is string {
  // Stryker disable next-line ConditionalExpression: SITE_PATH refuses anything that is not a string as well; the type check is for TypeScript
  if (typeof path !== "string" || !SITE_PATH.test(path)) {
    throw new LegacyRedirectTableError(
      `${what}: ${JSON.stringify(path)} is not a site path (a "/…" path without query or fragment)`,
    );
  }
}

/** Builds the lookup from a table; throws a LegacyRedirectTableError for a malformed table or a cycle. */
export function compileLegacyRedirects(table: LegacyRedirectTable): LegacyRedirects {
  const rows = new Map<string, string>();
  for (const [i, row] of table.redirects.entries()) {
    checkPath(row.from, `redirects[${i}].from`);
    checkPath(row.to, `redirects[${i}].to`);
    const key = normalize(row.from);
    if (key === "/") throw new LegacyRedirectTableError(`redirects[${i}]: the home page cannot be a legacy path`);
    if (rows.has(key)) throw new LegacyRedirectTableError(`redirects[${i}]: ${row.from} is listed twice`);
    rows.set(key, row.to);
  }
  // Unprefixed rows hold in every region, unless the table names the regional path itself.
  for (const row of table.redirects) {
    if (isRegional(row.from)) continue;
    for (const prefix of REGION_PREFIXES) {
      const key = normalize(prefix + row.from);
      if (!rows.has(key)) rows.set(key, withPrefix(prefix, row.to));
    }
  }

  const gallery = table.galleryPrefix;
  checkPath(gallery.from, "galleryPrefix.from");
  checkPath(gallery.to, "galleryPrefix.to");
  if (!gallery.from.endsWith("/") || !gallery.to.endsWith("/") || gallery.from === "/") {
    throw new LegacyRedirectTableError(
      'galleryPrefix: "from" and "to" must be folders ending with "/", and "from" not the root',
    );
  }
  if (normalize(gallery.from) === normalize(gallery.to)) {
    throw new LegacyRedirectTableError("galleryPrefix: from and to are the same folder");
  }
  const renamed = new Map<string, string>();
  for (const [oldSlug, newSlug] of Object.entries(table.renamedGallerySlugs)) {
    if (!SLUG.test(oldSlug) || typeof newSlug !== "string" || !SLUG.test(newSlug)) {
      throw new LegacyRedirectTableError(
        `renamedGallerySlugs: ${JSON.stringify(oldSlug)} → ${JSON.stringify(newSlug)} is not a pair of slugs`,
      );
    }
    renamed.set(oldSlug.toLowerCase(), newSlug.toLowerCase());
  }

  /** The gallery rule, in every region, for a normalised path. */
  const galleryStep = (key: string): string | null => {
    for (const prefix of ALL_PREFIXES) {
      const folder = (prefix + gallery.from).toLowerCase();
      if (!key.startsWith(folder)) continue;
      const slug = key.slice(folder.length);
      if (!SLUG.test(slug)) return null;
      return prefix + gallery.to + (renamed.get(slug) ?? slug);
    }
    return null;
  };

  /** Follows `step` to the end; a path seen twice is a cycle. */
  const follow = (start: string, step: (key: string) => string | null): string | null => {
    const seen = [normalize(start)];
    let current: string | null = null;
    for (let next = step(seen[0]); next !== null; next = step(normalize(next))) {
      const key = normalize(next);
      if (seen.includes(key) || seen.length > MAX_HOPS) {
        throw new LegacyRedirectTableError(`legacy redirects loop: ${[...seen, key].join(" → ")}`);
      }
      seen.push(key);
      current = next;
    }
    return current;
  };

  const initialStep = (key: string) => rows.get(key) ?? galleryStep(key);
  const targets = new Map<string, string>();
  for (const key of rows.keys()) targets.set(key, follow(key, initialStep) as string);

  return {
    targets,
    redirect(pathname) {
      const key = normalize(pathname);
      const direct = targets.get(key);
      if (direct !== undefined) return direct;
      const moved = galleryStep(key);
      // A gallery target named by a row goes on to that row's (already final) target.
      return moved === null ? null : (targets.get(normalize(moved)) ?? moved);
    },
  };
}

/** The site's table, checked when this module loads: a bad table stops the start. */
export const LEGACY_REDIRECT_TABLE: LegacyRedirectTable = tableJson;

const siteRedirects = compileLegacyRedirects(LEGACY_REDIRECT_TABLE);

/**
 * Where a legacy path now lives (one hop, matched ignoring case and one trailing slash), or
 * null: `/samples/` → `/materials/samples`, `/us/samples` → `/us/materials/samples`,
 * `/inspiration/gallery/braybrook-road` → `/gallery/braybrook-st`. The query string is the caller's.
 */
export function legacyRedirect(pathname: string): string | null {
  return siteRedirects.redirect(pathname);
}

/** Every legacy path of the table's rows (regional copies included) → its final target. */
export const LEGACY_REDIRECT_TARGETS: ReadonlyMap<string, string> = siteRedirects.targets;
