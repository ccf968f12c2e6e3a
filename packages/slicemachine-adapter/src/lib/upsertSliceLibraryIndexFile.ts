/**
 * Rewrites a slice library's registry (`<library>/index.ts`) from the slices Slice Machine reads
 * in it, as Prismic's adapters rewrite their `slices/index.js`: after a slice is created,
 * renamed or deleted, the site's slice zones find exactly the slices that exist.
 */
import path from "node:path";
import type { SliceMachineContext } from "@slicemachine/plugin-kit";
import { buildSliceDirectoryPath, buildSliceLibraryDirectoryPath, writeProjectFile } from "@slicemachine/plugin-kit/fs";
import { SLICE_LIBRARY_INDEX_FILENAME } from "../constants.ts";
import type { PluginOptions } from "../types.ts";
import { renderSliceLibraryIndex } from "./renderSliceLibraryIndex.ts";

export async function upsertSliceLibraryIndexFile({
  libraryID,
  ...context
}: { libraryID: string } & SliceMachineContext<PluginOptions>): Promise<string> {
  const slices = await context.actions.readAllSliceModelsForLibrary({ libraryID });
  const library = await Promise.all(
    slices.map(async ({ model }) => ({
      directory: path.basename(await buildSliceDirectoryPath({ libraryID, model, helpers: context.helpers })),
      model,
    })),
  );
  return writeProjectFile({
    filename: path.join(
      buildSliceLibraryDirectoryPath({ libraryID, helpers: context.helpers }),
      SLICE_LIBRARY_INDEX_FILENAME,
    ),
    contents: renderSliceLibraryIndex(library),
    format: false,
    helpers: context.helpers,
  });
}
