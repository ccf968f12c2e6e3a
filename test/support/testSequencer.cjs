/**
 * The order Jest starts test files in: the longest first, so no worker is left with a long file
 * at the end while the other idles. Jest knows a file's time from its cache of earlier runs; on a
 * fresh machine it has none and would go by file size, which puts a short file with a big table
 * before the nginx or browser file that takes a minute. Then the times measured on this project's
 * 2-core machine (test/tiers.cjs, `measuredSeconds`) stand in; files not listed go by size, last.
 */
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const { measuredSeconds } = require("../tiers.cjs");

const root = path.resolve(__dirname, "../..");

class LongestFirst extends Sequencer {
  sort(tests) {
    const expected = (test) => this.time(test) ?? (measuredSeconds[path.relative(root, test.path)] ?? 0) * 1000;
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort(
      (a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || expected(b) - expected(a) || size(b) - size(a),
    );
  }
}

module.exports = LongestFirst;
