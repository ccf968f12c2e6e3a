/**
 * The counts of a page of query results that can be true (server/content/queryCounts.ts): what
 * Prismic (and the embedded repository) answer passes; a count that paging or the sitemap would
 * trust into a loop or an endless file is an upstream error (content unavailable).
 */
import { ContentUnavailableError } from "../server/content/contentErrors";
import { checkedCounts } from "../server/content/queryCounts";

const page = (counts: Partial<Record<string, unknown>>, results: unknown[] = []) =>
  ({ page: 1, results_per_page: 100, total_results_size: 0, total_pages: 0, results, ...counts }) as never;

test.each([
  ["an empty result", {}],
  ["one page of 70", { total_results_size: 70, total_pages: 1 }],
  ["page 3 of 1,001 documents at 100 a page", { page: 3, total_results_size: 1_001, total_pages: 11 }],
  ["one document at 1 a page", { results_per_page: 1, total_results_size: 250, total_pages: 250 }],
  // Consistent, if implausible: the sitemap bounds what it makes of it (test/contentAnswerBounds.test.ts).
  ["1e12 results in the pages they would take", { total_results_size: 1e12, total_pages: 1e10 }],
])("%s passes", (_case, counts) => {
  const answer = page(counts);
  expect(checkedCounts(answer)).toBe(answer);
});

test.each([
  ["5 results in a billion pages", { total_results_size: 5, total_pages: 1e9 }],
  ["a billion results in one page", { total_results_size: 1e9, total_pages: 1 }],
  ["a page size of 0", { results_per_page: 0 }],
  ["a page size past Prismic's 100", { results_per_page: 1_000, total_results_size: 1_000, total_pages: 1 }],
  ["a count that is not a number", { total_results_size: "70", total_pages: 1 }],
  ["a negative count", { total_results_size: -1, total_pages: 0 }],
  ["page 0", { page: 0 }],
  ["a fractional count", { total_results_size: 1.5, total_pages: 1 }],
])("%s is an upstream error", (_case, counts) => {
  expect(() => checkedCounts(page(counts))).toThrow(ContentUnavailableError);
});

test("more results on a page than its page size is an upstream error", () => {
  const answer = page({ results_per_page: 2, total_results_size: 3, total_pages: 2 }, [{}, {}, {}]);
  expect(() => checkedCounts(answer)).toThrow("Prismic answered counts that cannot be true");
});
