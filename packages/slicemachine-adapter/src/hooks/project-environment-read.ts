/** `project:environment:read`: the active Prismic environment, from PRISMIC_ENVIRONMENT in `.env.local` or `.env`. */
import type { ProjectEnvironmentReadHook } from "@slicemachine/plugin-kit";
import { readProjectEnvironment } from "@slicemachine/plugin-kit/fs";
import { ENVIRONMENT_VARIABLE_PATHS, PRISMIC_ENVIRONMENT_VARIABLE_NAME } from "../constants.ts";
import type { PluginOptions } from "../types.ts";

export const projectEnvironmentRead: ProjectEnvironmentReadHook<PluginOptions> = async (_data, context) => {
  const filenames = [...ENVIRONMENT_VARIABLE_PATHS, context.options.environmentVariableFilePath].filter(
    (name): name is string => Boolean(name),
  );
  const { environment } = await readProjectEnvironment({
    variableName: PRISMIC_ENVIRONMENT_VARIABLE_NAME,
    filenames,
    helpers: context.helpers,
  });
  return { environment };
};
