/**
 * `npm run check:constants`: is the constants table of docs/behaviour.md (section 8) true? For
 * each row, each of its values is changed in turn in a scratch copy of the project (the mutation
 * run's idea, docs/decisions/013-mutation-testing.md, on the documented constants only), and the
 * tests the row's "held by" column names are run there: each change must make a named test fail,
 * and each named test must fail for one of its row's changes, or the table points at tests that
 * do not hold the behaviour. The working tree is never touched.
 *
 *   npm run check:constants                     the named tests that need no browser (about 20 min on 2 cores)
 *   npm run check:constants -- --browsers       the browser tests too (much longer)
 *   npm run check:constants -- --only "PageView after a page mounts" [--only …]
 *   npm run check:constants -- --list           the rows, their changes and their tests, nothing run
 *
 * Prints one line per change and a summary; exits 1 when a row is wrong (a change no named test
 * notices, a named test no change of its row fails, a change that no longer applies, or a row with
 * no change here). Without --browsers, a change only browser tests could notice is listed apart.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { copyProjectFiles } from "../lib/projectCopy.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DOC = "docs/behaviour.md";

/**
 * One entry per row of the table (its "what" cell): the changes that alter its value, as exact
 * text in the file. A row's value changes; the tests named for it must notice each change.
 */
