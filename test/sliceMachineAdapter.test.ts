/**
 * The project's Slice Machine adapter (packages/slicemachine-adapter), driven by Slice Machine's
 * own manager on a temporary copy of the project: it loads with every required hook, reads the
 * slices and custom types, and creating, updating, renaming and deleting slices and custom types
 * leave the folders, the registry and the generated types as `npm run prismic:types` would.
 * The copy type-checking, building and rendering the new slice: test/browser/sliceMachineProject.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { SliceMachineManager } from "@slicemachine/manager";
import { staleGeneratedFiles } from "../packages/slicemachine-adapter/src/lib/generatedFiles.ts";
import { copyProject, type ProjectCopy } from "./support/projectCopy";
import { startManager } from "./support/sliceMachine/manager";
import { LIBRARY_ID, newSliceModel } from "./support/sliceMachine/newSlice";
import { ROOT } from "./support/testApp";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CustomType, SharedSlice } = require("@prismicio/types-internal/lib/customtypes") as {
  CustomType: Codec;
  SharedSlice: Codec;
};
interface Codec {
  decode(value: unknown): { _tag: "Right"; right: unknown } | { _tag: "Left" };
  encode(value: unknown): unknown;
}
/** A model as Slice Machine's editor holds it: decoded and encoded by its own model codecs. */
const throughCodec = (codec: Codec, model: unknown) => {
  const decoded = codec.decode(model);
  if (decoded._tag !== "Right") throw new Error("Slice Machine refuses this model");
  return JSON.parse(JSON.stringify(codec.encode(decoded.right)));
};
const SliceMachineModel = {
  customType: (model: unknown) => throughCodec(CustomType, model),
  slice: (model: unknown) => throughCodec(SharedSlice, model),
};

let copy: ProjectCopy;
let manager: SliceMachineManager;
const file = (...parts: string[]) => path.join(copy.root, ...parts);
const read = (...parts: string[]) => fs.readFileSync(file(...parts), "utf8");
const readJson = (...parts: string[]) => JSON.parse(read(...parts));

const committedSliceIds = fs
  .readdirSync(path.join(ROOT, "views/slices"))
  .filter((name) => fs.existsSync(path.join(ROOT, "views/slices", name, "model.json")))
  .map((name) => JSON.parse(fs.readFileSync(path.join(ROOT, "views/slices", name, "model.json"), "utf8")).id as string)
  .sort();
const committedCustomTypeIds = fs.readdirSync(path.join(ROOT, "customtypes")).sort();

beforeAll(async () => {
  copy = copyProject("slicemachine-adapter-");
  manager = await startManager(copy.root);
}, 60_000);
afterAll(() => copy?.remove());

test("the adapter loads through slicemachine.config.json with every hook Slice Machine requires, and names its package", async () => {
  const config = await manager.project.getSliceMachineConfig();
  expect(config.libraries).toEqual([LIBRARY_ID]);
  expect(config.localSliceSimulatorURL).toMatch(/^http:\/\/localhost:\d+\/slice-simulator$/);
  expect(await manager.project.getAdapterName()).toBe("./packages/slicemachine-adapter");
  expect(await manager.versions.getRunningAdapterVersion()).toBe("0.1.0");
});

test("it reads every slice and every custom type with no error", async () => {
  const slices = await manager.slices.readAllSlices();
  expect(slices.errors).toEqual([]);
  expect(slices.models.map(({ model }) => model.id).sort()).toEqual(committedSliceIds);
  expect(committedSliceIds.length).toBeGreaterThanOrEqual(13);
  const customTypes = await manager.customTypes.readAllCustomTypes();
  expect(customTypes.errors).toEqual([]);
  expect(customTypes.models.map(({ model }) => model.id).sort()).toEqual(committedCustomTypeIds);
  expect(committedCustomTypeIds).toHaveLength(7);
  const hero = await manager.slices.readSlice({ libraryID: LIBRARY_ID, sliceID: "hero" });
  expect(hero.model).toEqual(JSON.parse(fs.readFileSync(path.join(ROOT, "views/slices/Hero/model.json"), "utf8")));
});

