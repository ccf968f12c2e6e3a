/**
 * The demo content as the tests read it: straight from the JSON files under content/, so the
 * expectations follow the content rather than copies of it.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./testApp";

export const CONTENT_ROOT = path.join(ROOT, "content");

export type DocumentJson = { id: string; uid: string | null; type: string; lang: string; data: any };

export function readDocuments(lang: string, type: string, contentRoot = CONTENT_ROOT): DocumentJson[] {
  const dir = path.join(contentRoot, lang, type);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as DocumentJson);
}

/** A single (uid omitted) or repeatable document of a language. */
export function readDocument(lang: string, type: string, uid?: string): DocumentJson {
  const docs = readDocuments(lang, type);
  const doc = uid === undefined ? docs[0] : docs.find((d) => d.uid === uid);
  if (!doc) throw new Error(`No ${type} document ${uid ?? ""} in ${lang}`);
  return doc;
}

/** The first paragraph of a rich-text field. */
function firstParagraph(field: unknown): string | undefined {
  if (!Array.isArray(field)) return undefined;
  return (field as Array<{ type?: string; text?: string }>).find((node) => node.type === "paragraph" && node.text)
    ?.text;
}

/**
 * What a reader should find in the page of a document: its heading (the opening hero's
 * heading, or the title) and the first paragraph of its body copy.
 */
export function documentSnippets(doc: DocumentJson): string[] {
  const slices: Array<{ slice_type: string; primary: any }> = doc.data.slices ?? [];
  const hero = slices[0]?.slice_type === "hero" ? slices[0] : undefined;
  const heading: string | undefined =
    hero?.primary.heading ?? (typeof doc.data.title === "string" ? doc.data.title : undefined);
  const paragraph =
    firstParagraph(doc.data.body) ??
    firstParagraph(doc.data.intro) ??
    slices.map((s) => firstParagraph(s.primary?.content)).find(Boolean) ??
    (typeof doc.data.summary === "string" ? doc.data.summary : undefined);
  const snippets = [heading, paragraph].filter((s): s is string => Boolean(s));
  if (snippets.length < 2) throw new Error(`Could not find a heading and a paragraph in ${doc.id}`);
  return snippets;
}

export const SITE_NAME = "Hartley & Reed";

/** The `<title>` a document page should have: its meta title (or title), then the site name. */
export function expectedTitle(doc: DocumentJson): string {
  return `${doc.data.meta_title || doc.data.title} | ${SITE_NAME}`;
}
