/** `custom-type:create`: writes a new custom type to `customtypes/<id>/index.json`, then the generated types. */
import type { CustomTypeCreateHook } from "@slicemachine/plugin-kit";
import { writeCustomTypeModelFile } from "../lib/writeModelFiles.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const customTypeCreate: CustomTypeCreateHook<PluginOptions> = async (data, context) => {
  await writeCustomTypeModelFile({ model: data.model, format: false, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