test("saving every slice and custom type in Slice Machine, unchanged, leaves each file byte for byte as committed", async () => {
  // As the editor saves: the model goes through Slice Machine's own model format (which keeps
  // only what Prismic's models hold), then to the adapter's update hook.
  const changed: string[] = [];
  for (const id of committedCustomTypeIds) {
    const relative = `customtypes/${id}/index.json`;
    const before = read(relative);
    const model = SliceMachineModel.customType(JSON.parse(before));
    expect((await manager.customTypes.updateCustomType({ model } as never)).errors).toEqual([]);
    if (read(relative) !== before) changed.push(relative);
  }
  const sliceFolders = fs
    .readdirSync(file("views/slices"))
    .filter((dir) => fs.existsSync(file("views/slices", dir, "model.json")));
  for (const dir of sliceFolders) {
    const relative = `views/slices/${dir}/model.json`;
    const before = read(relative);
    const model = SliceMachineModel.slice(JSON.parse(before));
    expect((await manager.slices.updateSlice({ libraryID: LIBRARY_ID, model } as never)).errors).toEqual([]);
    if (read(relative) !== before) changed.push(relative);
  }
  expect(changed).toEqual([]);
  expect(sliceFolders).toHaveLength(committedSliceIds.length);
  expect(staleGeneratedFiles(copy.root)).toEqual([]);
}, 120_000); // 22 saves, each regenerating the types

