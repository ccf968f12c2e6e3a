/**
 * The embedded repository's media references: a `/media/` URL in a document must name a file in
 * the media folder (content/media/), inside it.
 */
import fs from "node:fs";
import path from "node:path";
import { isObject, type Json } from "./jsonValues.ts";
import type { ContentEntry } from "./modelTypes.ts";

/** Every `url` (or `thumbnail_url`) in data that starts with /media/ must name a file in mediaDir. */
export function checkMedia({ file, document: d }: ContentEntry, mediaDir: string, errors: string[]) {
  const root = path.resolve(mediaDir);
  const visit = (v: Json, where: string) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) visit(x, `${where}[${i}]`);
      return;
    }
    if (!isObject(v)) return;
    for (const [key, value] of Object.entries(v)) {
      if ((key === "url" || key === "thumbnail_url") && typeof value === "string" && value.startsWith("/media/")) {
        const name = decodeURIComponent(value.slice("/media/".length).split(/[?#]/)[0]);
        const target = path.resolve(root, name);
        if (!name || !target.startsWith(root + path.sep))
          errors.push(`${file} ${where}.${key}: ${value} does not name a file inside the media folder`);
        else if (!fs.existsSync(target) || !fs.statSync(target).isFile())
          errors.push(`${file} ${where}.${key}: ${value} names no file in ${path.basename(root)}/`);
      } else visit(value, `${where}.${key}`);
    }
  };
  if (isObject(d)) visit(d.data, "data");
}
