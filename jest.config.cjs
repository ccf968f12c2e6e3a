/** Jest runs TypeScript through SWC (ts-jest cannot load TypeScript 7). */
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
];

module.exports = {
  testEnvironment: "node",
  // The site's tests, and the Prismic stand-in's own beside it (packages/prismic-stand-in/test).
  roots: ["<rootDir>/test", "<rootDir>/packages/prismic-stand-in/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: { "^.+\\.(t|j|mj)sx?$": swc },
  // ESM-only packages (react-router) load through Node 24 require(esm), which Jest 30 supports.
  transformIgnorePatterns: ["/node_modules/"],
  globalSetup: "<rootDir>/test/support/globalSetup.ts",
  globalTeardown: "<rootDir>/test/support/globalTeardown.ts",
  testTimeout: 30000,
  // Two files at a time, also on 2 cores (Jest's default there is one): most of a browser or
  // process test's time is spent waiting on another process, so a second file fills it.
  maxWorkers: 2,
  testSequencer: "<rootDir>/test/support/testSequencer.cjs",
  // A worker Jest ends fires its 'exit' event at once, and Node then takes about 0.6 s (idle)
  // to tear the process down, past Jest's default of 500 ms: Jest killed it and printed a
  // leak warning that was not one (docs/development.md, "Running the tests"). A worker that
  // really leaks (a server, a socket, an interval) is still running after 3 s, and is warned about.
  workerGracefulExitTimeout: 3000,
};