describe("a slice's life", () => {
  const model = newSliceModel();

  test("creating it writes the model, a view over the site's parts, mocks, the registry entry and its types", async () => {
    expect((await manager.slices.createSlice({ libraryID: LIBRARY_ID, model })).errors).toEqual([]);
    expect(readJson("views/slices/OpeningHours/model.json")).toEqual(model);
    const view = read("views/slices/OpeningHours/index.tsx");
    expect(view).toContain('import type { OpeningHoursSlice } from "../../../shared/prismicio-types";');
    for (const part of ["RichText", "ResponsiveImage", "ResolvedLink", "EmbedFacade"])
      expect(view).toContain(`import { ${part} } from "../../parts/${part}";`);
    for (const expression of [
      "slice.primary.heading",
      "slice.primary.intro",
      "slice.primary.photo",
      "slice.primary.booking_link",
      "slice.primary.open_sundays",
      "slice.primary.parking_spaces",
      "slice.primary.region",
      "slice.primary.tour",
      "slice.primary.days",
      "item.day",
      "item.hours",
      "item.note",
    ])
      expect(view).toContain(expression);
    // Slice Machine's own mocks (its editor's content format), one per variation.
    const mocks = readJson("views/slices/OpeningHours/mocks.json") as Array<{ __TYPE__: string; variation: string }>;
    expect(mocks.map((mock) => [mock.__TYPE__, mock.variation])).toEqual([
      ["SharedSliceContent", "default"],
      ["SharedSliceContent", "compact"],
    ]);
    expect(read("views/slices/index.ts")).toContain('import OpeningHours from "./OpeningHours";');
    expect(read("views/slices/index.ts")).toContain('  "opening_hours": OpeningHours,');
    expect(read("shared/prismicio-types.d.ts")).toContain(
      'export type OpeningHoursSlice = prismic.SharedSlice<"opening_hours", OpeningHoursSliceVariation>;',
    );
    // What the adapter wrote is exactly what `npm run prismic:types` writes.
    expect(staleGeneratedFiles(copy.root)).toEqual([]);
  });

  test("the adapter's own slice:create writes mocks, one per variation, whoever calls it", async () => {
    const other = { ...newSliceModel(), id: "opening_hours_copy", name: "OpeningHoursCopy" };
    const runner = manager.getSliceMachinePluginRunner()!;
    expect((await runner.callHook("slice:create", { libraryID: LIBRARY_ID, model: other })).errors).toEqual([]);
    const mocks = readJson("views/slices/OpeningHoursCopy/mocks.json") as Array<{
      __TYPE__: string;
      variation: string;
    }>;
    expect(mocks.map((mock) => [mock.__TYPE__, mock.variation])).toEqual([
      ["SharedSliceContent", "default"],
      ["SharedSliceContent", "compact"],
    ]);
    expect((await manager.slices.deleteSlice({ libraryID: LIBRARY_ID, sliceID: other.id })).errors).toEqual([]);
  });

  test("reading it back returns its model", async () => {
    const { model: readBack, errors } = await manager.slices.readSlice({ libraryID: LIBRARY_ID, sliceID: model.id });
    expect(errors).toEqual([]);
    expect(readBack).toEqual(model);
  });

  test("updating it rewrites the model and the types; the view follows the model until the developer edits it", async () => {
    const updated = structuredClone(model);
    (updated.variations[0].primary as Record<string, unknown>).footnote = {
      type: "Text",
      config: { label: "Footnote", placeholder: "" },
    };
    expect((await manager.slices.updateSlice({ libraryID: LIBRARY_ID, model: updated })).errors).toEqual([]);
    expect(readJson("views/slices/OpeningHours/model.json")).toEqual(updated);
    expect(read("shared/prismicio-types.d.ts")).toContain("footnote: prismic.KeyTextField;");
    expect(JSON.stringify(readJson("views/slices/OpeningHours/mocks.json"))).toContain('"footnote"');
    // Still Slice Machine's view: it now renders the new field too.
    expect(read("views/slices/OpeningHours/index.tsx")).toContain("slice.primary.footnote");

    const edited = read("views/slices/OpeningHours/index.tsx").replace("Written by Slice Machine", "Shaped by hand");
    fs.writeFileSync(file("views/slices/OpeningHours/index.tsx"), edited);
    const again = structuredClone(updated);
    (again.variations[0].primary as Record<string, unknown>).signature = {
      type: "Text",
      config: { label: "Signature", placeholder: "" },
    };
    expect((await manager.slices.updateSlice({ libraryID: LIBRARY_ID, model: again })).errors).toEqual([]);
    expect(read("shared/prismicio-types.d.ts")).toContain("signature: prismic.KeyTextField;");
    expect(read("views/slices/OpeningHours/index.tsx")).toBe(edited);
    expect(staleGeneratedFiles(copy.root)).toEqual([]);
  });

  test("screenshots are stored beside the model, read back and deleted", async () => {
    const png = fs.readFileSync(path.join(ROOT, "public/favicon.svg"));
    const args = { libraryID: LIBRARY_ID, sliceID: model.id, variationID: "default" };
    expect((await manager.slices.updateSliceScreenshot({ ...args, data: png })).errors).toEqual([]);
    expect(fs.readFileSync(file("views/slices/OpeningHours/screenshot-default.png"))).toEqual(png);
    expect((await manager.slices.readSliceScreenshot(args)).data).toEqual(png);
    expect((await manager.slices.deleteSliceScreenshot(args)).errors).toEqual([]);
    expect(fs.existsSync(file("views/slices/OpeningHours/screenshot-default.png"))).toBe(false);
  });

  test("renaming it moves its folder and keeps the registry right", async () => {
    const renamed = { ...readJson("views/slices/OpeningHours/model.json"), name: "ShowroomHours" };
    expect((await manager.slices.renameSlice({ libraryID: LIBRARY_ID, model: renamed })).errors).toEqual([]);
    expect(fs.existsSync(file("views/slices/OpeningHours"))).toBe(false);
    expect(readJson("views/slices/ShowroomHours/model.json")).toEqual(renamed);
    expect(fs.existsSync(file("views/slices/ShowroomHours/index.tsx"))).toBe(true);
    expect(fs.existsSync(file("views/slices/ShowroomHours/mocks.json"))).toBe(true);
    const registry = read("views/slices/index.ts");
    expect(registry).toContain('import ShowroomHours from "./ShowroomHours";');
    expect(registry).toContain('  "opening_hours": ShowroomHours,');
    expect(registry).not.toContain("OpeningHours");
    expect(staleGeneratedFiles(copy.root)).toEqual([]);
  });

  test("deleting it removes its folder, its registry entry, its types and its place in the slice zones", async () => {
    const page = readJson("customtypes/page/index.json");
    page.json.Main.slices.config.choices.opening_hours = { type: "SharedSlice" };
    expect((await manager.customTypes.updateCustomType({ model: page })).errors).toEqual([]);
    expect(read("shared/prismicio-types.d.ts")).toMatch(/type PageDocumentDataSlicesSlice = [^\n]*OpeningHoursSlice/);

    expect((await manager.slices.deleteSlice({ libraryID: LIBRARY_ID, sliceID: model.id })).errors).toEqual([]);
    expect(fs.existsSync(file("views/slices/ShowroomHours"))).toBe(false);
    expect(read("views/slices/index.ts")).not.toContain("opening_hours");
    expect(read("shared/prismicio-types.d.ts")).not.toContain("OpeningHours");
    expect(readJson("customtypes/page/index.json").json.Main.slices.config.choices).not.toHaveProperty("opening_hours");
    expect((await manager.slices.readAllSlices()).models.map(({ model: m }) => m.id).sort()).toEqual(committedSliceIds);
    expect(staleGeneratedFiles(copy.root)).toEqual([]);
  });
});

