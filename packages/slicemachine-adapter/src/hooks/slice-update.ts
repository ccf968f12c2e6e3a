/** `slice:update`: the edited model, then the generated types (the view is the developer's: left as it is). */
import type { SliceUpdateHook } from "@slicemachine/plugin-kit";
import { writeSliceModel } from "@slicemachine/plugin-kit/fs";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";

export const sliceUpdate: SliceUpdateHook<PluginOptions> = async (data, context) => {
  await writeSliceModel({ libraryID: data.libraryID, model: data.model, format: false, helpers: context.helpers });
  await upsertGeneratedTypes(context);
};
