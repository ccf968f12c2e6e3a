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
  /** Source file of a page module (views/pages/X.tsx) → URLs of its chunk and the chunks it imports. */
  modules: Record<string, string[]>;
}

export const MANIFEST_FILE = "manifest.json";

export function readAssetManifest(buildDir: string): AssetManifest {
  const file = path.join(buildDir, "client", MANIFEST_FILE);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as AssetManifest;
  } catch (error) {
    throw new Error(`Cannot read the client build manifest at ${file}: run \`npm run build\` first (${(error as Error).message})`);
  }
}

/** Everything to modulepreload for a page: the entry's imports, then each matched page module's chunks. */
export function modulePreloads(manifest: AssetManifest, pageModules: readonly string[]): string[] {
  const urls = new Set<string>(manifest.entryImports);
  for (const source of pageModules) for (const url of manifest.modules[source] ?? []) urls.add(url);
  urls.delete(manifest.entry);
  return [...urls];
}
