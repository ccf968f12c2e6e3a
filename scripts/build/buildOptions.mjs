/**
 * The esbuild options of every build (build.mjs, and `npm run dev` through watchBuild.mjs): the
 * browser bundles and the server bundle, production or development. There is one set of
 * options, and what `dev` changes is visible in it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder (this file is in scripts/build/): esbuild's working directory, which output paths are relative to. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Source folders a development build watches: whatever the bundles import from the project. */
export const SOURCE_FOLDERS = ["client", "server", "shared", "views", "packages/prismic-stand-in"];

/** The Prismic stand-in's entry (packages/prismic-stand-in), built as a file of its own beside the server. */
const STAND_IN_ENTRY = "packages/prismic-stand-in/src/index.ts";
export const STAND_IN_OUTPUT = "prismic-stand-in";

/**
 * The server imports the stand-in dynamically, and only without PRISMIC_REPOSITORY
 * (server/content/prismicStandIn.ts): that import names the stand-in's own file
 * (dist/server/prismic-stand-in.js) instead of bundling it, so a server with a hosted repository
 * never loads the stand-in nor the image library it needs (decision record 025).
 */
const standInApart = {
  name: "prismic-stand-in-apart",
  setup(build) {
    build.onResolve({ filter: /\/packages\/prismic-stand-in\/src\/index(\.ts)?$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: `./${STAND_IN_OUTPUT}.js`, external: true } : undefined,
    );
  },
};

/**
 * Every esbuild option of both builds. `dev`: React's development build, readable output, source
 * maps, and one more browser entry, the development client (client/dev/devClient.ts: reload on
 * rebuild, hydration errors to the terminal), which a production build never contains.
 */
export function buildOptions({ dev, outDir }) {
  const assetsDir = path.join(outDir, "client", "assets");
  const define = { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") };
  /** What every browser bundle shares: targets, output folder and names, minification. */
  const browser = {
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "firefox111", "safari16.4"],
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    minify: !dev,
    // Packages' development builds where they publish one under the `development` condition
    // (react-router: its dev warnings); React follows NODE_ENV (define).
    conditions: dev ? ["development"] : [],
    sourcemap: dev ? "linked" : false,
    metafile: true,
    define,
    jsx: "automatic",
    legalComments: "none",
    logLevel: "warning",
  };
  const client = {
    site: {
      ...browser,
      // The tags' entry (client/tagsEntry.ts) is loaded only by pages with tags, before the entry (server/http/assets.ts).
      entryPoints: { entry: "client/entry.tsx", tags: "client/tagsEntry.ts" },
      splitting: true,
      chunkNames: "chunk-[hash]",
      assetNames: "[name]-[hash]",
      loader: { ".woff2": "file" },
    },
    /**
     * The /slice-simulator module (client/sliceSimulator.tsx): one self-contained file in the same
     * assets folder, built apart so the site's own chunks stay as they are. It uses the site's
     * stylesheet (linked by the server), so CSS imports are dropped here.
     */
    simulator: {
      ...browser,
      entryPoints: { "slice-simulator": "client/sliceSimulator.tsx" },
      loader: { ".css": "empty", ".woff2": "empty" },
    },
  };
  if (dev) client.devClient = { ...browser, entryPoints: { "dev-client": "client/dev/devClient.ts" } };
  const server = {
    absWorkingDir: root,
    entryPoints: {
      server: "server/index.ts",
      [STAND_IN_OUTPUT]: STAND_IN_ENTRY,
      // An operator's one-time command, run in the image (docs/operations.md).
      "expire-outbox-markers": "server/outbox/expireMarkersCommand.ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    outdir: path.join(outDir, "server"),
    packages: "external",
    plugins: [standInApart],
    loader: { ".css": "empty" },
    // Folds \`process.env.NODE_ENV === "development"\` branches away, and with them server/dev/ in
    // production (names and layout stay readable; source maps map the rest).
    minifySyntax: true,
    sourcemap: true,
    metafile: true,
    define,
    jsx: "automatic",
    logLevel: "warning",
  };
  return { assetsDir, client, server };
}
