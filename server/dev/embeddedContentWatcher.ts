/**
 * Development only (`npm run dev`; started by server/dev/devTools.ts, absent from production
 * builds): the embedded repository follows the files. On a change under CONTENT_DIR, under
 * `customtypes/` or in a slice model (`views/slices/<Name>/model.json`), the documents are read
 * again and checked against the models with the validator the tests use
 * (packages/prismic-stand-in/src/model/validateContent.ts); when everything is valid they are published as a
 * new master ref (`embedded.publish`, exactly what a publish does in hosted mode), so the
 * ref-keyed page cache, the menus and the sitemap follow by themselves. A file that does not
 * load or validate is logged by name and the previous content keeps serving. The folders are
 * watched with chokidar, which sees a file saved by rename (editors, `sed -i`, `git checkout`) as
 * well as one written in place, every time (decision record 010).
 */
import fs from "node:fs";
import path from "node:path";
import type { FSWatcher } from "chokidar";
import type { ContentClient } from "../content/contentClient";
import type { PrismicStandIn } from "../content/prismicStandIn";
import type { Logger } from "../observability/logger";

export interface ContentWatcherOptions {
  contentDir: string;
  mediaDir: string;
  /** The project root: models are read from `customtypes/` and `views/slices/` under it. */
  rootDir: string;
  contentClient: ContentClient;
  /** The stand-in the embedded repository comes from: its loader and its content checks. */
  standIn: Pick<PrismicStandIn, "loadDocuments" | "loadModels" | "loadContentEntries" | "validateContent">;
  logger: Logger;
  /** After a reload was published, with its master ref. */
  onPublished?: (ref: string) => void;
  /** Saves closer together than this are one reload (an editor writes a file in several steps). */
  debounceMs?: number;
}

/** At most this many problems are printed for one save: the first ones name the files. */
const MAX_PROBLEMS_LOGGED = 20;

export function watchEmbeddedContent(options: ContentWatcherOptions): { close(): void; reload(): Promise<void> } {
  const { contentDir, mediaDir, rootDir, contentClient, logger } = options;
  const { loadDocuments, loadModels, loadContentEntries, validateContent } = options.standIn;
  const embedded = contentClient.embedded;
  if (!embedded) throw new Error("watchEmbeddedContent needs the embedded repository (no PRISMIC_REPOSITORY)");

  /** The problems of the files as they are now; none means the content can be published. */
  const problems = (): string[] => {
    const models = loadModels(rootDir);
    const content = loadContentEntries(contentDir, rootDir);
    const report = validateContent(content.entries, models.models, {
      mediaDir: fs.existsSync(mediaDir) ? mediaDir : null,
    });
    return [...models.errors, ...content.errors, ...report.errors];
  };

  const reload = async (): Promise<void> => {
    const started = Date.now();
    let documents: ReturnType<typeof loadDocuments>;
    try {
      documents = loadDocuments(contentDir);
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
    const ref = embedded.publish(documents).masterRef;
    if (ref === previous) return;
    await contentClient.refs.refresh();
    logger.info({ ref, documents: documents.length }, `content reloaded in ${Date.now() - started} ms`);
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
