/**
 * The steps of docs/prismic.md's "Adding a slice, end to end" that change files, for a Quote band
 * slice, as a newcomer takes them: what happens in Slice Machine's UI goes through Slice Machine's
 * own manager and this project's adapter, each model as the UI sends it (through Slice Machine's
 * model format); the rest is the documented file edit. Used by `npm run slices:walkthrough` and
 * test/addingASlice.test.ts.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { SliceMachineManager } from "@slicemachine/manager";

const require = createRequire(import.meta.url);
export const LIBRARY_ID = "./views/slices";
export const ROUTABLE_TYPES = ["home", "page", "gallery_project", "article", "sample_page"];

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

/** Slice Machine's manager on a project folder, its plugins (our adapter) loaded. */
export async function startSliceMachine(root: string): Promise<SliceMachineManager> {
  const { createSliceMachineManager } = require("@slicemachine/manager") as typeof import("@slicemachine/manager");
  const manager = createSliceMachineManager({ cwd: root });
  await manager.plugins.initPlugins();
  return manager;
}

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

/** Step 1: Slices → Add → Start from scratch, named QuoteBand. */
export async function createSlice(manager: SliceMachineManager): Promise<void> {
  errorsOf(
    await manager.slices.createSlice({
      libraryID: LIBRARY_ID,
      model: asSliceMachineSends(SharedSlice, empty),
    } as never),
  );
}

/** Step 2: Add a field for each input (Rich Text Quote, Text Author, Image Portrait), saved as you go. */
export async function addFields(manager: SliceMachineManager): Promise<void> {
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
    primary = { ...primary, [key]: field };
    const model = { ...empty, variations: [{ ...variation, primary }] };
    errorsOf(
      await manager.slices.updateSlice({
        libraryID: LIBRARY_ID,
        model: asSliceMachineSends(SharedSlice, model),
      } as never),
    );
  }
}

/** Step 4: the view as Slice Machine wrote it, styled in views/styles/slices-b.css. */
export function styleSlice(root: string): void {
  const view = fs.readFileSync(path.join(root, "views/slices/QuoteBand/index.tsx"), "utf8");
  if (!view.includes('className="quote-band__quote"')) throw new Error("the generated view has no quote-band__quote");
  fs.appendFileSync(
    path.join(root, "views/styles/slices-b.css"),
    "\n/* Quote band: a large quote, its author below */\n" +
      ".quote-band__quote { font: 400 clamp(1.5rem, 3vw, 2.25rem)/1.3 var(--serif); max-width: 40ch; }\n" +
      ".quote-band__author { margin-top: 1rem; color: var(--muted); }\n",
  );
}

/** Step 5: Page types → each routable type → add the slice to its slice zone, saved. */
export async function offerOnPageTypes(manager: SliceMachineManager): Promise<void> {
  for (const id of ROUTABLE_TYPES) {
    const { model } = await manager.customTypes.readCustomType({ id });
    // A JSON copy, not structuredClone: in Jest that makes arrays of another realm, which the codec refuses.
    const next = JSON.parse(JSON.stringify(model)) as {
      json: { Main: { slices: { config: { choices: Record<string, unknown> } } } };
    };
    next.json.Main.slices.config.choices.quote_band = { type: "SharedSlice" };
    errorsOf(await manager.customTypes.updateCustomType({ model: asSliceMachineSends(CustomType, next) } as never));
  }
}

/** Step 6: the slice in the demo content of both regions (each home page, after its testimonial's picture). */
export function useInDemoContent(root: string): void {
  for (const [lang, author] of [
    ["en-gb", "Clare Marsh, Bristol"],
    ["en-us", "Dana Reyes, Brooklyn"],
  ] as const) {
    const file = path.join(root, `content/${lang}/home/home.json`);
    const doc = JSON.parse(fs.readFileSync(file, "utf8"));
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
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
}
