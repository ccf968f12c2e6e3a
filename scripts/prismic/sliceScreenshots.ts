/**
 * The slices' screenshots for `npm run prismic:push`: each variation's `screenshot-<variation>.png`
 * (npm run slices:screenshots) becomes the variation's `imageUrl`, the picture the Page Builder
 * shows in its slice picker. A screenshot is uploaded to the repository's media library through
 * Prismic's Asset API (same write token) under a name carrying its content digest, as Slice
 * Machine names its uploads; when the remote variation's image already carries that digest, its
 * URL is kept and nothing is uploaded, so an unchanged screenshot never changes the model.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SharedSliceModel } from "@prismicio/client";

/** Uploads one PNG and answers its URL in the media library. */
export type UploadScreenshot = (png: Buffer, filename: string) => Promise<string>;

/** Where each slice's files are, by slice id: `<root>/views/slices/<Name>/`. */
export function sliceDirs(root: string): Map<string, string> {
  const dirs = new Map<string, string>();
  const slices = path.join(root, "views", "slices");
  for (const name of fs.readdirSync(slices)) {
    const file = path.join(slices, name, "model.json");
    if (fs.existsSync(file))
      dirs.set((JSON.parse(fs.readFileSync(file, "utf8")) as { id: string }).id, path.join(slices, name));
  }
  return dirs;
}

export const screenshotDigest = (png: Buffer): string => createHash("sha256").update(png).digest("hex").slice(0, 32);

/**
 * `local` with each variation's imageUrl taken from its screenshot: the remote URL when it carries
 * the screenshot's digest, else a new upload (`upload`; null for a dry run, which only reports).
 */
export async function withScreenshots(
  local: readonly SharedSliceModel[],
  remote: readonly SharedSliceModel[],
  dirs: Map<string, string>,
  upload: UploadScreenshot | null,
  log: (line: string) => void,
): Promise<SharedSliceModel[]> {
  const remoteById = new Map(remote.map((model) => [model.id, model]));
  const out: SharedSliceModel[] = [];
  for (const model of local) {
    const dir = dirs.get(model.id);
    const variations = [];
    for (const variation of model.variations) {
      const file = dir && path.join(dir, `screenshot-${variation.id}.png`);
      if (!file || !fs.existsSync(file)) {
        variations.push(variation);
        continue;
      }
      const png = fs.readFileSync(file);
      const digest = screenshotDigest(png);
      const current = remoteById.get(model.id)?.variations.find((v) => v.id === variation.id)?.imageUrl ?? "";
      if (current.includes(digest)) {
        variations.push({ ...variation, imageUrl: current });
        continue;
      }
      const filename = `${model.id}-${variation.id}-${digest}.png`;
      if (!upload) {
        log(`would upload screenshot ${path.basename(dir!)}/screenshot-${variation.id}.png`);
        variations.push({ ...variation, imageUrl: `(screenshot ${filename})` });
        continue;
      }
      const url = await upload(png, filename);
      log(`uploaded screenshot ${path.basename(dir!)}/screenshot-${variation.id}.png`);
      variations.push({ ...variation, imageUrl: url });
    }
    out.push({ ...model, variations });
  }
  return out;
}

/** An uploader to Prismic's Asset API (`POST <endpoint>/assets`, multipart, the write token). */
export function assetApiUploader(options: { endpoint: string; repository: string; token: string }): UploadScreenshot {
  return async (png, filename) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], filename, { type: "image/png" }));
    const res = await fetch(new URL("assets", options.endpoint), {
      method: "POST",
      headers: { repository: options.repository, authorization: `Bearer ${options.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok)
      throw Object.assign(new Error(`the Asset API answered ${res.status} to ${filename}`), {
        response: text.slice(0, 500),
      });
    const { url } = JSON.parse(text) as { url?: unknown };
    if (typeof url !== "string" || !/^https:\/\//.test(url))
      throw new Error(`the Asset API gave no https URL for ${filename}`);
    return url;
  };
}
