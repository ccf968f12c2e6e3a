/** `custom-type:delete`: removes `customtypes/<id>/`, then regenerates the types. */
import type { CustomTypeDeleteHook } from "@slicemachine/plugin-kit";
import { deleteCustomTypeDirectory } from "@slicemachine/plugin-kit/fs";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const customTypeDelete: CustomTypeDeleteHook<PluginOptions> = async (data, context) => {
  await deleteCustomTypeDirectory({ customTypeID: data.model.id, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
