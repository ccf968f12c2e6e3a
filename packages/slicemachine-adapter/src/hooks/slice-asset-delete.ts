/** `slice:asset:delete`: removes a file beside the slice's model. */
import type { SliceAssetDeleteHook } from "@slicemachine/plugin-kit";
import { deleteSliceFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const sliceAssetDelete: SliceAssetDeleteHook<PluginOptions> = async (data, context) => {
  await deleteSliceFile({
    libraryID: data.libraryID,
    sliceID: data.sliceID,
    filename: data.assetID,
    actions: context.actions,
    helpers: context.helpers,
  });
};
