/**
 * The counts of a page of query results that can be true (docs/behaviour.md section 3.6): a page
 * size of 1 to 100, at most that many results, and `total_pages` equal to `total_results_size`
 * over the page size, rounded up, as Prismic computes it. Paging and the sitemap's plan trust
 * these counts, so an answer that breaks them is an upstream error (stale content or the 503),
 * never a loop over pages that do not exist.
 */
import type * as prismic from "@prismicio/client";
import { ContentUnavailableError } from "./contentErrors";

/** Prismic's largest page. */
export const MAX_PAGE_SIZE = 100;

type Counts = Pick<prismic.Query, "page" | "results_per_page" | "total_results_size" | "total_pages" | "results">;

const isCount = (value: unknown, min: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min;

/** `response` when its counts can be true; otherwise throws ContentUnavailableError. */
export function checkedCounts<Q extends Counts>(response: Q): Q {
  const { page, results_per_page: perPage, total_results_size: total, total_pages: pages, results } = response;
  const possible =
    isCount(page, 1) &&
    isCount(perPage, 1) &&
    perPage <= MAX_PAGE_SIZE &&
    isCount(total, 0) &&
    isCount(pages, 0) &&
    pages === Math.ceil(total / perPage) &&
    Array.isArray(results) &&
    results.length <= perPage;
  if (!possible) {
    const shown = (value: unknown) => String(value).slice(0, 24);
    throw new ContentUnavailableError(
      `Prismic answered counts that cannot be true (page ${shown(page)}, ${shown(perPage)} a page, ` +
        `${shown(total)} results in ${shown(pages)} pages)`,
    );
  }
  return response;
}
