/** `custom-type:rename`: writes a renamed custom type (its id, and so its folder, stay) to `customtypes/<id>/index.json`, then the generated types. */
import type { CustomTypeRenameHook } from "@slicemachine/plugin-kit";
import { writeCustomTypeModelFile } from "../lib/writeModelFiles.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const customTypeRename: CustomTypeRenameHook<PluginOptions> = async (data, context) => {
  await writeCustomTypeModelFile({ model: data.model, format: false, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
