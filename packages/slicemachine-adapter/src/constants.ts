/** Where generated files are written, and what they say about themselves. */
export const DEFAULT_GENERATED_TYPES_FILE_PATH = "shared/prismicio-types.d.ts";

/** The slice library's registry, beside the slices (`views/slices/index.ts`). */
export const SLICE_LIBRARY_INDEX_FILENAME = "index.ts";

/** Prismic's environment variable for the active environment, as in Prismic's Next.js adapter. */
export const PRISMIC_ENVIRONMENT_VARIABLE_NAME = "PRISMIC_ENVIRONMENT";
export const DEFAULT_ENVIRONMENT_VARIABLE_FILE_PATH = ".env.local";
export const ENVIRONMENT_VARIABLE_PATHS = [".env.local", ".env"];

export const GENERATED_FILE_BANNER = (what: string) =>
  [
    `// Code generated from ${what}`,
    "// by this project's Slice Machine adapter (packages/slicemachine-adapter). DO NOT EDIT:",
    "// `npm run prismic:types` rewrites it, and so does Slice Machine on every model change.",
  ].join("\n");
