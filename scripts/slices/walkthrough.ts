/**
 * `npm run slices:walkthrough`: docs/prismic.md's "Adding a slice, end to end", done as a newcomer
 * does it, in a scratch copy of the project (the working tree is never touched). What happens in
 * Slice Machine's UI goes through Slice Machine's own manager and this project's adapter, as the
 * UI sends it (models through Slice Machine's model format); every other step is the documented
 * command or file edit. It adds a Quote band slice, then runs the checks the page names, and
 * prints the files that changed, each step's time and whether the checks passed.
 *
 *   npm run slices:walkthrough                   every step, the screenshot and the quick tier included
 *   npm run slices:walkthrough -- --no-browser   without the screenshot (Chromium) step and its check
 *   npm run slices:walkthrough -- --keep         leaves the copy in place and prints where
 */
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");
const LIBRARY_ID = "./views/slices";
const { values: flags } = parseArgs({
  options: { "no-browser": { type: "boolean", default: false }, keep: { type: "boolean", default: false } },
});

interface Codec {
  decode(value: unknown): { _tag: "Right"; right: unknown } | { _tag: "Left" };
  encode(value: unknown): unknown;
}
const { CustomType, SharedSlice } = require("@prismicio/types-internal/lib/customtypes") as Record<string, Codec>;
/** A model as Slice Machine's editor sends it: through its own model format. */
function asSliceMachineSends<T>(codec: Codec, model: T): T {
  const decoded = codec.decode(model);
  if (decoded._tag !== "Right") throw new Error("Slice Machine refuses this model");
  return JSON.parse(JSON.stringify(codec.encode(decoded.right)));
}

function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "slice-walkthrough-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  return root;
}

/** Every file of the copy but node_modules and build output, with a hash of its bytes. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const skip = new Set(["node_modules", "dist", ".cache", "reports"]);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) walk(relative);
      } else if (entry.isFile())
        files.set(
          relative,
          createHash("sha1")
            .update(fs.readFileSync(path.join(root, relative)))
            .digest("hex"),
        );
    }
  };
  walk("");
  return files;
}

const steps: { step: string; seconds: number; ok: boolean }[] = [];
async function step(name: string, run: () => unknown | Promise<unknown>): Promise<boolean> {
  const t0 = Date.now();
  let ok = true;
  try {
    await run();
  } catch (error) {
    ok = false;
    console.log(`  ${(error as Error).message.split("\n").slice(0, 30).join("\n  ")}`);
  }
  steps.push({ step: name, seconds: (Date.now() - t0) / 1000, ok });
  console.log(`${ok ? "✓" : "✗"} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

const copy = copyProject();
const before = snapshot(copy);
const npm = (...args: string[]) => {
  const run = spawnSync("npm", args, { cwd: copy, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  if (run.status !== 0)
    throw new Error(
      `npm ${args.join(" ")} exited ${run.status}:\n${(run.stdout + run.stderr).trim().split("\n").slice(-40).join("\n")}`,
    );
  return run.stdout;
};
const tests: string[] = [];
const jsonFile = (relative: string) => JSON.parse(fs.readFileSync(path.join(copy, relative), "utf8"));
const writeJson = (relative: string, value: unknown) =>
  fs.writeFileSync(path.join(copy, relative), `${JSON.stringify(value, null, 2)}\n`);

const { createSliceMachineManager } = require("@slicemachine/manager") as typeof import("@slicemachine/manager");
const manager = createSliceMachineManager({ cwd: copy });
await manager.plugins.initPlugins();
const errorsOf = (result: { errors: unknown[] }) => {
  if (result.errors.length) throw new Error(JSON.stringify(result.errors));
};

const variation = {
  id: "default",
  name: "Default",
  docURL: "...",
  version: "initial",
  description: "Default",
  imageUrl: "",
  primary: {} as Record<string, unknown>,
  items: {},
};
const empty = {
  id: "quote_band",
  type: "SharedSlice",
  name: "QuoteBand",
  description: "QuoteBand",
  variations: [variation],
};

await step("1. Slices → Add → Start from scratch, named QuoteBand", async () => {
  errorsOf(
    await manager.slices.createSlice({
      libraryID: LIBRARY_ID,
      model: asSliceMachineSends(SharedSlice, empty),
    } as never),
  );
});
await step("2. Add a field for each input: Rich Text Quote, Text Author, Image Portrait", async () => {
  const fields = {
    quote: {
      type: "StructuredText",
      config: { label: "Quote", placeholder: "", allowTargetBlank: true, multi: "paragraph,strong,em" },
    },
    author: { type: "Text", config: { label: "Author", placeholder: "" } },
    portrait: { type: "Image", config: { label: "Portrait", constraint: {}, thumbnails: [] } },
  };
  let primary = {};
  for (const [key, field] of Object.entries(fields)) {
    // One save per field, as the editor saves as you go.
    primary = { ...primary, [key]: field };
    const model = { ...empty, variations: [{ ...variation, primary }] };
    errorsOf(
      await manager.slices.updateSlice({
        libraryID: LIBRARY_ID,
        model: asSliceMachineSends(SharedSlice, model),
      } as never),
    );
  }
});
await step("4. Shape the view and its styles (views/styles/slices-b.css)", () => {
  const view = path.join(copy, "views/slices/QuoteBand/index.tsx");
  const text = fs.readFileSync(view, "utf8");
  if (!text.includes('className="quote-band__quote"')) throw new Error("the generated view has no quote-band__quote");
  fs.appendFileSync(
    path.join(copy, "views/styles/slices-b.css"),
    "\n/* Quote band: a large quote, its author below */\n.quote-band__quote { font: 400 clamp(1.5rem, 3vw, 2.25rem)/1.3 var(--serif); max-width: 40ch; }\n.quote-band__author { margin-top: 1rem; color: var(--muted); }\n",
  );
});
await step(
  "5. Page types: add the slice to the slice zone of Home, Page, Gallery project, Article, Sample page",
  async () => {
    for (const id of ["home", "page", "gallery_project", "article", "sample_page"]) {
      const { model } = await manager.customTypes.readCustomType({ id });
      const next = structuredClone(model) as unknown as {
        json: { Main: { slices: { config: { choices: Record<string, unknown> } } } };
      };
      next.json.Main.slices.config.choices.quote_band = { type: "SharedSlice" };
      errorsOf(await manager.customTypes.updateCustomType({ model: asSliceMachineSends(CustomType, next) } as never));
    }
  },
);
await step("Demo content: the slice on a page in each region (content/en-gb, content/en-us)", () => {
  for (const [lang, author] of [
    ["en-gb", "Clare Marsh, Bristol"],
    ["en-us", "Dana Reyes, Brooklyn"],
  ] as const) {
    const file = `content/${lang}/home/home.json`;
    const doc = jsonFile(file);
    const testimonial = doc.data.slices.find((s: { slice_type: string }) => s.slice_type === "testimonial");
    doc.data.slices.push({
      slice_type: "quote_band",
      slice_label: null,
      variation: "default",
      version: "initial",
      id: `quote_band$${lang}-walkthrough`,
      primary: {
        quote: [
          { type: "paragraph", text: "Every drawer still closes with the same soft click, two years on.", spans: [] },
        ],
        author,
        portrait: testimonial.primary.image,
      },
      items: [],
    });
    writeJson(file, doc);
  }
});
await step("Generators: npm run slices:mocks", () => npm("run", "slices:mocks"));
await step("Generators: npm run prismic:types -- --check (Slice Machine wrote them already)", () =>
  npm("run", "prismic:types", "--", "--check"),
);
if (!flags["no-browser"])
  await step("Generators: npm run slices:screenshots -- --only quote_band", () =>
    npm("run", "slices:screenshots", "--", "--only", "quote_band"),
  );
