/** `custom-type:asset:update`: writes a file beside a custom type's model. */
import type { CustomTypeAssetUpdateHook } from "@slicemachine/plugin-kit";
import { writeCustomTypeFile } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const customTypeAssetUpdate: CustomTypeAssetUpdateHook<PluginOptions> = async (data, context) => {
  await writeCustomTypeFile({
    customTypeID: data.customTypeID,
    filename: data.asset.id,
    contents: data.asset.data,
    helpers: context.helpers,
  });
};
