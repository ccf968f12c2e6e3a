/** Options of the adapter, set in slicemachine.config.json (`adapter.options`). */
export type PluginOptions = {
  /** Where the generated TypeScript types are written, relative to the project root. */
  generatedTypesFilePath?: string;
  /** The file the active Prismic environment is written to (`project:environment:update`). */
  environmentVariableFilePath?: string;
};
