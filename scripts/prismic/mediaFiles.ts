/**
 * The images and files a pulled document uses, for `npm run prismic:pull`: every `url` of an
 * image (an object with `dimensions`: image fields, their views, rich-text images) or of a media
 * link (`link_type: "Media"`). Each source file gets one local name in `<folder>/media/`, and
 * the document's URL becomes `/media/<name>` with its query kept (crop and size parameters, which
 * the embedded media route honours), the form embedded documents use.
 */
import { createHash } from "node:crypto";

type Json = any;

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `object` holds a file URL to download: an image (with dimensions) or a media link. */
function isMediaObject(object: Record<string, Json>): boolean {
  return (
    typeof object.url === "string" &&
    /^https?:\/\//.test(object.url) &&
    (isObject(object.dimensions) || object.link_type === "Media")
  );
}

/** The file a URL names, without its query (the original, not a resized copy). */
export function sourceOf(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}

/** Every distinct source file in `value` (a document's data). */
export function collectMedia(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) collectMedia(item, found);
  else if (isObject(value)) {
    if (isMediaObject(value)) found.add(sourceOf(value.url));
    for (const entry of Object.values(value)) collectMedia(entry, found);
  }
  return found;
}

/** Local file names for the sources: the URL's last segment made safe, with a short hash where two sources share one. */
export function localNames(sources: Iterable<string>): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const source of [...sources].sort()) {
    const last = decodeURIComponent(new URL(source).pathname.split("/").pop() || "file");
    let name = last.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "") || "file";
    if (taken.has(name)) name = `${createHash("sha256").update(source).digest("hex").slice(0, 8)}-${name}`;
    taken.add(name);
    names.set(source, name);
  }
  return names;
}

/** A copy of `value` whose media URLs point at `/media/<name>` (query kept). */
export function rewriteMedia<T>(value: T, names: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => rewriteMedia(item, names)) as T;
  if (!isObject(value)) return value;
  const copy: Record<string, Json> = {};
  for (const [key, entry] of Object.entries(value)) copy[key] = rewriteMedia(entry, names);
  if (isMediaObject(value)) {
    const name = names.get(sourceOf(value.url));
    if (name) copy.url = `/media/${encodeURIComponent(name)}${new URL(value.url).search}`;
  }
  return copy as T;
}
