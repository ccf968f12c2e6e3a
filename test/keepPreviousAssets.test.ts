/**
 * A build keeps the previous build's hashed assets for a day (scripts/build/keepPreviousAssets.mjs,
 * docs/development.md "Builds beside a running server"): the pages a running server sent still
 * load their chunks after a rebuild; older files go, and a new file is never replaced.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { KEEP_PREVIOUS_ASSETS_MS, keepPreviousAssets } from "../scripts/build/keepPreviousAssets.mjs";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "keep-assets-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string, ageMs = 0) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
};

test("the previous build's files the new one lacks are kept beside it; old ones and replaced names are not", async () => {
  const previous = path.join(dir, "old");
  const next = path.join(dir, "new");
  write(path.join(previous, "chunk-OLD1.js"), "old chunk", 60_000);
  write(path.join(previous, "chunk-OLD1.js.br"), "old chunk br", 60_000);
  write(path.join(previous, "media", "font-OLD.woff2"), "old font", 60_000);
  write(path.join(previous, "chunk-ANCIENT.js"), "too old", KEEP_PREVIOUS_ASSETS_MS + 60_000);
  write(path.join(previous, "entry-SAME.js"), "previous bytes", 60_000);
  write(path.join(next, "entry-SAME.js"), "new bytes");
  write(path.join(next, "chunk-NEW.js"), "new chunk");

  expect(await keepPreviousAssets(previous, next)).toBe(3);
  const files = (root: string): string[] =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(next, path.join(entry.parentPath, entry.name)))
      .sort();
  expect(files(next)).toEqual([
    "chunk-NEW.js",
    "chunk-OLD1.js",
    "chunk-OLD1.js.br",
    "entry-SAME.js",
    "media/font-OLD.woff2",
  ]);
  expect(fs.readFileSync(path.join(next, "entry-SAME.js"), "utf8")).toBe("new bytes");
  expect(fs.readFileSync(path.join(next, "chunk-OLD1.js"), "utf8")).toBe("old chunk");
  // The kept file keeps its age, so it goes a day after it was first written, not a day after each build.
  expect(Date.now() - fs.statSync(path.join(next, "chunk-OLD1.js")).mtimeMs).toBeGreaterThanOrEqual(59_000);
});

test("a compressed variant goes with its file: the new build's file of that name is never served through an old variant", async () => {
  const previous = path.join(dir, "old");
  const next = path.join(dir, "new");
  // The previous build wrote a gzip variant; the new one rewrote the file and found gzip no smaller.
  write(path.join(previous, "chunk-TINY.js"), "previous bytes of a tiny chunk", 60_000);
  write(path.join(previous, "chunk-TINY.js.gz"), "gzip of the previous bytes", 60_000);
  write(path.join(next, "chunk-TINY.js"), "new bytes");
  expect(await keepPreviousAssets(previous, next)).toBe(0);
  expect(fs.existsSync(path.join(next, "chunk-TINY.js.gz"))).toBe(false);
});

test("no previous build: nothing to keep", async () => {
  expect(await keepPreviousAssets(path.join(dir, "missing"), path.join(dir, "new"))).toBe(0);
});
