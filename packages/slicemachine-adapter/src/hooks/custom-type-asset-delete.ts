/** `custom-type:asset:delete`: removes a file beside a custom type's model. */
import type { CustomTypeAssetDeleteHook } from "@slicemachine/plugin-kit";
import { deleteCustomTypeFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const customTypeAssetDelete: CustomTypeAssetDeleteHook<PluginOptions> = async (data, context) => {
  await deleteCustomTypeFile({ customTypeID: data.customTypeID, filename: data.assetID, helpers: context.helpers });
};
