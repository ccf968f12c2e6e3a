/** `slice:read`: a slice's model from `<library>/<Name>/model.json`. */
import type { SliceReadHook } from "@slicemachine/plugin-kit";
import { readSliceModel } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const sliceRead: SliceReadHook<PluginOptions> = async (data, context) =>
  readSliceModel({ libraryID: data.libraryID, sliceID: data.sliceID, helpers: context.helpers });
