/**
 * The quick tier (`npm run test:quick`): the in-process tests, for the edit-test loop. Same
 * transform and set-up as jest.config.cjs; leaves out the files test/tiers.cjs lists, and refuses
 * child processes and browsers in the rest (test/support/quickTierGuard.ts).
 */
const base = require("./jest.config.cjs");
const { fullTierOnly } = require("./test/tiers.cjs");

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

module.exports = {
  ...base,
  testPathIgnorePatterns: ["/node_modules/", ...fullTierOnly.map((file) => `<rootDir>/${escapeRegExp(file)}`)],
  setupFiles: ["<rootDir>/test/support/quickTierGuard.ts"],
};
