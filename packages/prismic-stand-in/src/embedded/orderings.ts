import type { PrismicDocument } from "@prismicio/client";
import { parseFieldPath, readPath, sortKeyOf, type FieldPath } from "./documentFields";
import { QueryParseError } from "./queryParser";

/**
 * The `orderings` parameter, as strict as Prismic and no more ordered than Prismic promises
 * (docs/decisions/009-a-stand-in-as-strict-as-prismic.md):
 *
 * - Prismic orders by `my.{type}.{field}` and by `document.first_publication_date` /
 *   `document.last_publication_date` only ("Order your results" in Prismic's documentation);
 *   anything else (`document.id`, `document.uid`, a field inside a group) is a 400 parsing-error.
 * - Prismic promises no order where none is asked for, nor among documents with equal (or
 *   missing) values. Here those are put in a pseudo-random order seeded by the ref and the query
 *   (without `page`), so paging through one query stays consistent, as Prismic's does, but
 *   anything that leans on file order or on an order of ties fails its tests.
 */

export interface Ordering {
  path: FieldPath;
  descending: boolean;
}

const ORDERABLE_META = new Set(["first_publication_date", "last_publication_date"]);

function orderable(path: FieldPath | null): path is FieldPath {
  if (!path) return false;
  if (path.kind === "meta") return ORDERABLE_META.has(path.field);
  return path.kind === "data" && path.segments.length === 1;
}

/** `[my.article.date desc,document.first_publication_date]`; the brackets are optional. */
export function parseOrderings(values: readonly string[]): Ordering[] {
  return values.flatMap((raw) => {
    const inner = raw.trim().replace(/^\[(.*)\]$/s, "$1");
    if (inner.trim() === "") return [];
    let offset = raw.indexOf(inner);
    return inner.split(",").map((item) => {
      const match = /^\s*([\w.-]+)(?:\s+(asc|desc))?\s*$/.exec(item);
      const path = match ? parseFieldPath(match[1]) : null;
      if (!match || !orderable(path)) {
        throw new QueryParseError(
          `invalid ordering '${item.trim()}' on line:1 col:${offset + 1} in query '${raw}': ` +
            "Prismic orders by my.{type}.{field}, document.first_publication_date or document.last_publication_date",
          "orderings",
          offset,
        );
      }
      offset += item.length + 1;
      return { path, descending: match[2] === "desc" };
    });
  });
}

/** FNV-1a, 32 bits: a cheap, well-spread hash; this is an order, not a secret. */
function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const collator = new Intl.Collator("en");

function compareKeys(x: string | number, y: string | number): number {
  if (typeof x === "number" && typeof y === "number") return x - y;
  return collator.compare(String(x), String(y));
}

/**
 * The documents in the order of `orderings`; ties, missing values and queries without orderings
 * in the pseudo-random order of `seed`. Documents without a value for an ordering are kept
 * together, first or last as the seed decides (Prismic leaves their place undefined).
 */
export function orderDocuments(
  documents: readonly PrismicDocument[],
  orderings: readonly Ordering[],
  seed: string,
): PrismicDocument[] {
  const seedHash = hash(seed);
  const missingFirst = orderings.map((_, index) => (hash(`missing:${index}`, seedHash) & 1) === 1);
  const keyed = documents.map((document) => ({
    document,
    keys: orderings.map((ordering) => sortKeyOf(readPath(document, ordering.path).values[0])),
    shuffle: hash(document.id, seedHash),
  }));
  keyed.sort((a, b) => {
    for (const [index, ordering] of orderings.entries()) {
      const [x, y] = [a.keys[index], b.keys[index]];
      if (x === undefined || y === undefined) {
        if (x === y) continue;
        return (x === undefined) === missingFirst[index] ? -1 : 1;
      }
      const order = compareKeys(x, y);
      if (order !== 0) return ordering.descending ? -order : order;
    }
    return a.shuffle - b.shuffle || (a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0);
  });
  return keyed.map((entry) => entry.document);
}
