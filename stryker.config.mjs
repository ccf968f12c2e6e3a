// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): Stryker changes the code of the modules that make
 * the site's decisions, one small change at a time, and runs their tests (jest.stryker.config.cjs)
 * against each change; a change no test notices is a test we are missing. Equivalent mutants
 * (changes that cannot alter behaviour) are marked where they are, with
 * `// Stryker disable next-line <mutator>: <why>`.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const exactRun = process.env.STRYKER_COVERAGE === "all";

export default {
  testRunner: "jest",
  jest: { configFile: "jest.stryker.config.cjs", enableFindRelatedTests: true },
  // Jest runs as `npm test` does: Node 24 (the npm script's `node`) with VM modules.
  testRunnerNodeArgs: ["--experimental-vm-modules", "--no-warnings=ExperimentalWarning"],
  // Each mutant runs only the tests that reached it in the first, unchanged run.
  // STRYKER_COVERAGE=all: every related test file in full instead (slower), to cross-check a
  // survivor (docs/decisions/013-mutation-testing.md, "an open question").
  coverageAnalysis: exactRun ? "all" : "perTest",
  // Stryker rewrites a tsconfig's "extends" and "references" for its sandbox through TypeScript's
  // JavaScript API, which TypeScript 7 no longer has. Ours has neither: point it at no file.
  tsconfigFile: "stryker-rewrites-no-tsconfig.json",
  mutate: [
    "shared/**/*.ts",
    "!shared/**/*.d.ts",
    // Routing and redirects at the edge, locale detection, and the rules both request paths take.
    "server/requestRules/*.ts",
    "server/http/requestGuards.ts",
    // Head tags.
    "server/render/headTags.ts",
    "server/render/pageHeads.ts",
    // Cache keys and cache policy of pages.
    "server/pageCache/pageCache.ts",
    "server/pageCache/cacheControl.ts",
    // The tracking relay's validation.
    "server/tracking/trackingPayload.ts",
    "server/tracking/metaCustomData.ts",
    "server/tracking/sameOrigin.ts",
    // The outbox stores and the delivery back-off.
    "server/outbox/store.ts",
    "server/outbox/sqliteStore.ts",
    "server/outbox/firestoreStore.ts",
    "server/outbox/firestoreDocument.ts",
    "server/outbox/firestoreTransitions.ts",
    "server/outbox/firestorePurge.ts",
    "server/outbox/backoff.ts",
    // Media parameters.
    "packages/prismic-stand-in/src/media/imageParams.ts",
  ],
  // The machine is shared and each run is a Jest process: two at a time.
  concurrency: 2,
  // A mutant that hangs is killed (as a timeout) after its tests' normal time plus this.
  timeoutMS: 10_000,
  // Mutants in code that runs once at import (tables, constants) would each need every test
  // file: they are left out of the score rather than making a run several times longer.
  ignoreStatic: !exactRun,
  // What the sandbox copy leaves out (node_modules is linked, not copied).
  ignorePatterns: [".cache", ".data", "dist.*", "dist-dev", "coverage", "reports", "shots"],
  // `npm run test:mutation -- --incremental`: only mutants in changed code (and those whose tests changed) run again.
  incrementalFile: "reports/mutation/incremental.json",
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
};
