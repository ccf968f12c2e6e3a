/** `slice:asset:read`: a file beside the slice's model (`mocks.json`, `screenshot-<variation>.png`). */
import type { SliceAssetReadHook } from "@slicemachine/plugin-kit";
import { readSliceFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const sliceAssetRead: SliceAssetReadHook<PluginOptions> = async (data, context) => ({
  data: await readSliceFile({
    libraryID: data.libraryID,
    sliceID: data.sliceID,
    filename: data.assetID,
    actions: context.actions,
    helpers: context.helpers,
  }),
});
