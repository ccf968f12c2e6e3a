/**
 * Jest as Stryker runs it (`npm run test:mutation`, stryker.config.mjs): the project's Jest
 * setup (SWC, CommonJS, Node 24) limited to the tests of the mutated modules. No browser tests
 * and no global setup: `test:mutation` builds dist/ once before Stryker copies the project into
 * its sandbox, and every mutant run must not rebuild it.
 */
const base = require("./jest.config.cjs");

// Test apps without a page cache unless a test asks for one (test/support/testApp.ts says why).
process.env.MUTATION_TESTING = "1";

/** Each mutated module's own tests (see stryker.config.mjs for the modules). */
const TESTS = [
  "anchors",
  "browserPayload",
  "canonicalUrls",
  "conditionalRequest",
  "delivery",
  "emailMarketing",
  "headTags",
  "imageParams",
  "klaviyoFooterForm",
  "legacyRedirects",
  "linkResolver",
  "localeDetection",
  "media",
  "mediaAbuse",
  "metaCapiRelay",
  "notFound",
  "outboxStore.contract",
  "pageCache",
  "pageCacheKey",
  "pageCacheStore",
  "pageHeads",
  "region",
  "requestGuards",
  "rootRelativeMarkup",
  "routes",
  "securityHeaders",
  "sitemap",
  "speculationRules",
  "structuredData",
  "trackingConfig",
  "trackingEvents",
  "trustedProxy",
  "twoPathsAgree",
];

/**
 * `STRYKER_TESTS=linkResolver,region npx stryker run --mutate shared/linkResolver.ts`: only those
 * test files, for a quick loop on one module (the score then counts only what they catch).
 */
const only = process.env.STRYKER_TESTS?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);

module.exports = {
  ...base,
  testMatch: (only?.length ? only : TESTS).map(
    (name) => `<rootDir>/{test,packages/prismic-stand-in/test}/${name}.test.ts`,
  ),
  // Every source folder, so that Jest's --findRelatedTests (which Stryker uses to pick each
  // mutant's test files) follows imports through the app: media.test.ts reaches imageParams.ts
  // only by way of server/app.ts.
  roots: ["test", "shared", "server", "views", "client", "packages"].map((dir) => `<rootDir>/${dir}`),
  globalSetup: undefined,
  // Credits code run in beforeAll hooks to the tests under them (see the file).
  testEnvironment: require.resolve("./test/support/mutationCoverageEnvironment.cjs"),
};
