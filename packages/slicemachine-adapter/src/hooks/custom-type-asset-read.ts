/** `custom-type:asset:read`: a file beside a custom type's model. */
import type { CustomTypeAssetReadHook } from "@slicemachine/plugin-kit";
import { readCustomTypeFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const customTypeAssetRead: CustomTypeAssetReadHook<PluginOptions> = async (data, context) => ({
  data: await readCustomTypeFile({ customTypeID: data.customTypeID, filename: data.assetID, helpers: context.helpers }),
});
