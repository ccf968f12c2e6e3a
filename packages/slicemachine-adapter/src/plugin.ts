/**
 * This project's Slice Machine adapter, laid out like Prismic's own (adapter-sveltekit,
 * adapter-next): one hook per file under hooks/, the plugin-kit's file helpers for the files,
 * no framework code in the hooks. Slices live in `views/slices/<Name>/` (model.json, index.tsx,
 * mocks.json, screenshots), custom types in `customtypes/<id>/index.json`; every model change
 * rewrites the generated types and, for slices, the library's registry.
 */
import fs from "node:fs";
import { defineSliceMachinePlugin } from "@slicemachine/plugin-kit";
import { DEFAULT_ENVIRONMENT_VARIABLE_FILE_PATH, DEFAULT_GENERATED_TYPES_FILE_PATH } from "./constants.ts";
import { customTypeAssetDelete } from "./hooks/custom-type-asset-delete.ts";
import { customTypeAssetRead } from "./hooks/custom-type-asset-read.ts";
import { customTypeAssetUpdate } from "./hooks/custom-type-asset-update.ts";
import { customTypeCreate } from "./hooks/custom-type-create.ts";
import { customTypeDelete } from "./hooks/custom-type-delete.ts";
import { customTypeLibraryRead } from "./hooks/custom-type-library-read.ts";
import { customTypeRead } from "./hooks/custom-type-read.ts";
import { customTypeRename } from "./hooks/custom-type-rename.ts";
import { customTypeUpdate } from "./hooks/custom-type-update.ts";
import { projectEnvironmentRead } from "./hooks/project-environment-read.ts";
import { projectEnvironmentUpdate } from "./hooks/project-environment-update.ts";
import { sliceAssetDelete } from "./hooks/slice-asset-delete.ts";
import { sliceAssetRead } from "./hooks/slice-asset-read.ts";
import { sliceAssetUpdate } from "./hooks/slice-asset-update.ts";
import { sliceCreate } from "./hooks/slice-create.ts";
import { sliceDelete } from "./hooks/slice-delete.ts";
import { sliceLibraryRead } from "./hooks/slice-library-read.ts";
import { sliceRead } from "./hooks/slice-read.ts";
import { sliceRename } from "./hooks/slice-rename.ts";
import { sliceUpdate } from "./hooks/slice-update.ts";
import { snippetRead } from "./hooks/snippet-read.ts";
import type { PluginOptions } from "./types.ts";

const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string };

export const plugin = defineSliceMachinePlugin<PluginOptions>({
  meta: { name: pkg.name },
  defaultOptions: {
    generatedTypesFilePath: DEFAULT_GENERATED_TYPES_FILE_PATH,
    environmentVariableFilePath: DEFAULT_ENVIRONMENT_VARIABLE_FILE_PATH,
  },
  setup({ hook }) {
    hook("project:environment:read", projectEnvironmentRead);
    hook("project:environment:update", projectEnvironmentUpdate);

    hook("slice:create", sliceCreate);
    hook("slice:read", sliceRead);
    hook("slice:update", sliceUpdate);
    hook("slice:rename", sliceRename);
    hook("slice:delete", sliceDelete);
    hook("slice:asset:read", sliceAssetRead);
    hook("slice:asset:update", sliceAssetUpdate);
    hook("slice:asset:delete", sliceAssetDelete);
    hook("slice-library:read", sliceLibraryRead);

    hook("custom-type:create", customTypeCreate);
    hook("custom-type:read", customTypeRead);
    hook("custom-type:update", customTypeUpdate);
    hook("custom-type:rename", customTypeRename);
    hook("custom-type:delete", customTypeDelete);
    hook("custom-type:asset:read", customTypeAssetRead);
    hook("custom-type:asset:update", customTypeAssetUpdate);
    hook("custom-type:asset:delete", customTypeAssetDelete);
    hook("custom-type-library:read", customTypeLibraryRead);

    hook("snippet:read", snippetRead);
  },
});
