/** `custom-type:update`: writes an edited custom type to `customtypes/<id>/index.json`, then the generated types. */
import type { CustomTypeUpdateHook } from "@slicemachine/plugin-kit";
import { writeCustomTypeModel } from "@slicemachine/plugin-kit/fs";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const customTypeUpdate: CustomTypeUpdateHook<PluginOptions> = async (data, context) => {
  await writeCustomTypeModel({ model: data.model, format: false, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
