/**
 * What a publish purges at the edge (docs/operations.md, "Edge caching and purges"), from the
 * Prismic webhook's body (server/content/prismicWebhook.ts) and the master refs before and after:
 * - the master ref did not change (a release edited, a test trigger): nothing; one that could not
 *   be re-read counts as changed (the purge is safe early: edgeLifetimes.ts's race rule);
 * - `masks` present (a custom type changed: every page may render differently), or `documents`
 *   not a list, or a list longer than MAX_DOCUMENTS_PURGED one by one: `all`;
 * - otherwise each published document's key and its type's key (lists, the sitemap and 404s of
 *   that type depend on which documents exist), read at the new ref (one query for them all);
 *   and its link key (the pages that link to it) only where its address (type, language, uid)
 *   may have changed since the refs its links were seen at (server/content/documentAddresses.ts).
 *   A document found nowhere (unpublished, deleted) is linked to nowhere any more: its link key,
 *   and the type it was seen with, else every routable type's key (it may have been on any list).
 */
import { ROUTABLE_TYPES } from "../content/contentService";
import type { DocumentAddress } from "../content/documentAddresses";
import type { Logger } from "../observability/logger";
import { documentKey, EDGE_KEY_ALL, isEdgeKey, linkKey, typeKey } from "./edgeKeys";
import type { PurgeQueue } from "./purgeQueue";

/** A bulk publish past this many documents purges everything: cheaper than reading their types. */
export const MAX_DOCUMENTS_PURGED = 500;

export interface PurgeTypes {
  /** The type of a document seen in reads, or undefined. */
  typeOfDocument(id: string): string | undefined;
  /** Whether document `id`'s address may differ at `ref` from where its links were seen (documentAddresses.ts). */
  addressMayHaveChanged(id: string, now: DocumentAddress | undefined, ref: string | undefined): boolean;
  /** The addresses of `ids` at `ref`, read from the content service (an id missing: not there). */
  documentAddresses(ids: readonly string[], ref?: string): Promise<Map<string, DocumentAddress>>;
}

/** Whether the body names something: a non-empty list, an object with a non-empty value, any other value. */
function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value).some(present);
  return value !== false && value !== "";
}

/** The keys to purge for one webhook call; `before` and `after` are the master refs around its re-read. */
export async function keysToPurge(
  body: unknown,
  before: string | undefined,
  after: string | undefined,
  types: PurgeTypes,
): Promise<string[]> {
  // `after` undefined: the re-read failed, the publish may well have changed the ref.
  if (after !== undefined && before === after) return [];
  const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (present(fields.masks)) return [EDGE_KEY_ALL];
  const documents = fields.documents;
  if (!Array.isArray(documents) || documents.length > MAX_DOCUMENTS_PURGED) return [EDGE_KEY_ALL];
  const ids = [...new Set<unknown>(documents)];
  // An id no key can carry is no id of ours: safer to purge everything than to miss it.
  if (!ids.every((id): id is string => typeof id === "string" && isEdgeKey(documentKey(id)))) return [EDGE_KEY_ALL];
  const keys = new Set<string>();
  const found = await types.documentAddresses(ids, after);
  for (const id of ids) {
    keys.add(documentKey(id));
    const address = found.get(id);
    if (types.addressMayHaveChanged(id, address, after)) keys.add(linkKey(id));
    const type = address?.type ?? types.typeOfDocument(id);
    if (type !== undefined) keys.add(typeKey(type));
    else for (const routable of ROUTABLE_TYPES) keys.add(typeKey(routable));
  }
  return [...keys].filter(isEdgeKey).sort();
}

export interface PublishPurgeDeps extends PurgeTypes {
  purges: Pick<PurgeQueue, "add">;
  logger: Logger;
}

/**
 * The webhook's step after the master ref was re-read: decides the keys and queues their purge.
 * Never rejects: a type that cannot be read purges every routable type (or `all`), logged.
 */
export function createPublishPurge(deps: PublishPurgeDeps) {
  return async (body: unknown, before: string | undefined, after: string | undefined): Promise<string[]> => {
    let keys: string[];
    try {
      keys = await keysToPurge(body, before, after, deps);
    } catch (error) {
      // The types could not be read (the content service is failing): purge everything rather than miss a page.
      deps.logger.warn({ err: error }, "edge purge: the published documents' types could not be read; purging all");
      keys = [EDGE_KEY_ALL];
    }
    deps.logger.info({ keys: keys.length, ref: after ?? null }, `edge purge queued: ${keys.length} key(s)`);
    deps.purges.add(keys);
    return keys;
  };
}
