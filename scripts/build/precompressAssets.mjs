/**
 * Pre-compression of a production build's text assets (brotli and gzip beside each file), and
 * the one-line summary of what it saved.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Text assets worth compressing: fonts (woff2) and images are compressed formats already, and a
 * production build writes no source maps.
 */
const COMPRESSIBLE = /\.(?:js|css|json|svg)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` and `name.gz` beside each compressible hashed asset, at the strongest levels:
 * they are compressed once per build and served for a year (server/http/staticAssets.ts), instead of
 * being compressed on every request. A variant no smaller than its original is not written.
 * Returns the total sizes by kind ("JS", "CSS", …): raw, and as served to br and gzip clients.
 */
export async function precompressAssets(assetsDir) {
  const names = (await fsp.readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  const files = await Promise.all(
    names.map(async (name) => ({ name, raw: await fsp.readFile(path.join(assetsDir, name)) })),
  );
  // Largest first: brotli at quality 11 takes seconds on the big bundles, which set the wall time.
  files.sort((a, b) => b.raw.length - a.raw.length);
  const totals = {};
  await Promise.all(
    files.map(async ({ name, raw }) => {
      const file = path.join(assetsDir, name);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const kind = path.extname(name).slice(1).toUpperCase();
      totals[kind] ??= { raw: 0, br: 0, gz: 0 };
      const total = totals[kind];
      total.raw += raw.length;
      for (const [ext, body] of [
        ["br", br],
        ["gz", gz],
      ]) {
        const smaller = body.length < raw.length;
        if (smaller) await fsp.writeFile(`${file}.${ext}`, body);
        total[ext] += smaller ? body.length : raw.length;
      }
    }),
  );
  return totals;
}

/** "CSS 30 KB → 6.0 KB br, 7.1 KB gz; JS …" */
export function compressionSummary(totals) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return Object.entries(totals)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, t]) => `${kind} ${kb(t.raw)} → ${kb(t.br)} br, ${kb(t.gz)} gz`)
    .join("; ");
}
