/**
 * Whether the site would answer a path with the page of a given route, without running it:
 * the sitemap lists only URLs that serve a 200 page (docs/behaviour.md section 1.8), never one that 404s.
 *
 * The check matches the path against the router's own route objects (views/routes, with
 * inert loaders), so static routes outrank dynamic ones exactly as in a real request
 * (`/gallery` is the gallery list, never a `page` with uid "gallery"; `/us` is the us home,
 * never a gb `page` with uid "us"); then it applies the route validation of the loaders
 * (every path parameter must be a plausible uid, shared/uid.ts), the request guards and the
 * legacy redirects (a path the old site owned answers 301, not the page).
 *
 * `matchRoutes` flattens and ranks the routes on every call (~0.2 ms), too slow for 100,000
 * documents. Which route matches depends only on the path's shape: how many segments it has and
 * which of them equal a literal of the route table (case-insensitively, after decoding). So the
 * match is computed once per shape, on a stand-in path, and remembered with the positions of
 * its parameters; the real segments at those positions are then validated.
 */
import { matchRoutes, type RouteObject } from "react-router";
import { DATA_PREFIX } from "../../shared/dataEndpoint";
import { legacyRedirect } from "../../shared/legacyRedirects";
import { LOCALES, type Locale } from "../../shared/locales";
import { REGION_CHOICE_PREFIX } from "../../shared/regionChoice";
import { PAGE_ROUTES, routeId } from "../../shared/routeTable";
import { isPlausibleUid } from "../../shared/uid";
import { createRoutes } from "../../views/routes";
import { MAX_URL_LENGTH } from "../http/requestGuards";

/**
 * First path segments that fixed endpoints own before the page handler (docs/architecture.md, request
 * step 3, and the mounts in server/app.ts): a `page` whose uid is one of them is not reachable.
 */
const RESERVED_SEGMENTS = new Set([
  "assets",
  "media",
  "healthz",
  "readyz",
  // Only mounted with METRICS_TOKEN; reserved either way, so turning it on never hides a listed page.
  "metrics",
  DATA_PREFIX.slice(1),
  REGION_CHOICE_PREFIX.slice(1),
  "api",
  "preview",
  "slice-simulator",
  "sitemap.xml",
  "robots.txt",
]);

/** Every literal segment of the routes (and the locale prefixes): the only values that change a match. */
const LITERALS = new Set(
  [...PAGE_ROUTES.map((route) => route.path), ...LOCALES.map((locale) => locale.prefix)]
    .flatMap((path) => path.split("/"))
    .filter((segment) => segment !== "" && !segment.startsWith(":"))
    .map((segment) => segment.toLowerCase()),
);

/** True when `path` (as the link resolver writes it, percent-encoded) serves the route `routeName` of `locale`. */
export type ServedCheck = (path: string, routeName: string, locale: Locale) => boolean;

interface ShapeMatch {
  routeId: string;
  /** Indexes of the segments that are route parameters. */
  params: number[];
}

export function createServedCheck(): ServedCheck {
  const inert = () => async () => null;
  const routes: RouteObject[] = createRoutes(inert);
  const shapes = new Map<string, ShapeMatch | null>();

  const matchShape = (segments: readonly string[]): ShapeMatch | null => {
    // A literal stays itself; any other segment becomes a stand-in that no literal equals.
    const standIns = segments.map((segment, i) =>
      segment === "" || LITERALS.has(segment.toLowerCase()) ? segment.toLowerCase() : `\u2063${i}`,
    );
    const key = standIns.join("/");
    let shape = shapes.get(key);
    if (shape === undefined) {
      const leaf = matchRoutes(routes, `/${standIns.map(encodeURIComponent).join("/")}`)?.at(-1);
      shape = leaf?.route.id
        ? {
            routeId: leaf.route.id,
            params: Object.values(leaf.params).flatMap((value) => {
              const index = standIns.indexOf(value ?? "");
              return index === -1 || !value?.startsWith("\u2063") ? [] : [index];
            }),
          }
        : null;
      // Splat values ("a/b") span segments: such a match (the not-found route) is never expected.
      if (shape && Object.values(leaf!.params).some((value) => value?.includes("/"))) shape.params = [-1];
      shapes.set(key, shape);
    }
    return shape;
  };

  return (path, routeName, locale) => {
    if (!path.startsWith("/") || path.length > MAX_URL_LENGTH) return false;
    let segments: string[];
    try {
      segments = path.slice(1).split("/").map(decodeURIComponent);
    } catch {
      return false;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a path with control characters is refused (400), so never listed
    if (segments.some((segment) => /[\u0000-\u001f\u007f]/.test(segment))) return false; // request guard: 400
    if (RESERVED_SEGMENTS.has(segments[0].toLowerCase())) return false;
    if (legacyRedirect(path) !== null) return false;

    const shape = matchShape(segments);
    if (!shape || shape.routeId !== routeId(routeName, locale.code)) return false;
    // The loaders' validation: a section or uid that cannot be a uid is a 404 ("Page Not Found").
    return shape.params.every((index) => index >= 0 && isPlausibleUid(segments[index]));
  };
}
