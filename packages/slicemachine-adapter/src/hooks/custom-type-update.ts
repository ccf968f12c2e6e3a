/** `custom-type:update`: writes an edited custom type to `customtypes/<id>/index.json`, then the generated types. */
import type { CustomTypeUpdateHook } from "@slicemachine/plugin-kit";
import { writeCustomTypeModelFile } from "../lib/writeModelFiles.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const customTypeUpdate: CustomTypeUpdateHook<PluginOptions> = async (data, context) => {
  await writeCustomTypeModelFile({ model: data.model, format: false, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
