/**
 * A build never takes away the chunks a running server's pages still ask for (docs/development.md,
 * "Builds beside a running server"): the previous build's hashed assets that the new build lacks
 * are linked into the new assets folder before it is swapped in, as a CDN keeps old files, for
 * `KEEP_PREVIOUS_ASSETS_MS` (a day) after they were written. Hashed names never collide with new
 * content, so an old file beside the new ones is harmless; older ones go, so the folder stays bounded.
 */
import fs from "node:fs/promises";
import path from "node:path";

export const KEEP_PREVIOUS_ASSETS_MS = 24 * 3_600_000;

/** Links (or copies) into `newDir` each file of `oldDir` it lacks that is younger than the bound; resolves how many. */
export async function keepPreviousAssets(oldDir, newDir, now = Date.now()) {
  let kept = 0;
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
      if (
        await fs.stat(to).then(
          () => true,
          () => false,
        )
      )
        continue;
      await fs.mkdir(path.dirname(to), { recursive: true });
      // A hard link keeps the file's time (and so its age) and costs no copy; a copy where links fail.
      await fs.link(from, to).catch(() => fs.copyFile(from, to).then(() => fs.utimes(to, stat.atime, stat.mtime)));
      kept++;
    }
  };
  await walk("");
  return kept;
}
