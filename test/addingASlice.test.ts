/**
 * docs/prismic.md's "Adding a slice, end to end", taken in a scratch copy of the project: Slice
 * Machine's steps through its own manager and our adapter, the style, the demo content in both
 * regions and the mocks generator (scripts/slices/addingASlice.ts). Then what the page's checks
 * hold without a browser: the generated files current, the models and content valid, the slice
 * used in both regions, the page types changed by the new choice only, the mocks current, and every
 * file that changed under the page's `git add` line. The whole walk (screenshot, page bytes, the
 * named tests and the quick tier) is `npm run slices:walkthrough`.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { staleGeneratedFiles } from "../packages/slicemachine-adapter/src/lib/generatedFiles.ts";
import { sliceMocks } from "../packages/slicemachine-adapter/src/lib/sliceMocks.ts";
import { loadContentEntries, loadModels, validateContent } from "../packages/prismic-stand-in/src/index";
import { sliceUsage } from "../packages/prismic-stand-in/src/testing";
import {
  addFields,
  createSlice,
  offerOnPageTypes,
  ROUTABLE_TYPES,
  startSliceMachine,
  styleSlice,
  useInDemoContent,
} from "../scripts/slices/addingASlice.ts";
import { readSliceLibrary } from "../scripts/slices/sliceLibrary.ts";
import { copyProject, type ProjectCopy } from "./support/projectCopy";
import { ROOT } from "./support/testApp";

let copy: ProjectCopy;
const hashes = (root: string) => {
  const files = new Map<string, string>();
  for (const dir of ["content", "customtypes", "shared", "views", "test/support"]) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      files.set(
        file,
        createHash("sha1")
          .update(fs.readFileSync(path.join(root, file)))
          .digest("hex"),
      );
    }
  }
  return files;
};
let changed: string[] = [];

beforeAll(async () => {
  copy = copyProject("adding-a-slice-");
  const before = hashes(copy.root);
  const manager = await startSliceMachine(copy.root);
  await createSlice(manager);
  await addFields(manager);
  styleSlice(copy.root);
  await offerOnPageTypes(manager);
  useInDemoContent(copy.root);
  execFileSync(process.execPath, ["scripts/slices/mocks.ts"], { cwd: copy.root, stdio: "pipe" });
  const after = hashes(copy.root);
  changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file)).sort();
}, 120_000);
afterAll(() => copy?.remove());

test("the generated types and slice registry are what the models generate", () => {
  expect(staleGeneratedFiles(copy.root)).toEqual([]);
  expect(fs.readFileSync(path.join(copy.root, "views/slices/index.ts"), "utf8")).toContain('"quote_band": QuoteBand,');
});

test("the models load, and every routable page type offers the new slice", () => {
  const { models, errors } = loadModels(copy.root);
  expect(errors).toEqual([]);
  expect(models.sharedSlices.quote_band?.variations.map((v) => Object.keys(v.primary ?? {}))).toEqual([
    ["quote", "author", "portrait"],
  ]);
  for (const type of ROUTABLE_TYPES)
    expect(Object.keys(models.customTypes[type].json.Main.slices.config!.choices).sort()).toEqual(
      Object.keys(models.sharedSlices).sort(),
    );
});

test("the demo content is valid and uses every slice and variation in both regions", () => {
  const { models } = loadModels(copy.root);
  const { entries, errors } = loadContentEntries(path.join(copy.root, "content"), copy.root);
  expect(errors).toEqual([]);
  expect(validateContent(entries, models, { mediaDir: path.join(copy.root, "content/media") }).errors).toEqual([]);
  const all = Object.values(models.sharedSlices).flatMap((m) => m.variations.map((v) => `${m.id}/${v.id}`));
  for (const lang of ["en-gb", "en-us"]) {
    const used = sliceUsage(entries.filter((e) => e.document.lang === lang));
    expect({ lang, unused: all.filter((key) => !used.has(key)) }).toEqual({ lang, unused: [] });
  }
});

test("saving the page types in Slice Machine changed each by the new choice only", () => {
  for (const type of ROUTABLE_TYPES) {
    const relative = `customtypes/${type}/index.json`;
    const saved = JSON.parse(fs.readFileSync(path.join(copy.root, relative), "utf8"));
    delete saved.json.Main.slices.config.choices.quote_band;
    expect({ type, bytes: `${JSON.stringify(saved, null, 2)}\n` }).toEqual({
      type,
      bytes: fs.readFileSync(path.join(ROOT, relative), "utf8"),
    });
  }
});

test("npm run slices:mocks wrote the new slice's mocks from the demo content", () => {
  const slice = readSliceLibrary(copy.root).find((s) => s.model.id === "quote_band")!;
  const mocks = fs.readFileSync(path.join(slice.dir, "mocks.json"), "utf8");
  expect(mocks).toBe(`${JSON.stringify(sliceMocks(slice.model, slice.examples), null, "\t")}\n`);
  expect(mocks).toContain("Every drawer still closes with the same soft click");
});

test("every file that changed is under the page's `git add` line, and the page names each kind", () => {
  const page = fs.readFileSync(path.join(ROOT, "docs/prismic.md"), "utf8");
  const line = /`git add ([^`]+)`/.exec(page.slice(page.indexOf("### Adding a slice, end to end")))![1];
  const paths = line.split(/\s+/);
  expect(changed.filter((file) => !paths.some((p) => file === p || file.startsWith(`${p}/`)))).toEqual([]);
  // This form makes neither the screenshot nor the page-bytes recording (the walkthrough does).
  expect(changed).toEqual([
    "content/en-gb/home/home.json",
    "content/en-us/home/home.json",
    ...ROUTABLE_TYPES.map((type) => `customtypes/${type}/index.json`).sort(),
    "shared/prismicio-types.d.ts",
    "views/slices/QuoteBand/index.tsx",
    "views/slices/QuoteBand/mocks.json",
    "views/slices/QuoteBand/model.json",
    "views/slices/index.ts",
    "views/styles/slices-b.css",
  ]);
  for (const generator of [
    "npm run slices:mocks",
    "npm run slices:screenshots",
    "RECORD_PAGE_BYTES=1 npm test -- test/pageBytes.test.ts",
  ])
    expect(page).toContain(generator);
});
