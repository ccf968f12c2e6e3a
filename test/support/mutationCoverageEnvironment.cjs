/**
 * The Jest environment of mutation runs (jest.stryker.config.cjs): Node's, plus one correction to
 * what Stryker learns in its first run about which test reaches which code.
 *
 * Stryker records the code each test runs between that test's start and end, and later runs a
 * mutant only against the tests that reached it. Code run in a `beforeAll` hook runs before any
 * test starts, so it was credited to no test: a file that renders its pages in `beforeAll` and
 * asserts on them in the tests (test/headTags.test.ts) had its mutants tested against a handful of
 * unrelated tests, and most were reported as surviving though the right test fails on them.
 * Here the code a `beforeAll` hook runs is credited to every test under that hook's describe
 * block, which is what the test depends on.
 */
const { TestEnvironment: NodeEnvironment } = require("jest-environment-node");

/** The name Stryker gives a test (its describe blocks' names and its own, with spaces). */
function describeName(block) {
  return block.parent ? `${describeName(block.parent)} ${block.name}`.trimStart() : "";
}
const testName = (test) => `${describeName(test.parent)} ${test.name}`.trimStart();

class MutationCoverageEnvironment extends NodeEnvironment {
  #testPath;
  /** The describe blocks whose beforeAll hooks ran, by their key in the coverage table. */
  #hookKeys = new Map();

  constructor(config, context) {
    super(config, context);
    this.#testPath = context.testPath;
  }

  /** Stryker's per-run state in the test's global (set by the environment Stryker wraps this in). */
  #stryker() {
    const namespace = this.global.__strykerGlobalNamespace__ ?? "__stryker__";
    return this.global[namespace];
  }

  #keyOf(block) {
    let key = this.#hookKeys.get(block);
    if (!key) {
      key = `beforeAll ${this.#testPath} ${describeName(block)} #${this.#hookKeys.size}`;
      this.#hookKeys.set(block, key);
    }
    return key;
  }

  async handleTestEvent(event, state) {
    await super.handleTestEvent?.(event, state);
    const stryker = this.#stryker();
    const perTest = stryker?.mutantCoverage?.perTest;
    if (!stryker) return;
    if (event.name === "hook_start" && event.hook.type === "beforeAll") {
      stryker.currentTestId = this.#keyOf(event.hook.parent);
    } else if ((event.name === "hook_success" || event.name === "hook_failure") && event.hook.type === "beforeAll") {
      stryker.currentTestId = undefined;
    } else if (event.name === "test_start" && perTest) {
      // Stryker names the test as current right after this; give it what its hooks reached first.
      perTest[testName(event.test)] ??= {};
      const covered = perTest[testName(event.test)];
      for (let block = event.test.parent; block; block = block.parent) {
        const key = this.#hookKeys.get(block);
        for (const [mutant, hits] of Object.entries((key && perTest[key]) ?? {})) {
          covered[mutant] = (covered[mutant] ?? 0) + hits;
        }
      }
    } else if (event.name === "run_finish" && perTest) {
      // The hooks' entries are not tests: Stryker must not look for them.
      for (const key of this.#hookKeys.values()) delete perTest[key];
    }
  }
}

module.exports = MutationCoverageEnvironment;
