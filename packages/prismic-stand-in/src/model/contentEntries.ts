/**
 * The embedded repository's document files as the validator reads them: the published documents
 * under content/, and each release's drafts under content/_releases/<name>/, overlaid on them as
 * the release's ref answers.
 */
import fs from "node:fs";
import path from "node:path";
import { readJson, walkFiles } from "./jsonFiles.ts";
import type { ContentEntry } from "./modelTypes.ts";

/** Folders the embedded repository does not read as published documents (`_releases/`, `.git/`…), as packages/prismic-stand-in/src/embedded/loadDocuments.ts. */
const isReserved = (relative: string) =>
  relative
    .split(path.sep)
    .slice(0, -1)
    .some((folder) => /^[._]/.test(folder));

/**
 * Every published document file under `contentRoot`, sorted by path: the `media` folder and
 * the reserved folders (`_releases/`, dot folders) excluded, as the embedded repository does.
 */
export function loadContentEntries(
  contentRoot: string,
  relativeTo = path.dirname(contentRoot),
): { entries: ContentEntry[]; errors: string[] } {
  const errors: string[] = [];
  const entries: ContentEntry[] = [];
  const mediaDir = path.join(contentRoot, "media");
  for (const file of walkFiles(contentRoot)) {
    if (file.startsWith(mediaDir + path.sep) || !file.endsWith(".json")) continue;
    if (isReserved(path.relative(contentRoot, file))) continue;
    const rel = path.relative(relativeTo, file);
    const document = readJson(file, rel, errors);
    if (document !== undefined) entries.push({ file: rel, document });
  }
  return { entries, errors };
}

export interface ReleaseEntries {
  name: string;
  entries: ContentEntry[];
}

/** The draft documents of each release, `<contentRoot>/_releases/<name>/**.json`, by release name. */
export function loadReleaseEntries(
  contentRoot: string,
  relativeTo = path.dirname(contentRoot),
): { releases: ReleaseEntries[]; errors: string[] } {
  const root = path.join(contentRoot, "_releases");
  const errors: string[] = [];
  const releases: ReleaseEntries[] = [];
  if (!fs.existsSync(root)) return { releases, errors };
  for (const dir of fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!dir.isDirectory() || /^[._]/.test(dir.name)) continue;
    const loaded = loadContentEntries(path.join(root, dir.name), relativeTo);
    errors.push(...loaded.errors);
    releases.push({ name: dir.name, entries: loaded.entries });
  }
  return { releases, errors };
}

/** What a release's ref answers with: the master entries, a draft replacing the one with its id, new ids added. */
export function overlayRelease(master: ContentEntry[], release: ReleaseEntries): ContentEntry[] {
  const drafts = new Map(release.entries.map((e) => [e.document?.id, e]));
  const ids = new Set(master.map((e) => e.document?.id));
  return [
    ...master.map((e) => drafts.get(e.document?.id) ?? e),
    ...release.entries.filter((e) => !ids.has(e.document?.id)),
  ];
}
