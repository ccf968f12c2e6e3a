/**
 * The slice library as the slice tools see it: every slice's folder and model
 * (`views/slices/<Name>/model.json`) and, for each variation, the demo slice that shows it best
 * (`content/`, en-gb first): the one with the most filled fields, items included. Its images
 * carry absolute URLs as the site's content service gives them (`https://embedded.invalid/media/…`,
 * shared/mediaOrigin.ts): Prismic's image helpers refuse relative ones, and the views make them
 * root-relative again, so the simulator loads them from the site it runs on.
 */
import fs from "node:fs";
import path from "node:path";
import type { SharedSliceModel } from "@prismicio/client";
import type { ApiSlice } from "../../packages/slicemachine-adapter/src/lib/sliceMocks.ts";
import { absolutizeMediaUrls } from "../../packages/prismic-stand-in/src/embedded/mediaUrls.ts";
import { EMBEDDED_MEDIA_ORIGIN } from "../../shared/mediaOrigin.ts";

export interface LibrarySlice {
  /** views/slices/<Name> */
  dir: string;
  name: string;
  model: SharedSliceModel;
  /** The demo slice of each variation that has one. */
  examples: Partial<Record<string, ApiSlice>>;
}

const filled = (value: unknown): number => {
  if (value === null || value === undefined || value === "") return 0;
  if (Array.isArray(value)) return value.length ? 1 : 0;
  if (typeof value === "object") return Object.keys(value).length ? 1 : 0;
  return 1;
};

/** How much of a slice an editor filled in: its filled fields, in primary and in every item. */
export const fullness = (slice: ApiSlice): number =>
  Object.values(slice.primary ?? {}).reduce<number>((n, v) => n + filled(v), 0) +
  (slice.items ?? []).reduce<number>(
    (n, item) => n + Object.values(item).reduce<number>((m, v) => m + filled(v), 0),
    0,
  );

function documentFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Every slice of `<root>/views/slices`, with the demo slices of `<root>/content` (published documents only). */
export function readSliceLibrary(root: string): LibrarySlice[] {
  const best = new Map<string, { slice: ApiSlice; score: number }>();
  for (const locale of ["en-gb", "en-us"]) {
    for (const file of documentFiles(path.join(root, "content", locale))) {
      const raw = JSON.parse(fs.readFileSync(file, "utf8"));
      const document = absolutizeMediaUrls(raw, EMBEDDED_MEDIA_ORIGIN) as { data?: { slices?: ApiSlice[] } };
      for (const slice of document.data?.slices ?? []) {
        const key = `${slice.slice_type}/${slice.variation}`;
        const score = fullness(slice);
        // Strictly better only: the first (en-gb, then by path) wins a tie, so the choice is stable.
        if (!best.has(key) || score > best.get(key)!.score) best.set(key, { slice, score });
      }
    }
  }
  const slicesDir = path.join(root, "views", "slices");
  return fs
    .readdirSync(slicesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(slicesDir, e.name, "model.json")))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = path.join(slicesDir, name);
      const model = JSON.parse(fs.readFileSync(path.join(dir, "model.json"), "utf8")) as SharedSliceModel;
      const examples = Object.fromEntries(
        model.variations.flatMap((v) => {
          const found = best.get(`${model.id}/${v.id}`);
          return found ? [[v.id, found.slice]] : [];
        }),
      );
      return { dir, name, model, examples };
    });
}
