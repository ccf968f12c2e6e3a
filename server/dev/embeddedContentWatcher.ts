/**
 * Development only (`npm run dev`; started by server/dev/devTools.ts, absent from production
 * builds): the embedded repository follows the files. On a change under CONTENT_DIR (its
 * releases' drafts under `_releases/<name>/` included), under `customtypes/` or in a slice model
 * (`views/slices/<Name>/model.json`), the documents and the releases are read again and checked
 * against the models with the validator the tests use
 * (packages/prismic-stand-in/src/model/validateContent.ts), each release over the published
 * documents as its ref answers; when everything is valid they are published as a
 * new master ref (`embedded.publish`, exactly what a publish does in hosted mode), so the
 * ref-keyed page cache, the menus and the sitemap follow by themselves, and a release's new
 * drafts get a new release ref (a preview of the release by name shows them). A file that does
 * not load or validate is logged by name and the previous content keeps serving
 * (docs/development.md, "Development loop"). The folders are
 * watched with chokidar, which sees a file saved by rename (editors, `sed -i`, `git checkout`) as
 * well as one written in place, every time (decision record 010).
 */
import fs from "node:fs";
import path from "node:path";
import type { FSWatcher } from "chokidar";
import type { ContentClient } from "../content/contentClient";
import type { PrismicStandIn } from "../content/prismicStandIn";
import type { OpenedRepository } from "../../packages/prismic-stand-in/src/index";
import type { Logger } from "../observability/logger";

export interface ContentWatcherOptions {
  contentDir: string;
  mediaDir: string;
  /** The project root: models are read from `customtypes/` and `views/slices/` under it. */
  rootDir: string;
  contentClient: ContentClient;
  /** The stand-in the embedded repository comes from: its loader and its content checks. */
  standIn: Pick<
    PrismicStandIn,
    | "loadDocuments"
    | "loadReleases"
    | "loadModels"
    | "loadContentEntries"
    | "loadReleaseEntries"
    | "overlayRelease"
    | "validateContent"
  >;
  logger: Logger;
  /** After a reload was published, with its master ref (the same one when only a release changed). */
  onPublished?: (ref: string) => void;
  /** Saves closer together than this are one reload (an editor writes a file in several steps). */
  debounceMs?: number;
}

/** At most this many problems are printed for one save: the first ones name the files. */
const MAX_PROBLEMS_LOGGED = 20;

export function watchEmbeddedContent(options: ContentWatcherOptions): { close(): void; reload(): Promise<void> } {
  const { contentDir, mediaDir, rootDir, contentClient, logger } = options;
  const { loadDocuments, loadReleases, loadModels, loadContentEntries, loadReleaseEntries, overlayRelease } =
    options.standIn;
  const { validateContent } = options.standIn;
  const embedded = contentClient.embedded;
  if (!embedded) throw new Error("watchEmbeddedContent needs the embedded repository (no PRISMIC_REPOSITORY)");
  // The content client passes on the stand-in's own publish (packages/prismic-stand-in/src/embedded/
  // openRepository.ts), which takes the releases' drafts too; its type there names the documents only.
  const publish = embedded.publish as OpenedRepository["publish"];

  /** The problems of the files as they are now; none means the content can be published. */
  const problems = (): string[] => {
    const models = loadModels(rootDir);
    const content = loadContentEntries(contentDir, rootDir);
    const media = { mediaDir: fs.existsSync(mediaDir) ? mediaDir : null };
    const report = validateContent(content.entries, models.models, media);
    // Each release as its ref answers: its drafts over the published documents.
    const releases = loadReleaseEntries(contentDir, rootDir);
    const releaseErrors = releases.releases.flatMap((release) => {
      const errors = validateContent(overlayRelease(content.entries, release), models.models, media).errors;
      // The published documents' own problems are reported once, above.
      return errors.filter((error) => !report.errors.includes(error));
    });
    return [...models.errors, ...content.errors, ...report.errors, ...releases.errors, ...releaseErrors];
  };
  /** The releases' drafts as last published: a master save changes their refs, not them. */
  const draftsOf = (releases: ReturnType<typeof loadReleases>) => JSON.stringify(releases);
  let publishedDrafts = (() => {
    try {
      return draftsOf(loadReleases(contentDir));
    } catch {
      return undefined;
    }
  })();

  const reload = async (): Promise<void> => {
    const started = Date.now();
    let documents: ReturnType<typeof loadDocuments>;
    let releases: ReturnType<typeof loadReleases>;
    try {
      documents = loadDocuments(contentDir);
      releases = loadReleases(contentDir);
    } catch (error) {
      const file = (error as { file?: string }).file;
      logger.error({ file }, `content not reloaded, the previous content keeps serving: ${(error as Error).message}`);
      return;
    }
    const found = problems();
    if (found.length) {
      const shown = found.slice(0, MAX_PROBLEMS_LOGGED).join("\n  ");
      const more = found.length > MAX_PROBLEMS_LOGGED ? `\n  … and ${found.length - MAX_PROBLEMS_LOGGED} more` : "";
      logger.error(
        `content not reloaded, the previous content keeps serving (${found.length} problem(s)):\n  ${shown}${more}`,
      );
      return;
    }
    const previous = embedded.current().masterRef;
    const drafts = draftsOf(releases);
    const draftsChanged = drafts !== publishedDrafts;
    let ref: string;
    try {
      ref = publish(documents, releases).masterRef;
    } catch (error) {
      logger.error(`content not reloaded, the previous content keeps serving: ${(error as Error).message}`);
      return;
    }
    publishedDrafts = drafts;
    if (ref === previous && !draftsChanged) return;
    await contentClient.refs.refresh();
    const ms = Date.now() - started;
    if (ref !== previous) logger.info({ ref, documents: documents.length }, `content reloaded in ${ms} ms`);
    if (draftsChanged) {
      const names = releases.map((release) => release.name).join(", ") || "no release left";
      logger.info({ releases: releases.length }, `release drafts reloaded in ${ms} ms (${names})`);
    }
    options.onPublished?.(ref);
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(reload).catch((error: unknown) => logger.error({ err: error }, "content reload failed"));
    }, options.debounceMs ?? 30);
  };
  const json = (file: string) => file.endsWith(".json") && !path.basename(file).startsWith(".");
  const folders: Array<[string, (file: string) => boolean]> = [
    [contentDir, json],
    [path.join(rootDir, "customtypes"), json],
    [path.join(rootDir, "views", "slices"), (file) => path.basename(file) === "model.json"],
  ];
  // Imported when the watch starts: a static import of a package would stay in the production
  // bundle, which drops this file's code but not the packages it imports.
  let watcher: FSWatcher | undefined;
  let closed = false;
  const watching = import("chokidar").then(({ watch }) => {
    if (closed) return;
    watcher = watch(
      folders.map(([dir]) => dir).filter((dir) => fs.existsSync(dir)),
      // Media files are many and never content: their folder is not watched.
      { ignoreInitial: true, ignored: (file) => file === mediaDir },
    ).on("all", (event, file) => {
      if (event === "addDir" || event === "unlinkDir") return;
      if (folders.some(([dir, relevant]) => file.startsWith(dir + path.sep) && relevant(file))) schedule();
    });
  });
  return {
    close() {
      clearTimeout(timer);
      closed = true;
      void watching.then(() => watcher?.close());
    },
    reload,
  };
}
