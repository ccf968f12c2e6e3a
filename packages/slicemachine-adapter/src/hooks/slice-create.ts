/**
 * `slice:create`: the model (`model.json`), a React view rendering every field through the
 * site's parts (`index.tsx`), its mocks (`mocks.json`, Prismic's generated ones until the slice
 * is used in content: `npm run slices:mocks`), then the library's registry and the generated
 * types. Slice Machine's manager writes its own mocks after the hook, in the same format; a slice
 * created any other way starts with mocks too.
 */
import type { SliceCreateHook } from "@slicemachine/plugin-kit";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import { upsertSliceLibraryIndexFile } from "../lib/upsertSliceLibraryIndexFile.ts";
import { rejectIfNecessary } from "../lib/rejectIfNecessary.ts";
import { writeSliceFile } from "@slicemachine/plugin-kit/fs";
import { writeSliceModelFile } from "../lib/writeModelFiles.ts";
import type { PluginOptions } from "../types.ts";
import { sliceTemplate } from "./slice-create.templates.ts";
import { sliceMocks } from "../lib/sliceMocks.ts";

export const sliceCreate: SliceCreateHook<PluginOptions> = async (data, context) => {
  rejectIfNecessary(
    await Promise.allSettled([
      writeSliceModelFile({ libraryID: data.libraryID, model: data.model, format: false, helpers: context.helpers }),
      writeSliceFile({
        libraryID: data.libraryID,
        model: data.model,
        filename: "index.tsx",
        contents: data.componentContents ?? sliceTemplate({ model: data.model }),
        format: false,
        actions: context.actions,
        helpers: context.helpers,
      }),
      writeSliceFile({
        libraryID: data.libraryID,
        model: data.model,
        filename: "mocks.json",
        contents: `${JSON.stringify(sliceMocks(data.model), null, "\t")}\n`,
        format: false,
        actions: context.actions,
        helpers: context.helpers,
      }),
    ]),
  );
  rejectIfNecessary(
    await Promise.allSettled([
      upsertSliceLibraryIndexFile({ libraryID: data.libraryID, ...context }),
      upsertGeneratedTypes(context),
    ]),
  );
};
