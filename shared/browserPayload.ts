/**
 * What the browser is sent of the route loaders' data (hydration payload and the data
 * endpoint): only what the views read. The loaders return whole Prismic shapes, which the
 * server needs for the head (canonical, alternates, share image, JSON-LD) and which carry
 * fields no view ever reads; the browser gets, by shape:
 * - a route's `head`: `title` and `description` (HeadSync, the list titles), `alternates`
 *   (the region switcher) and, of its structured data, the BreadcrumbList (the breadcrumbs);
 * - a document: `id`, `uid`, `type`, `lang` and `data` (no href, slugs, tags, dates,
 *   alternate languages or linked documents: the server has already used them);
 * - a link: what the link resolver reads (`LinkLike`), and a media link's name, kind and size;
 * - an image: its URL, dimensions, alt and thumbnails (no editor crop state or copyright).
 * The server renders from the same trimmed view of the data (server/render/render.tsx): what it renders is
 * what the browser hydrates.
 */
const LINK_FIELDS = [
  "link_type",
  "id",
  "uid",
  "type",
  "lang",
  "url",
  "isBroken",
  "target",
  "text",
  "name",
  "kind",
  "size",
];
const DOCUMENT_FIELDS = ["id", "uid", "type", "lang", "data"];
const IMAGE_DROPPED = new Set(["edit", "copyright"]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const pick = (value: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => value[f] !== undefined).map((f) => [f, trim(value[f])]));

/**
 * Trims of frozen values: content shared by every render at one ref is frozen
 * (server/content/contentService.ts), so its trim is worked out once per content version.
 */
const trimmed = new WeakMap<object, unknown>();

function trim(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (!Object.isFrozen(value)) return trimNow(value);
  let found = trimmed.get(value);
  if (found === undefined) {
    found = Object.freeze(trimNow(value));
    trimmed.set(value, found);
  }
  return found;
}

function trimNow(value: object): unknown {
  if (Array.isArray(value)) return value.map(trim);
  if (!isObject(value)) return value;
  if (typeof value.link_type === "string") return pick(value, LINK_FIELDS);
  if ("first_publication_date" in value && isObject(value.data) && typeof value.type === "string")
    return pick(value, DOCUMENT_FIELDS);
  const image = isObject(value.dimensions) && typeof value.url === "string";
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(image && IMAGE_DROPPED.has(key)))
      .map(([key, v]) => [key, trim(v)]),
  );
}

/** One route's loader data as the browser gets it. */
export function browserPayload(routeData: unknown): unknown {
  if (!isObject(routeData)) return routeData;
  const head = routeData.head;
  // The head is replaced below: not trimmed first (it is built per request, so never a kept trim).
  const trimmed = trim(isObject(head) ? { ...routeData, head: null } : routeData) as Record<string, unknown>;
  if (isObject(head)) {
    const jsonLd = Array.isArray(head.jsonLd)
      ? head.jsonLd.filter((d) => isObject(d) && d["@type"] === "BreadcrumbList")
      : [];
    trimmed.head = {
      title: head.title ?? null,
      description: head.description ?? null,
      alternates: head.alternates ?? [],
      jsonLd,
    };
  }
  return trimmed;
}

/** Every route's loader data, as the browser gets it. */
export function browserLoaderData(loaderData: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(loaderData).map(([routeId, data]) => [routeId, browserPayload(data)]));
}
