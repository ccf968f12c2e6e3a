/** `slice-library:read`: the ids of the slices in a library (each folder holding a `model.json`). */
import type { SliceLibraryReadHook } from "@slicemachine/plugin-kit";
import { readSliceLibrary } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";

export const sliceLibraryRead: SliceLibraryReadHook<PluginOptions> = async (data, context) =>
  readSliceLibrary({ libraryID: data.libraryID, helpers: context.helpers });