await step("Generators: RECORD_PAGE_BYTES=1 npm test -- test/pageBytes.test.ts", () => {
  process.env.RECORD_PAGE_BYTES = "1";
  try {
    npm("test", "--", "test/pageBytes.test.ts");
  } finally {
    delete process.env.RECORD_PAGE_BYTES;
  }
});
await step("6. npm run typecheck", () => npm("run", "typecheck"));
const named = [
  "test/generatedTypes.test.ts",
  "test/contentModels.test.ts",
  "test/slices/SliceMocks.test.tsx",
  "test/sliceMachineAdapter.test.ts",
  "test/pageBytes.test.ts",
  ...(flags["no-browser"] ? [] : ["test/sliceMachineScreenshots.test.ts"]),
];
tests.push(...named);
await step(`6. npm test -- ${named.join(" ")}`, () => npm("test", "--", ...named));
tests.push("npm run test:quick");
await step("6. npm run test:quick", () => npm("run", "test:quick"));

const after = snapshot(copy);
const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f)).sort();
const removed = [...before.keys()].filter((f) => !after.has(f));
console.log(
  `\nFiles changed or added (${changed.length}):\n${changed.map((f) => `  ${before.has(f) ? "M" : "A"} ${f}`).join("\n")}`,
);
if (removed.length) console.log(`Removed: ${removed.join(", ")}`);
const total = steps.reduce((n, s) => n + s.seconds, 0);
const failed = steps.filter((s) => !s.ok);
console.log(
  `\n${steps.length} steps in ${(total / 60).toFixed(1)} min; ${failed.length ? `FAILED: ${failed.map((s) => s.step).join("; ")}` : "all passed"}`,
);
if (flags.keep) console.log(`The copy: ${copy}`);
else fs.rmSync(copy, { recursive: true, force: true });
process.exitCode = failed.length ? 1 : 0;
