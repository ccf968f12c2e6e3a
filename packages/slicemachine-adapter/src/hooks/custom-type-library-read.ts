/** `custom-type-library:read`: the ids of every custom type in `customtypes/`. */
import type { CustomTypeLibraryReadHook } from "@slicemachine/plugin-kit";
import { readCustomTypeLibrary } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const customTypeLibraryRead: CustomTypeLibraryReadHook<PluginOptions> = async (_data, context) =>
  readCustomTypeLibrary({ helpers: context.helpers });