test("custom types are created, read and deleted in customtypes/<id>/, with their types", async () => {
  const model = {
    id: "showroom",
    label: "Showroom",
    repeatable: true,
    status: true,
    format: "custom",
    json: {
      Main: {
        uid: { type: "UID", config: { label: "UID", placeholder: "" } },
        name: { type: "Text", config: { label: "Name", placeholder: "" } },
      },
    },
  };
  expect((await manager.customTypes.createCustomType({ model } as never)).errors).toEqual([]);
  expect(readJson("customtypes/showroom/index.json")).toEqual(model);
  expect((await manager.customTypes.readCustomType({ id: "showroom" })).model).toEqual(model);
  expect(read("shared/prismicio-types.d.ts")).toContain(
    'export type ShowroomDocument<Lang extends string = string> = prismic.PrismicDocumentWithUID<Simplify<ShowroomDocumentData>, "showroom", Lang>;',
  );
  expect(staleGeneratedFiles(copy.root)).toEqual([]);
  expect((await manager.customTypes.deleteCustomType({ id: "showroom" })).errors).toEqual([]);
  expect(fs.existsSync(file("customtypes/showroom"))).toBe(false);
  expect(read("shared/prismicio-types.d.ts")).not.toContain("ShowroomDocument");
});

test("field snippets use the site's parts", async () => {
  const snippet = async (type: string) => {
    const { snippets, errors } = await manager.snippets.readSnippets({
      fieldPath: ["slice", "primary", "field"],
      model: { type, config: {} } as never,
    } as never);
    expect(errors).toEqual([]);
    return JSON.stringify(snippets);
  };
  expect(await snippet("StructuredText")).toContain("<RichText field={slice.primary.field} />");
  expect(await snippet("Image")).toContain("<ResponsiveImage field={slice.primary.field}");
  expect(await snippet("Link")).toContain("<ResolvedLink field={slice.primary.field}>");
});

test("the active environment is read from and written to .env.local", async () => {
  expect((await manager.project.readEnvironment()).environment).toBeUndefined();
  await manager.project.updateEnvironment({ environment: "staging-env" });
  expect(read(".env.local")).toContain("PRISMIC_ENVIRONMENT=staging-env");
  expect((await manager.project.readEnvironment()).environment).toBe("staging-env");
});
