/**
 * A build never takes away the chunks a running server's pages still ask for (docs/development.md,
 * "Builds beside a running server"): the previous build's hashed assets that the new build lacks
 * are linked into the new assets folder before it is swapped in, as a CDN keeps old files, for
 * `KEEP_PREVIOUS_ASSETS_MS` (a day) after they were written. Hashed names never collide with new
 * content, so an old file beside the new ones is harmless; older ones go, so the folder stays bounded.
 * A compressed variant (`.br`, `.gz`) is kept only with its own file: where the new build wrote that
 * file again (the same name; build.mjs may rewrite a chunk's bytes after esbuild named it), a
 * variant it chose not to write (no smaller than the file) must not stand in for it.
 */
import fs from "node:fs/promises";
import path from "node:path";

export const KEEP_PREVIOUS_ASSETS_MS = 24 * 3_600_000;

/** Links (or copies) into `newDir` each file of `oldDir` it lacks that is younger than the bound; resolves how many. */
export async function keepPreviousAssets(oldDir, newDir, now = Date.now()) {
  let kept = 0;
  /** What this function linked: a variant goes with its file when that file is the previous build's too. */
  const linked = new Set();
  const walk = async (relative) => {
    const entries = await fs.readdir(path.join(oldDir, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        await walk(name);
        continue;
      }
      const from = path.join(oldDir, name);
      const to = path.join(newDir, name);
      const stat = await fs.stat(from);
      if (now - stat.mtimeMs > KEEP_PREVIOUS_ASSETS_MS) continue;
      const exists = (file) =>
        fs.stat(file).then(
          () => true,
          () => false,
        );
      if (await exists(to)) continue;
      const base = to.replace(/\.(?:br|gz)$/, "");
      if (base !== to && !linked.has(base) && (await exists(base))) continue;
      await fs.mkdir(path.dirname(to), { recursive: true });
      // A hard link keeps the file's time (and so its age) and costs no copy; a copy where links fail.
      await fs.link(from, to).catch(() => fs.copyFile(from, to).then(() => fs.utimes(to, stat.atime, stat.mtime)));
      linked.add(to);
      kept++;
    }
  };
  await walk("");
  return kept;
}
