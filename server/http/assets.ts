/**
 * The client build's manifest (written by build.mjs): which hashed files the browser needs
 * for the entry and for each lazily loaded page module.
 */
import fs from "node:fs";
import path from "node:path";

export interface AssetManifest {
  /** Build id, also published as builds/latest.json. */
  buildId: string;
  /** URL of the browser entry module. */
  entry: string;
  /** Modules the entry imports statically: preloaded on every page. */
  entryImports: string[];
  css: string[];
  /** Font files to preload: the faces of the first paint. */
  fontPreloads: string[];
  /** URL of the /slice-simulator module (client/sliceSimulator.tsx), self-contained; absent in builds older than it. */
  simulatorEntry?: string;
  /**
   * Development builds only (`npm run dev`): the development client's URL, and a fingerprint of
   * the build's code (client and server, stylesheets aside) that tells an open page to reload.
   */
  dev?: { client: string; code: string };
  /** Source file of a page module (views/pages/X.tsx) → URLs of its chunk and the chunks it imports. */
  modules: Record<string, string[]>;
}

export const MANIFEST_FILE = "manifest.json";

export function readAssetManifest(buildDir: string): AssetManifest {
  const file = path.join(buildDir, "client", MANIFEST_FILE);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as AssetManifest;
  } catch (error) {
    throw new Error(
      `Cannot read the client build manifest at ${file}: run \`npm run build\` first (${(error as Error).message})`,
    );
  }
}

/** The browser app (client/app.tsx), which the entry loads on the visitor's first interaction. */
export const APP_MODULE = "client/app.tsx";

/**
 * The tags' browser entry (consent, tracking, Klaviyo, widgets: client/tagsEntry.ts), a module of
 * its own that only a page whose server configured tags loads, just before the entry.
 */
export const TAGS_ENTRY = "client/tagsEntry.ts";

/**
 * The modules the page's tail runs, in order: the tags' entry where tags are configured, then the
 * browser entry. A page without tags loads none of the tags' code (budgets.json, docs/behaviour.md section 7.5).
 */
export function pageEntries(manifest: AssetManifest, tags = false): string[] {
  const tagsEntry = tags ? manifest.modules[TAGS_ENTRY]?.[0] : undefined;
  return tagsEntry ? [tagsEntry, manifest.entry] : [manifest.entry];
}

/** What the page loads with its entries: their static imports; nothing of the app. */
export function modulePreloads(manifest: AssetManifest, tags = false): string[] {
  if (!tags) return manifest.entryImports;
  return [...new Set([...manifest.entryImports, ...(manifest.modules[TAGS_ENTRY] ?? []).slice(1)])];
}

/**
 * What the app needs on this page once it wakes: its own chunks, then each matched page
 * module's. The entry preloads them together then (client/entry.tsx), so there is no waterfall.
 */
export function appModules(manifest: AssetManifest, pageModules: readonly string[]): string[] {
  const urls = new Set<string>(manifest.modules[APP_MODULE] ?? []);
  for (const source of pageModules) for (const url of manifest.modules[source] ?? []) urls.add(url);
  urls.delete(manifest.entry);
  for (const url of manifest.entryImports) urls.delete(url);
  return [...urls];
}
