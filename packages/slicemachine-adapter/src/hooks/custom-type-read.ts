/** `custom-type:read`: a custom type's model from `customtypes/<id>/index.json`. */
import type { CustomTypeReadHook } from "@slicemachine/plugin-kit";
import { readCustomTypeModel } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const customTypeRead: CustomTypeReadHook<PluginOptions> = async (data, context) =>
  readCustomTypeModel({ customTypeID: data.id, helpers: context.helpers });
