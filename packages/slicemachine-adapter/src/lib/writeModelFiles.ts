/**
 * The model files as they are committed: `views/slices/<Name>/model.json` and
 * `customtypes/<id>/index.json`, two-space JSON ending in a newline. The plugin-kit's own
 * `writeSliceModel` and `writeCustomTypeModel` drop the final newline, so every save in Slice
 * Machine would show as a change to each file it touches (docs/prismic.md).
 */
import {
  writeCustomTypeFile,
  type WriteSliceModelArgs,
  writeSliceFile,
  type WriteCustomTypeModelArgs,
} from "@slicemachine/plugin-kit/fs";

export const modelFileContents = (model: unknown): string => `${JSON.stringify(model, null, 2)}\n`;

export const writeSliceModelFile = (args: WriteSliceModelArgs): Promise<string> =>
  writeSliceFile({ ...args, filename: "model.json", contents: modelFileContents(args.model) });

export const writeCustomTypeModelFile = (args: WriteCustomTypeModelArgs): Promise<string> =>
  writeCustomTypeFile({
    ...args,
    customTypeID: args.model.id,
    filename: "index.json",
    contents: modelFileContents(args.model),
  });
