/** `slice:delete`: the slice's folder goes (model, view, mocks, screenshots); the registry and the types follow. */
import type { SliceDeleteHook } from "@slicemachine/plugin-kit";
import { deleteSliceDirectory } from "@slicemachine/plugin-kit/fs";
import { rejectIfNecessary } from "../lib/rejectIfNecessary.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import { upsertSliceLibraryIndexFile } from "../lib/upsertSliceLibraryIndexFile.ts";
import type { PluginOptions } from "../types.ts";

export const sliceDelete: SliceDeleteHook<PluginOptions> = async (data, context) => {
  await deleteSliceDirectory({ libraryID: data.libraryID, model: data.model, helpers: context.helpers });
  rejectIfNecessary(
    await Promise.allSettled([
      upsertSliceLibraryIndexFile({ libraryID: data.libraryID, ...context }),
      upsertGeneratedTypes(context),
    ]),
  );
};