export const CHANGES = {
  "in-page hash link offset": [["client/hashLinks.ts", "HASH_LINK_OFFSET_PX = 80;", "HASH_LINK_OFFSET_PX = 96;"]],
  "sticky header height (the page's `scroll-padding-top`)": [
    ["views/styles/base.css", "--header-height: 80px;", "--header-height: 96px;"],
    ["views/styles/chrome.css", "--header-height: 64px;", "--header-height: 80px;"],
  ],
  "scroll hold after landing a target": [["client/scrollHold.ts", "HOLD_MS = 3000;", "HOLD_MS = 1000;"]],
  "Klaviyo's fallback when the visitor has not answered": [
    ["client/klaviyo.ts", "MARKETING_SCRIPT_FALLBACK_MS = 3000;", "MARKETING_SCRIPT_FALLBACK_MS = 5000;"],
  ],
  "PageView after a page mounts": [["client/tracking.ts", "PAGE_VIEW_DELAY_MS = 300;", "PAGE_VIEW_DELAY_MS = 500;"]],
  "Consent Mode `wait_for_update`": [["server/tags/tagHead.ts", "wait_for_update: 500,", "wait_for_update: 700,"]],
  "consent cookie": [["client/consent/bannerAdapter.ts", "= 180 * 24 * 60 * 60", "= 90 * 24 * 60 * 60"]],
  "region cookie `i18n_redirected`": [
    ["server/requestRules/localeDetection.ts", "= 365 * 24 * 60 * 60", "= 30 * 24 * 60 * 60"],
  ],
  "route preloads at once": [["client/preload.ts", "MAX_CONCURRENT_PRELOADS = 5;", "MAX_CONCURRENT_PRELOADS = 3;"]],
  "data prefetch after the page is idle": [
    ["client/preload.ts", "DATA_PREFETCH_AFTER_MS = 1000;", "DATA_PREFETCH_AFTER_MS = 3000;"],
    ["client/preload.ts", "MAX_DATA_PREFETCHES = 6;", "MAX_DATA_PREFETCHES = 3;"],
    ["client/dataLoader.ts", "PREFETCH_TTL_MS = 30_000;", "PREFETCH_TTL_MS = 5_000;"],
  ],
  "progress bar": [
    ["views/parts/ProgressBar.tsx", "SHOW_AFTER_MS = 100;", "SHOW_AFTER_MS = 400;"],
    ["views/parts/ProgressBar.tsx", 'viewBox="0 0 100 4"', 'viewBox="0 0 100 6"'],
    ["views/parts/ProgressBar.tsx", "Math.min(100, Math.max(0, value))", "Math.min(99, Math.max(0, value))"],
  ],
  "reload guard after a missing chunk": [
    ["client/chunkErrors.ts", "RELOAD_GUARD_TTL_MS = 10_000;", "RELOAD_GUARD_TTL_MS = 30_000;"],
  ],
  "new-build check": [
    [
      "server/config.ts",
      "BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000)",
      "BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000)",
    ],
  ],
  "field speed reports counted per client": [
    ["server/observability/vitalsRoute.ts", "VITALS_CLIENT_VIEWS = 5;", "VITALS_CLIENT_VIEWS = 3;"],
  ],
  breakpoints: [["views/styles/chrome.css", "@media (max-width: 79.999em)", "@media (max-width: 59.999em)"]],
  "the consent notice's own breakpoints": [
    ["views/styles/consent.css", "@media (max-width: 40em)", "@media (max-width: 20em)"],
    ["views/styles/consent.css", "@media (max-height: 30em)", "@media (max-height: 20em)"],
  ],
  colours: [
    ["views/styles/base.css", "--navy: #14213d;", "--navy: #1d2b4f;"],
    ["views/styles/base.css", "--pink: #f6dcdc;", "--pink: #f0d0d0;"],
    ["views/styles/base.css", "--pink-deep: #e8b4b8;", "--pink-deep: #e0a0a8;"],
  ],
  "list page size (gallery, blog)": [["server/render/loaders.ts", "LIST_PAGE_SIZE = 12;", "LIST_PAGE_SIZE = 10;"]],
  "Prismic page size": [["server/sitemap/sitemapFiles.ts", "PAGE_SIZE = 100;", "PAGE_SIZE = 50;"]],
  "master ref re-read": [["server/content/refTracker.ts", "REF_TTL_MS = 5_000;", "REF_TTL_MS = 10_000;"]],
  "content request timeout": [
    [
      "server/config.ts",
      "CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000)",
      "CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000)",
    ],
  ],
  "Prismic's wait (a long `429`, a `503` with `Retry-After`)": [
    ["server/content/upstreamGate.ts", "MAX_UPSTREAM_WAIT_MS = 60_000;", "MAX_UPSTREAM_WAIT_MS = 120_000;"],
    ["server/content/upstreamGate.ts", "PROBE_INTERVAL_MS = 5_000;", "PROBE_INTERVAL_MS = 10_000;"],
  ],
  "a short `429` waited out": [
    ["server/content/resilientFetch.ts", "maxRetryAfterMs = 2_000,", "maxRetryAfterMs = 4_000,"],
  ],
  "an answer from Prismic": [
    ["server/content/boundedBody.ts", "MAX_ANSWER_BYTES = 8 * 1024 * 1024;", "MAX_ANSWER_BYTES = 16 * 1024 * 1024;"],
  ],
  "preview menus kept": [
    ["server/render/loaders.ts", "{ max: 8, ttl: PREVIEW_CHROME_TTL_MS }", "{ max: 4, ttl: PREVIEW_CHROME_TTL_MS }"],
    ["server/render/loaders.ts", "PREVIEW_CHROME_TTL_MS = 10_000;", "PREVIEW_CHROME_TTL_MS = 20_000;"],
  ],
  "image widths, densities": [
    ["shared/imageWidths.ts", "[640, 828, 1200, 2048, 3840]", "[640, 828, 1200, 2048]"],
    ["shared/imageWidths.ts", "PIXEL_DENSITIES = [1, 2, 3]", "PIXEL_DENSITIES = [1, 2]"],
  ],
  "uid length": [["shared/uid.ts", "MAX_UID_LENGTH = 150;", "MAX_UID_LENGTH = 100;"]],
  "URL length": [["server/http/requestGuards.ts", "MAX_URL_LENGTH = 2048;", "MAX_URL_LENGTH = 4096;"]],
  "sitemap file": [
    ["server/sitemap/sitemapFiles.ts", "MAX_URLS_PER_FILE = 50_000;", "MAX_URLS_PER_FILE = 40_000;"],
    ["server/sitemap/sitemapFiles.ts", "MAX_CHILDREN = 50_000;", "MAX_CHILDREN = 70_000;"],
  ],
  "cached 404": [
    ["server/pageCache/cacheControl.ts", "NOT_FOUND_TTL_MS = 60_000;", "NOT_FOUND_TTL_MS = 30_000;"],
    ["server/pageCache/pageCache.ts", "NOT_FOUND_SHARE = 1 / 16;", "NOT_FOUND_SHARE = 1 / 8;"],
  ],
  "tracking body": [
    ["server/tracking/metaCapiRoute.ts", "MAX_BODY_BYTES = 16 * 1024;", "MAX_BODY_BYTES = 32 * 1024;"],
    ["server/outbox/metaGraphClient.ts", "MAX_EVENTS_PER_REQUEST = 1000;", "MAX_EVENTS_PER_REQUEST = 500;"],
  ],
  "delivery back-off": [
    [
      "server/outbox/backoff.ts",
      "{ initialMs: 1_000, factor: 1.5, maxMs: 60_000 }",
      "{ initialMs: 2_000, factor: 1.5, maxMs: 60_000 }",
    ],
    [
      "server/outbox/backoff.ts",
      "{ initialMs: 1_000, factor: 1.5, maxMs: 60_000 }",
      "{ initialMs: 1_000, factor: 2, maxMs: 60_000 }",
    ],
    [
      "server/outbox/backoff.ts",
      "{ initialMs: 1_000, factor: 1.5, maxMs: 60_000 }",
      "{ initialMs: 1_000, factor: 1.5, maxMs: 30_000 }",
    ],
  ],
  "client error report": [
    [
      "server/observability/browserErrorReports.ts",
      "CLIENT_LOG_MAX_BYTES = 4 * 1024;",
      "CLIENT_LOG_MAX_BYTES = 8 * 1024;",
    ],
  ],
};

