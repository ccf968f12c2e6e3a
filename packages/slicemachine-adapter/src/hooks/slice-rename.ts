/** `slice:rename`: the slice's folder follows its new name; the registry imports it from there; the types are regenerated. */
import type { SliceRenameHook } from "@slicemachine/plugin-kit";
import { renameSlice } from "@slicemachine/plugin-kit/fs";
import { rejectIfNecessary } from "../lib/rejectIfNecessary.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import { upsertSliceLibraryIndexFile } from "../lib/upsertSliceLibraryIndexFile.ts";
import type { PluginOptions } from "../types.ts";

export const sliceRename: SliceRenameHook<PluginOptions> = async (data, context) => {
  await renameSlice({
    libraryID: data.libraryID,
    model: data.model,
    format: false,
    actions: context.actions,
    helpers: context.helpers,
  });
  rejectIfNecessary(
    await Promise.allSettled([
      upsertSliceLibraryIndexFile({ libraryID: data.libraryID, ...context }),
      upsertGeneratedTypes(context),
    ]),
  );
};
