/**
 * The shell of a rendered page (docs/architecture.md, request step 4): the document's start (head,
 * assets, tags) written by `server/render/htmlShell.ts` from the route's data, and the hashes of the
 * inline scripts the shell runs. The start of a page every visitor shares depends only on its
 * head, its status, its region, the build, its page modules and this app's settings, so it is
 * kept with its frozen head (a content version's: server/render/pageHeads.ts) and written, and its
 * scripts hashed, once per content version rather than on every render (docs/capacity.md). A preview's
 * start (its own nonce, a head that is not frozen) is written each time.
 */
import type { StaticHandlerContext } from "react-router";
import type { Locale } from "../../shared/locales";
import type { PageHead } from "../../shared/pageHead";
import { SITE_NAME } from "../../shared/site";
import { pageModuleFiles } from "../../views/pageModules";
import type { RouteHandle } from "../../views/routes";
import { appModules, modulePreloads, type AssetManifest } from "../http/assets";
import { type DocumentStart, documentStart, tailScript } from "./htmlShell";
import type { RequestScope } from "../http/requestScope";
import { sha256Source } from "./scriptHashes";

/** Default of BUILD_CHECK_INTERVAL_MS: ten minutes. */
const DEFAULT_BUILD_CHECK_MS = 600_000;

/** Starts per head, a few per head at most (statuses, builds). */
const STARTS_PER_HEAD = 8;

/** Document starts kept with their frozen head: one store per app (its settings are part of every start). */
export interface ShellStarts {
  /** The start kept for `head` under `key`, or `make()`'s, kept when `head` is frozen. */
  kept(head: PageHead | null, key: string, make: () => DocumentStart): DocumentStart;
}

export function createShellStarts(): ShellStarts {
  const starts = new WeakMap<PageHead, Map<string, DocumentStart>>();
  return {
    kept(head, key, make) {
      if (!head || !Object.isFrozen(head)) return make();
      let byKey = starts.get(head);
      if (!byKey) {
        byKey = new Map();
        starts.set(head, byKey);
      }
      let start = byKey.get(key);
      if (!start) {
        start = make();
        if (byKey.size >= STARTS_PER_HEAD) byKey.clear();
        byKey.set(key, start);
      }
      return start;
    },
  };
}

/** What the shell reads of the app. */
export interface ShellDeps {
  assets: () => AssetManifest;
  /** The preview toolbar script (PRISMIC_TOOLBAR_SRC), included in preview only. */
  toolbarSrc?: string;
  /** The tags' head (server/tags/tagHead.ts); absent when no tag is configured. */
  tagHead?: string;
  /** How often an open tab checks for a newer build (BUILD_CHECK_INTERVAL_MS). */
  buildCheckIntervalMs?: number;
  /** Document starts kept per frozen head; absent, every render writes its own. */
  shellStarts?: ShellStarts;
}

/** The head of the deepest matched route that has one; none on error pages. */
function headFor(context: StaticHandlerContext): PageHead | null {
  if (context.errors) return null;
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const data = context.loaderData[context.matches[i].route.id] as { head?: PageHead } | undefined;
    if (data?.head) return data.head;
  }
  return null;
}

/** The page modules of the matched routes (their code, named for the browser to load when it wakes). */
function matchedPageModules(context: StaticHandlerContext): string[] {
  return context.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.page)
    .filter((page): page is NonNullable<typeof page> => Boolean(page))
    .map((page) => pageModuleFiles[page]);
}

const errorTitle = (status: number) =>
  status === 503 ? `Back shortly | ${SITE_NAME}` : `Page not found | ${SITE_NAME}`;

/** The hash source of the entries' loader in the tail (the same for every page of a build and app). */
let tailHash: { key: string; hash: string } | undefined;
export function tailScriptHash(entries: readonly string[]): string {
  const key = entries.join(" ");
  if (tailHash?.key !== key) tailHash = { key, hash: sha256Source(tailScript(entries)) };
  return tailHash.hash;
}

/** The document's start for a render: head, assets, tags. */
export function shellStart(
  context: StaticHandlerContext,
  scope: RequestScope,
  deps: ShellDeps,
  locale: Locale,
  nonce?: string,
): DocumentStart {
  const manifest = deps.assets();
  const head = headFor(context);
  const pageModules = matchedPageModules(context);
  const make = () =>
    documentStart({
      locale,
      title: head?.title ?? errorTitle(context.statusCode),
      head,
      nonce,
      css: manifest.css,
      fonts: manifest.fontPreloads ?? [],
      entry: manifest.entry,
      preloads: modulePreloads(manifest, Boolean(deps.tagHead)),
      appModules: appModules(manifest, pageModules),
      noindex: context.statusCode >= 400 || scope.preview,
      toolbarSrc: scope.preview ? deps.toolbarSrc : undefined,
      speculationRules: !scope.preview,
      tagHead: deps.tagHead,
      build: { id: manifest.buildId, checkIntervalMs: deps.buildCheckIntervalMs ?? DEFAULT_BUILD_CHECK_MS },
      // Only a development build's manifest names it, and only a development bundle looks.
      devClient:
        process.env.NODE_ENV === "development" && manifest.dev
          ? { src: manifest.dev.client, code: manifest.dev.code }
          : undefined,
    });
  // A shared page's start is the same for every render of its head at one status and build.
  if (nonce !== undefined || scope.preview || !deps.shellStarts) return make();
  return deps.shellStarts.kept(
    head,
    `${manifest.buildId}\n${context.statusCode}\n${locale.code}\n${pageModules.join(" ")}`,
    make,
  );
}
