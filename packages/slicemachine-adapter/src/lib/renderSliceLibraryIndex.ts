/**
 * The slice library's registry (`views/slices/index.ts`): slice_type → view, one import per slice
 * folder. Written by the adapter when a slice is created, renamed or deleted, and by
 * `npm run prismic:types`; the site renders slice zones through it (views/parts/SliceZone.tsx).
 */
import type { SharedSliceModel } from "@prismicio/client";
import { GENERATED_FILE_BANNER } from "../constants.ts";
import { pascalCase } from "./pascalCase.ts";

export type LibrarySlice = {
  /** The slice's folder name inside the library (Slice Machine names it after the model's name). */
  directory: string;
  model: SharedSliceModel;
};

export function renderSliceLibraryIndex(slices: LibrarySlice[]): string {
  const sorted = [...slices].sort((a, b) => (a.model.id < b.model.id ? -1 : a.model.id > b.model.id ? 1 : 0));
  const named = sorted.map((slice) => ({ ...slice, component: pascalCase(slice.directory) }));
  return [
    GENERATED_FILE_BANNER("the slice folders of views/slices"),
    "",
    ...named.map(({ component, directory }) => `import ${component} from "./${directory}";`),
    "",
    "/** The slice library: slice_type → view. */",
    "export const components = {",
    ...named.map(({ component, model }) => `  ${JSON.stringify(model.id)}: ${component},`),
    "};",
    "",
  ].join("\n");
}
