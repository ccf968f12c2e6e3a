/**
 * The documents of a sitemap file as `<url>` entries, one batch per content page: documents are
 * read from the content service one page (100) at a time at a pinned ref, each page's entries are
 * handed out, and the page is dropped, so a large repository never sits in memory.
 */
import type { IndexItem, SitemapItemLoose } from "sitemap";
import type { ContentService } from "../content/contentService";
import { documentEntry, type EntryContext } from "./sitemapEntries";

export type Item = SitemapItemLoose | IndexItem;
export type Batches = AsyncGenerator<Item[], void, undefined>;

export interface DocumentSource {
  content: ContentService;
  /** The ref every query of one generation pins. */
  ref: string;
  entries: EntryContext;
  pageSize: number;
}

/** The `<url>` entries of the documents on content pages first…last, one batch per page. */
export async function* documentBatches(
  { content, ref, entries, pageSize }: DocumentSource,
  first: number,
  last: number,
): Batches {
  const fetchPage = (page: number) => {
    const result = content.routableDocuments(page, pageSize, ref);
    result.catch(() => undefined); // awaited below; this only keeps an abandoned prefetch quiet
    return result;
  };
  let next = first <= last ? fetchPage(first) : null;
  for (let page = first; next; page++) {
    const result = await next;
    // Read the next page while this one is written out.
    next = page < last && page < result.totalPages ? fetchPage(page + 1) : null;
    const items: Item[] = [];
    for (const doc of result.items) {
      const entry = documentEntry(doc, entries);
      if (entry) items.push(entry);
    }
    yield items;
  }
}

/**
 * The list pages, then the documents; the first content page is read before the list pages are
 * handed out, so that a content failure happens before the response starts (a 503, not a cut).
 */
export async function* listsThenDocuments(lists: Item[], documents: Batches): Batches {
  const first = await documents.next();
  try {
    if (lists.length > 0) yield lists;
    if (first.done) return;
    yield first.value;
    yield* documents;
  } finally {
    await documents.return(undefined);
  }
}
