/** `slice:asset:update`: writes a file beside the slice's model (mocks, screenshots). */
import type { SliceAssetUpdateHook } from "@slicemachine/plugin-kit";
import { writeSliceFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const sliceAssetUpdate: SliceAssetUpdateHook<PluginOptions> = async (data, context) => {
  await writeSliceFile({
    libraryID: data.libraryID,
    sliceID: data.sliceID,
    filename: data.asset.id,
    contents: data.asset.data,
    actions: context.actions,
    helpers: context.helpers,
  });
};
