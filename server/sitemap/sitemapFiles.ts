/**
 * Which sitemap files exist for a content version, and what each holds: /sitemap.xml alone, or a
 * sitemap index and its children `/sitemap-{n}.xml`.
 *
 * Splitting (how a child is produced without building the others): the documents of the ref,
 * in an explicit order (SITEMAP_ORDERINGS in contentService.ts: first publication, then last
 * publication; Prismic promises no order without one), are numbered 0…N-1 (N = `total_results_size`,
 * read with a one-document query; the handful of navigation and taxonomy documents count but
 * give no URL). When the N documents plus the 4 list pages fit in one file (≤ 50,000 URLs),
 * /sitemap.xml is that file. Otherwise /sitemap.xml is a sitemap index of ⌈N / 45,000⌉
 * children, and child n (1-based) holds documents [(n-1)·45,000, n·45,000): content pages
 * (n-1)·450+1 … n·450 at 100 per page, plus the list pages in child 1. 45,000 is a multiple of
 * the page size, so a child starts on a page boundary and never reads another child's
 * documents. A document yields at most one URL (none when the site would not serve it), so a
 * child holds at most 45,004 URLs. Every query of one generation pins the same ref and sends
 * the same orderings and page size, so children never overlap or miss one (the embedded
 * repository shuffles ties, so a test would show it if they did).
 */
import type { SitemapItemLoose } from "sitemap";
import { LOCALES } from "../../shared/locales";
import { ContentUnavailableError } from "../content/contentErrors";
import type { ContentService } from "../content/contentService";
import { buildSiteChrome } from "../content/siteChrome";
import { documentBatches, listsThenDocuments, type Batches } from "./documentBatches";
import { createServedCheck, type ServedCheck } from "./servedPaths";
import { LIST_PAGES, listEntries, type EntryContext } from "./sitemapEntries";

/** The sitemaps protocol's limit of URLs in one file. */
export const MAX_URLS_PER_FILE = 50_000;
/** The sitemaps protocol's limit of sitemaps in one index: a count past it cannot be true (2.25 billion documents). */
export const MAX_CHILDREN = 50_000;
/** Documents per child of a sitemap index (a multiple of the page size). */
export const DOCUMENTS_PER_CHILD = 45_000;
export const PAGE_SIZE = 100;

export interface SitemapLimits {
  maxUrlsPerFile: number;
  documentsPerChild: number;
  pageSize: number;
}

/** What one content version's sitemap looks like; computed once per ref. */
export interface Plan {
  ref: string;
  entries: EntryContext;
  lists: SitemapItemLoose[];
  totalDocuments: number;
  /** 0: /sitemap.xml holds every URL; otherwise the number of child sitemaps. */
  children: number;
}

export interface FileSpec {
  kind: "urlset" | "index";
  batches: () => Batches;
}

export interface SitemapFiles {
  /** Reads what the plan needs at `ref`: navigations, the document count, the lists' newest items. */
  plan(ref: string): Promise<Plan>;
  /** What a file holds under a plan (`child` null: /sitemap.xml); null when the file does not exist (404). */
  file(plan: Plan, child: number | null): FileSpec | null;
}

export interface SitemapFilesOptions {
  content: ContentService;
  /** SITE_URL, without a trailing slash. */
  origin: string;
  /** Which paths the site serves; default: the router's routes and guards (servedPaths.ts). */
  served?: ServedCheck;
  limits: SitemapLimits;
}

export function createSitemapFiles({
  content,
  origin,
  served: givenServed,
  limits,
}: SitemapFilesOptions): SitemapFiles {
  const { maxUrlsPerFile: maxUrls, documentsPerChild: perChild, pageSize } = limits;
  const listCount = LIST_PAGES.length * LOCALES.length;
  if (perChild % pageSize !== 0 || perChild + listCount > maxUrls) {
    throw new Error(`documentsPerChild must be a multiple of ${pageSize} and at most ${maxUrls - listCount}`);
  }
  const served = givenServed ?? createServedCheck();

  async function plan(ref: string): Promise<Plan> {
    const langs = LOCALES.map((locale) => locale.lang);
    const [navigations, probe, newest] = await Promise.all([
      Promise.all(langs.map((lang) => content.navigation(lang))),
      content.routableDocuments(1, 1, ref),
      Promise.all(
        LIST_PAGES.flatMap(({ itemType }) =>
          langs.map(
            async (lang) => [`${itemType} ${lang}`, await content.latestPublication(itemType, lang, ref)] as const,
          ),
        ),
      ),
    ]);
    const sections = Object.fromEntries(
      LOCALES.map((locale, i) => [locale.lang, buildSiteChrome(locale.code, navigations[i], null).sections]),
    );
    const newestOf = new Map<string, string | null>(newest);
    const lists = listEntries(origin, (itemType, lang) => newestOf.get(`${itemType} ${lang}`));
    const totalDocuments = probe.total;
    const children = totalDocuments + lists.length <= maxUrls ? 0 : Math.ceil(totalDocuments / perChild);
    if (children > MAX_CHILDREN) {
      // An answer's count, not a repository: an upstream error (503), never an index without end.
      throw new ContentUnavailableError(
        `Prismic counts ${totalDocuments} documents: more than one sitemap index holds`,
      );
    }
    return { ref, entries: { origin, sections, served }, lists, totalDocuments, children };
  }

  const documents = (plan: Plan, first: number, last: number) =>
    documentBatches({ content, ref: plan.ref, entries: plan.entries, pageSize }, first, last);

  function file(plan: Plan, child: number | null): FileSpec | null {
    if (child === null) {
      if (plan.children === 0) {
        return {
          kind: "urlset",
          // The pages the plan counted, whatever a later page's count says.
          batches: () => listsThenDocuments(plan.lists, documents(plan, 1, Math.ceil(plan.totalDocuments / pageSize))),
        };
      }
      const children = Array.from({ length: plan.children }, (_, i) => ({ url: `${origin}/sitemap-${i + 1}.xml` }));
      return {
        kind: "index",
        batches: async function* () {
          yield children;
        },
      };
    }
    if (plan.children === 0 || child < 1 || child > plan.children) return null;
    const pagesPerChild = perChild / pageSize;
    return {
      kind: "urlset",
      batches: () =>
        listsThenDocuments(
          child === 1 ? plan.lists : [],
          documents(plan, (child - 1) * pagesPerChild + 1, child * pagesPerChild),
        ),
    };
  }

  return { plan, file };
}

/** The given limits, the protocol's where none is given. */
export function sitemapLimits(given: Partial<SitemapLimits>): SitemapLimits {
  return {
    maxUrlsPerFile: given.maxUrlsPerFile ?? MAX_URLS_PER_FILE,
    documentsPerChild: given.documentsPerChild ?? DOCUMENTS_PER_CHILD,
    pageSize: given.pageSize ?? PAGE_SIZE,
  };
}
