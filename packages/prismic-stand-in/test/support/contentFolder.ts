/**
 * Content folders for the embedded repository's tests: temporary folders of document files, and a
 * small site in one (embeddedRepository.test.ts, loadDocuments.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type DocumentFile = Record<string, unknown>;

export const ARTICLE_COUNT = 130;
const tempDirs: string[] = [];

/** Removes every folder makeDir made in this test file (call from afterAll). */
export function removeDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function makeDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-repo-"));
  tempDirs.push(dir);
  return dir;
}

export function writeDocument(dir: string, file: string, document: DocumentFile | string): string {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, typeof document === "string" ? document : JSON.stringify(document, null, 2));
  return full;
}

export function richText(text: string) {
  return [{ type: "paragraph", text, spans: [] }];
}

export function page(id: string, uid: string, lang: string, extra: DocumentFile = {}): DocumentFile {
  return { id, uid, type: "page", lang, data: { title: richText(`Title of ${uid}`) }, ...extra };
}

/** A small site: pages in two languages, a single, and enough articles to need two pages of 100. */
export function writeSite(dir: string): void {
  const home = (id: string, lang: string) => ({ id, type: "home", lang, data: { title: richText(id) } });
  writeDocument(dir, "home.json", home("home-gb", "en-gb"));
  writeDocument(dir, "us/home.json", home("home-us", "en-us"));
  writeDocument(dir, "pages/about.json", page("about-gb", "about", "en-gb"));
  writeDocument(dir, "us/pages/about.json", page("about-us", "about", "en-us"));
  writeDocument(dir, "pages/kitchens.json", {
    ...page("kitchens-gb", "kitchens", "en-gb", { tags: ["kitchen", "featured"] }),
    data: {
      title: richText("Bespoke Oak kitchens"),
      price: 12000,
      parent: { link_type: "Document", id: "about-gb" },
    },
  });
  writeDocument(dir, "pages/wardrobes.json", {
    ...page("wardrobes-gb", "wardrobes", "en-gb", { tags: ["wardrobe"] }),
    data: { title: richText("Fitted wardrobes"), price: 4000, parent: { link_type: "Any" } },
  });
  for (let i = 1; i <= ARTICLE_COUNT; i++) {
    const n = String(i).padStart(3, "0");
    const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeDocument(dir, `articles/${i % 3}/deep/article-${n}.json`, {
      id: `article-${n}`,
      uid: `article-${n}`,
      type: "article",
      lang: "en-gb",
      // Article 7 has no date, to show that missing values sort last.
      data: { title: richText(`Article ${n}`), date: i === 7 ? null : day, rank: i % 10 },
    });
  }
  // Reserved folders: never read, even when they hold invalid files.
  writeDocument(dir, "_releases/spring/draft.json", page("draft", "draft", "en-gb"));
  writeDocument(dir, ".git/broken.json", "{ not json");
}
