/**
 * A content folder whose article `choosing-a-worktop` (gb) is nothing but headings named like
 * the ids the page itself uses (docs/behaviour.md section 2.5: rich-text headings get anchor ids
 * from their text): "Router hydration", "Site config", "Main", "Root", … A heading's id must
 * never take one of them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadDocuments } from "../../packages/prismic-stand-in/src/index";
import { RESERVED_IDS } from "../../shared/anchors";
import { ROOT } from "./testApp";

export const ID_HEADINGS_PATH = "/info/blog/choosing-a-worktop";

/** "router-hydration" → "Router hydration": text whose anchor id is that id. */
export const headingFor = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replaceAll("-", " ");

/** The reserved ids and `pageIds` (ids seen on the site's pages), each as an h2 in the article's body. */
export function writeIdHeadingsContent(pageIds: Iterable<string> = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-id-headings-"));
  const names = [...new Set([...RESERVED_IDS, ...pageIds])];
  for (const doc of loadDocuments(path.join(ROOT, "content"))) {
    if (doc.lang === "en-gb" && doc.type === "article" && doc.uid === "choosing-a-worktop") {
      (doc.data as Record<string, unknown>).body = names.flatMap((id) => [
        { type: "heading2", text: headingFor(id), spans: [] },
        { type: "paragraph", text: `A paragraph under ${headingFor(id)}.`, spans: [] },
      ]);
    }
    const file = path.join(dir, doc.lang, doc.type, `${doc.uid ?? doc.type}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(doc));
  }
  fs.cpSync(path.join(ROOT, "content", "media"), path.join(dir, "media"), { recursive: true });
  return dir;
}
