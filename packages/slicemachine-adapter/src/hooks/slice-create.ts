/**
 * `slice:create`: the model (`model.json`), a React view rendering every field through the
 * site's parts (`index.tsx`), then the library's registry and the generated types. Slice Machine
 * writes the mocks itself afterwards (`slice:asset:update` with `mocks.json`).
 */
import type { SliceCreateHook } from "@slicemachine/plugin-kit";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import { upsertSliceLibraryIndexFile } from "../lib/upsertSliceLibraryIndexFile.ts";
import { rejectIfNecessary } from "../lib/rejectIfNecessary.ts";
import { writeSliceFile, writeSliceModel } from "@slicemachine/plugin-kit/fs";
import type { PluginOptions } from "../types.ts";
import { sliceTemplate } from "./slice-create.templates.ts";

export const sliceCreate: SliceCreateHook<PluginOptions> = async (data, context) => {
  rejectIfNecessary(
    await Promise.allSettled([
      writeSliceModel({ libraryID: data.libraryID, model: data.model, format: false, helpers: context.helpers }),
      writeSliceFile({
        libraryID: data.libraryID,
        model: data.model,
        filename: "index.tsx",
        contents: data.componentContents ?? sliceTemplate({ model: data.model }),
        format: false,
        actions: context.actions,
        helpers: context.helpers,
      }),
    ]),
  );
  rejectIfNecessary(
    await Promise.allSettled([upsertSliceLibraryIndexFile({ libraryID: data.libraryID, ...context }), upsertGeneratedTypes(context)]),
  );
};
