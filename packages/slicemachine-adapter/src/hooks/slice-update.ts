/**
 * `slice:update`: the edited model, then the generated types. The view follows the model while
 * it is still the one Slice Machine wrote (a slice created empty in the UI gets its fields
 * rendered as they are added); once the developer has changed it, it is theirs and left alone.
 */
import type { SliceUpdateHook } from "@slicemachine/plugin-kit";
import { readSliceFile, writeSliceFile } from "@slicemachine/plugin-kit/fs";
import { writeSliceModelFile } from "../lib/writeModelFiles.ts";
import { upsertGeneratedTypes } from "../lib/upsertGeneratedTypes.ts";
import type { PluginOptions } from "../types.ts";
import { sliceTemplate } from "./slice-create.templates.ts";

const VIEW = "index.tsx";

export const sliceUpdate: SliceUpdateHook<PluginOptions> = async (data, context) => {
  const { libraryID, model } = data;
  const { actions, helpers } = context;
  const { model: previous } = await actions.readSliceModel({ libraryID, sliceID: model.id });
  const view = await readSliceFile({
    libraryID,
    sliceID: model.id,
    filename: VIEW,
    encoding: "utf8",
    actions,
    helpers,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null; // the developer removed it: nothing to follow
    throw error;
  });
  await writeSliceModelFile({ libraryID, model, format: false, helpers });
  if (view !== null && view === sliceTemplate({ model: previous })) {
    await writeSliceFile({
      libraryID,
      model,
      filename: VIEW,
      contents: sliceTemplate({ model }),
      format: false,
      actions,
      helpers,
    });
  }
  await upsertGeneratedTypes(context);
};
