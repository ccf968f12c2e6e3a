/**
 * Where documents were seen to live (server/content/documentAddresses.ts): what the edge purge of
 * a publish reads to tell whether the pages that only link to a document need purging.
 */
import { addressMayHaveChanged, sawDocument, typeOfDocument } from "../server/content/documentAddresses";

const about = { type: "page", lang: "en-gb", uid: "about-us" };

test("a document seen at earlier refs at the same address has not moved; at another uid it has", () => {
  sawDocument("doc-a", about, "r1");
  sawDocument("doc-a", about, "r2");
  expect(addressMayHaveChanged("doc-a", about, "r3")).toBe(false);
  expect(addressMayHaveChanged("doc-a", { ...about, uid: "about" }, "r3")).toBe(true);
  expect(addressMayHaveChanged("doc-a", { ...about, lang: "en-us" }, "r3")).toBe(true);
  expect(typeOfDocument("doc-a")).toBe("page");
});

test("a document gone at the new ref has moved (its links point nowhere now)", () => {
  sawDocument("doc-b", about, "r1");
  expect(addressMayHaveChanged("doc-b", undefined, "r2")).toBe(true);
});

test("a document seen only at the new ref, or never, may have moved: the purge does not guess", () => {
  expect(addressMayHaveChanged("doc-never", about, "r2")).toBe(true);
  sawDocument("doc-c", about, "r2");
  expect(addressMayHaveChanged("doc-c", about, "r2")).toBe(true);
});

test("a document seen at two addresses before the new ref has moved, whichever it is at now", () => {
  sawDocument("doc-d", about, "r1");
  sawDocument("doc-d", { ...about, uid: "about" }, "r2");
  expect(addressMayHaveChanged("doc-d", about, "r3")).toBe(true);
});

test("a link without a type teaches nothing; one without a language teaches the type only", () => {
  sawDocument("doc-e", { uid: "x" }, "r1");
  expect(typeOfDocument("doc-e")).toBeUndefined();
  sawDocument("doc-f", { type: "article" }, "r1");
  expect(typeOfDocument("doc-f")).toBe("article");
  expect(addressMayHaveChanged("doc-f", { type: "article", lang: "en-gb", uid: null }, "r2")).toBe(true);
});
