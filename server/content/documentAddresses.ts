/**
 * Where documents were seen to live lately (their type, language and uid: the parts of a link's
 * address), and at which master ref, from every render's reads (recordingReads.ts): a publish
 * webhook names ids only, and what it purges at the edge (server/edge/purgeOnPublish.ts) depends
 * on the type of each document and on whether its address changed. A page that only *links* to a
 * document (a menu, a related article, a translation's hreflang) shows its address, not its
 * content: it needs a purge only when that address changed (docs/operations.md, "Edge caching and
 * purges").
 */
import { LRUCache } from "lru-cache";

export interface DocumentAddress {
  type: string;
  lang: string;
  uid: string | null;
}

/** A few thousand documents: the demo site has about a hundred, a large one keeps its most read. */
const MAX_DOCUMENTS = 5_000;
/** Sightings kept per document: enough to tell the address at the last refs. */
const SIGHTINGS = 4;

interface Sighting {
  ref: string;
  address: string;
}

const sightings = new LRUCache<string, Sighting[]>({ max: MAX_DOCUMENTS });
const types = new LRUCache<string, string>({ max: MAX_DOCUMENTS });

const spelled = (a: DocumentAddress) => `${a.type}/${a.lang}/${a.uid ?? ""}`;

/** Notes that document `id` was at `address` at master ref `ref` (a read's result, or a link to it). */
export function sawDocument(id: string, address: Partial<DocumentAddress>, ref: string): void {
  if (typeof address.type !== "string") return;
  types.set(id, address.type);
  if (ref === "" || typeof address.lang !== "string") return;
  const seen = sightings.get(id) ?? [];
  const at = { ref, address: spelled({ type: address.type, lang: address.lang, uid: address.uid ?? null }) };
  if (seen.some((s) => s.ref === at.ref && s.address === at.address)) return;
  sightings.set(id, [...seen, at].slice(-SIGHTINGS));
}

/** The type of a document seen lately, or undefined. */
export const typeOfDocument = (id: string): string | undefined => types.get(id);

/**
 * Whether the address of document `id` may differ between the refs before `ref` and `ref`,
 * where it is `now` (undefined: gone, unpublished or deleted). True unless every sighting at
 * another ref had exactly `now`'s address: a document never seen before `ref` may have moved.
 */
export function addressMayHaveChanged(id: string, now: DocumentAddress | undefined, ref: string | undefined): boolean {
  if (now === undefined) return true;
  const before = (sightings.get(id) ?? []).filter((s) => s.ref !== ref);
  return before.length === 0 || before.some((s) => s.address !== spelled(now));
}
