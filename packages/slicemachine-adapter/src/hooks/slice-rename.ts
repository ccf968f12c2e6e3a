/** `slice:rename`: the slice's folder follows its new name; the registry imports it from there; the types are regenerated. */
import type { SliceRenameHook } from "@slicemachine/plugin-kit";
import { renameSlice } from "@slicemachine/plugin-kit/fs";
import { writeSliceModelFile } from "../lib/writeModelFiles.ts";
import { rejectIfNecessary } from "../lib/rejectIfNecessary.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import { upsertSliceLibraryIndexFile } from "../lib/upsertSliceLibraryIndexFile.ts";
import type { PluginOptions } from "../types.ts";

export const sliceRename: SliceRenameHook<PluginOptions> = async (data, context) => {
  const args = {
    libraryID: data.libraryID,
    model: data.model,
    format: false,
    actions: context.actions,
    helpers: context.helpers,
  };
  await renameSlice(args);
  // renameSlice writes the model without its final newline: written again as committed.
  await writeSliceModelFile(args);
  rejectIfNecessary(
    await Promise.allSettled([
      upsertSliceLibraryIndexFile({ libraryID: data.libraryID, ...context }),
      upsertGeneratedTypes(context),
    ]),
  );
};
