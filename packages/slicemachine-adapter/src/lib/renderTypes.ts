/**
 * The generated TypeScript types of the project's models, as prismic-ts-codegen writes them with
 * the options Prismic's adapters use (the `Content` namespace and the typed `createClient`).
 * One function for the adapter's hooks and for `npm run prismic:types`, so both write the same
 * bytes: the models are sorted by id first, because the order they are read in differs.
 */
import type { CustomTypeModel, SharedSliceModel } from "@prismicio/client";
import { generateTypes } from "prismic-ts-codegen";
import { GENERATED_FILE_BANNER } from "../constants.ts";

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function renderTypes(args: {
  customTypeModels: CustomTypeModel[];
  sharedSliceModels: SharedSliceModel[];
}): string {
  const contents = generateTypes({
    customTypeModels: [...args.customTypeModels].sort(byId),
    sharedSliceModels: [...args.sharedSliceModels].sort(byId),
    clientIntegration: { includeCreateClientInterface: true, includeContentNamespace: true },
    typesProvider: "@prismicio/client",
  });
  return `${GENERATED_FILE_BANNER("customtypes/*/index.json and views/slices/*/model.json")}\n\n${contents.trimEnd()}\n`;
}
