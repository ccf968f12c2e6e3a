/**
 * loadDocuments (src/embedded/loadDocuments.ts): a content folder read into documents, the reserved
 * folders skipped, and every file that cannot be a document stopping the load with an error that
 * names it.
 */
import os from "node:os";
import path from "node:path";
import { ContentFileError, loadDocuments } from "../src/embedded/loadDocuments";
import {
  ARTICLE_COUNT,
  type DocumentFile,
  makeDir,
  page,
  removeDirs,
  writeDocument,
  writeSite,
} from "./support/contentFolder";

let siteDir: string;
beforeAll(() => {
  siteDir = makeDir();
  writeSite(siteDir);
});
afterAll(removeDirs);

describe("loadDocuments", () => {
  test("reads nested folders and skips the reserved . and _ folders", () => {
    const ids = loadDocuments(siteDir).map((d) => d.id);
    expect(ids).toHaveLength(ARTICLE_COUNT + 6);
    expect(ids).toContain("article-001");
    expect(ids).not.toContain("draft");
  });

  test("a missing folder is an error naming it", () => {
    const missing = path.join(os.tmpdir(), "no-such-content-folder");
    expect(() => loadDocuments(missing)).toThrow(missing);
  });

  test.each([
    ["invalid JSON", "{ oops", /invalid JSON/],
    ["not an object", "[1, 2]", /not a JSON object/],
    ["a missing id", { type: "page", lang: "en-gb", data: {} }, /missing "id"/],
    ["a missing type", { id: "x", lang: "en-gb", data: {} }, /missing "type"/],
    ["a missing lang", { id: "x", type: "page", data: {} }, /missing "lang"/],
    ["an invalid type", { id: "x", type: 3, lang: "en-gb", data: {} }, /invalid "type"/],
  ])("%s stops the load with a ContentFileError naming the file", (_name, content, problem) => {
    const dir = makeDir();
    const file = writeDocument(dir, "sub/bad-document.json", content as DocumentFile | string);
    let error: unknown;
    try {
      loadDocuments(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as ContentFileError).file).toBe(file);
    expect((error as Error).message).toContain("bad-document.json");
    expect((error as Error).message).toMatch(problem);
  });

  test("a duplicate id names both files", () => {
    const dir = makeDir();
    writeDocument(dir, "a/first.json", page("same", "one", "en-gb"));
    writeDocument(dir, "b/second.json", page("same", "two", "en-gb"));
    expect(() => loadDocuments(dir)).toThrow(/second\.json: duplicate id "same" \(also in .*first\.json\)/);
  });

  test("a duplicate uid of the same type and language names both files", () => {
    const dir = makeDir();
    writeDocument(dir, "first.json", page("one", "about", "en-gb"));
    writeDocument(dir, "second.json", page("two", "about", "en-gb"));
    writeDocument(dir, "third.json", page("three", "about", "en-us"));
    expect(() => loadDocuments(dir)).toThrow(/second\.json: duplicate uid "about".*first\.json/);
  });
});
