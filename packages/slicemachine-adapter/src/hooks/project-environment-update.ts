/** `project:environment:update`: writes the chosen Prismic environment as PRISMIC_ENVIRONMENT to `.env.local` (git-ignored). */
import type { ProjectEnvironmentUpdateHook } from "@slicemachine/plugin-kit";
import { writeProjectEnvironment } from "@slicemachine/plugin-kit/fs";
import { DEFAULT_ENVIRONMENT_VARIABLE_FILE_PATH, PRISMIC_ENVIRONMENT_VARIABLE_NAME } from "../constants.ts";
import type { PluginOptions } from "../types.ts";

export const projectEnvironmentUpdate: ProjectEnvironmentUpdateHook<PluginOptions> = async (data, context) => {
  await writeProjectEnvironment({
    variableName: PRISMIC_ENVIRONMENT_VARIABLE_NAME,
    environment: data.environment,
    filename: context.options.environmentVariableFilePath ?? DEFAULT_ENVIRONMENT_VARIABLE_FILE_PATH,
    helpers: context.helpers,
  });
};