/** The constants table of `docs/behaviour.md`: what → the test files its "held by" cell names. */
export function readConstantsTable(root = ROOT) {
  const text = fs.readFileSync(path.join(root, DOC), "utf8");
  const section = text.slice(text.indexOf("## 8. Constants"));
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---"));
  const [header, ...body] = rows.map((line) => line.slice(2, -2).split(" | "));
  const heldBy = header.indexOf("held by");
  if (heldBy < 0) throw new Error(`${DOC} section 8 has no "held by" column`);
  return body.map((cells) => ({
    what: cells[0],
    tests: [...cells[heldBy].matchAll(/`([^`]+\.test\.tsx?)`/g)].map((m) => m[1]),
  }));
}

const copyProject = () => copyProjectFiles(ROOT, "check-constants-");

/** Runs test files in the copy in one plain Jest run: the files that passed. */
function passing(copy, tests) {
  const results = path.join(copy, ".check-constants-results.json");
  fs.rmSync(results, { force: true });
  spawnSync(
    process.execPath,
    [
      "--experimental-vm-modules",
      "--no-warnings=ExperimentalWarning",
      "node_modules/jest/bin/jest.js",
      "--ci",
      "--json",
      `--outputFile=${results}`,
      ...tests,
    ],
    { cwd: copy, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" }, maxBuffer: 256 * 1024 * 1024 },
  );
  // No results at all (the build broke, Jest did not start): nothing passed.
  if (!fs.existsSync(results)) return [];
  const { testResults } = JSON.parse(fs.readFileSync(results, "utf8"));
  return testResults
    .filter((r) => r.status === "passed")
    .map((r) => path.relative(copy, r.name))
    .filter((file) => tests.includes(file));
}

function main() {
  const { values: flags } = parseArgs({
    options: {
      browsers: { type: "boolean", default: false },
      list: { type: "boolean", default: false },
      only: { type: "string", multiple: true },
    },
  });
  const isBrowserTest = (test) => /^test\/(browser|engines)\//.test(test);
  const runnable = (test) => flags.browsers || !isBrowserTest(test);
  const table = readConstantsTable().filter((row) => !flags.only || flags.only.includes(row.what));
  const problems = [];
  const leftToBrowsers = [];
  for (const row of table) if (!CHANGES[row.what]) problems.push(`${row.what}: no change is defined for this row`);
  if (flags.list) {
    for (const row of table)
      console.log(`${row.what}: ${(CHANGES[row.what] ?? []).length} changes; ${row.tests.join(" ")}`);
    return;
  }
  const copy = copyProject();
  const started = Date.now();
  try {
    // The named tests must pass as the project is, or their failing below proves nothing.
    const all = [...new Set(table.flatMap((row) => row.tests.filter(runnable)))];
    const passedAlready = passing(copy, all);
    for (const t of all.filter((t) => !passedAlready.includes(t))) problems.push(`${t} fails on the unchanged project`);
    for (const row of table) {
      const tests = row.tests.filter(runnable);
      const notRun = row.tests.filter((t) => !runnable(t));
      if (row.tests.length === 0) problems.push(`${row.what}: names no test`);
      if (tests.length === 0) {
        console.log(`- ${row.what}: only browser tests (${row.tests.join(", ")}); run with --browsers`);
        leftToBrowsers.push(row.what);
        continue;
      }
      // Each change must make a named test fail; each named test must fail for one of the changes.
      const failedSomewhere = new Set();
      for (const [file, from, to] of CHANGES[row.what] ?? []) {
        const target = path.join(copy, file);
        const original = fs.readFileSync(target, "utf8");
        if (!original.includes(from)) {
          problems.push(`${row.what}: "${from}" is not in ${file} (the table or this script is stale)`);
          continue;
        }
        fs.writeFileSync(target, original.split(from).join(to));
        const t0 = Date.now();
        const passed = passing(copy, tests);
        fs.writeFileSync(target, original);
        const failed = tests.filter((t) => !passed.includes(t));
        for (const t of failed) failedSomewhere.add(t);
        const seconds = ((Date.now() - t0) / 1000).toFixed(0);
        if (failed.length > 0)
          console.log(`✓ ${row.what}: ${file} ${from} → ${to}: caught by ${failed.join(", ")} (${seconds} s)`);
        else if (notRun.length > 0) {
          console.log(`? ${row.what}: ${file} ${from} → ${to}: left to ${notRun.join(", ")} (${seconds} s)`);
          leftToBrowsers.push(`${row.what}: ${from} → ${to}`);
        } else {
          console.log(`✗ ${row.what}: ${file} ${from} → ${to}: NOT caught (${seconds} s)`);
          problems.push(`${row.what}: ${from} → ${to} passes every named test`);
        }
      }
      for (const t of tests.filter((t) => !failedSomewhere.has(t)))
        problems.push(`${row.what}: ${t} passes with every change of this row (it does not hold it)`);
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
  console.log(`\n${table.length} rows checked in ${((Date.now() - started) / 60000).toFixed(1)} min`);
  if (leftToBrowsers.length)
    console.log(
      `Left to the browser tests (--browsers to run them):\n${leftToBrowsers.map((p) => `  ${p}`).join("\n")}`,
    );
  if (problems.length) {
    console.log(`${problems.length} problems:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else console.log("The table is true: every change fails a named test, and every named test holds its row.");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
