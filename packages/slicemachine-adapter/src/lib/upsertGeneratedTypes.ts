/**
 * Rewrites the generated types from every model Slice Machine can read: called by each hook that
 * changes a model, as Prismic's adapters call plugin-kit's `upsertGlobalTypeScriptTypes`. Ours
 * renders through `renderTypes`, the function `npm run prismic:types` uses, so both agree.
 */
import type { SliceMachineContext } from "@slicemachine/plugin-kit";
import { writeProjectFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";
import { DEFAULT_GENERATED_TYPES_FILE_PATH } from "../constants.ts";
import { renderTypes } from "./renderTypes.ts";

export async function upsertGeneratedTypes({
  actions,
  helpers,
  options,
}: SliceMachineContext<PluginOptions>): Promise<string> {
  const [customTypes, slices] = await Promise.all([actions.readAllCustomTypeModels(), actions.readAllSliceModels()]);
  return writeProjectFile({
    filename: options.generatedTypesFilePath ?? DEFAULT_GENERATED_TYPES_FILE_PATH,
    contents: renderTypes({
      customTypeModels: customTypes.map((descriptor) => descriptor.model),
      sharedSliceModels: slices.map((descriptor) => descriptor.model),
    }),
    format: false,
    helpers,
  });
}
