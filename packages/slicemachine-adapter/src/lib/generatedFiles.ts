/**
 * What the models generate, read straight from disk (no Slice Machine running): the types file
 * and each slice library's registry. `npm run prismic:types` writes these, and the test that the
 * committed files are current compares them; the adapter's hooks write the same renderings.
 */
import fs from "node:fs";
import path from "node:path";
import type { CustomTypeModel, SharedSliceModel } from "@prismicio/client";
import { DEFAULT_GENERATED_TYPES_FILE_PATH, SLICE_LIBRARY_INDEX_FILENAME } from "../constants.ts";
import { renderSliceLibraryIndex, type LibrarySlice } from "./renderSliceLibraryIndex.ts";
import { renderTypes } from "./renderTypes.ts";

export type GeneratedFile = {
  /** Relative to the project root, with forward slashes. */
  path: string;
  contents: string;
};

type AdapterRegistration = string | { resolve: string; options?: { generatedTypesFilePath?: string } };

type SliceMachineConfig = { libraries?: string[]; adapter: AdapterRegistration };

function readJson<T>(file: string): T {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

function subfolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The slices of one library: every folder holding a `model.json`. */
export function readLibrarySlices(root: string, libraryID: string): LibrarySlice[] {
  const dir = path.join(root, libraryID);
  return subfolders(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "model.json")))
    .map((name) => ({ directory: name, model: readJson<SharedSliceModel>(path.join(dir, name, "model.json")) }));
}

/** Every custom type: `customtypes/<id>/index.json`. */
export function readCustomTypeModels(root: string): CustomTypeModel[] {
  const dir = path.join(root, "customtypes");
  return subfolders(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "index.json")))
    .map((name) => readJson<CustomTypeModel>(path.join(dir, name, "index.json")));
}

export function readSliceMachineConfig(root: string): SliceMachineConfig {
  return readJson<SliceMachineConfig>(path.join(root, "slicemachine.config.json"));
}

/** The generated types' path for a project, from the adapter's options in slicemachine.config.json. */
export function generatedTypesPath(config: SliceMachineConfig): string {
  const options = typeof config.adapter === "object" ? config.adapter.options : undefined;
  return path.posix.normalize(options?.generatedTypesFilePath ?? DEFAULT_GENERATED_TYPES_FILE_PATH);
}

export function generatedFiles(root: string): GeneratedFile[] {
  const config = readSliceMachineConfig(root);
  const libraries = config.libraries ?? ["./slices"];
  const slicesByLibrary = libraries.map((libraryID) => ({ libraryID, slices: readLibrarySlices(root, libraryID) }));
  return [
    {
      path: generatedTypesPath(config),
      contents: renderTypes({
        customTypeModels: readCustomTypeModels(root),
        sharedSliceModels: slicesByLibrary.flatMap(({ slices }) => slices.map((slice) => slice.model)),
      }),
    },
    ...slicesByLibrary.map(({ libraryID, slices }) => ({
      path: path.posix.join(path.posix.normalize(libraryID), SLICE_LIBRARY_INDEX_FILENAME),
      contents: renderSliceLibraryIndex(slices),
    })),
  ];
}

/** The generated files whose committed contents differ from what the models generate. */
export function staleGeneratedFiles(root: string): string[] {
  return generatedFiles(root)
    .filter((file) => {
      const target = path.join(root, file.path);
      return !fs.existsSync(target) || fs.readFileSync(target, "utf8") !== file.contents;
    })
    .map((file) => file.path);
}
