/**
 * The field reporter's chunk (client/vitals/fieldVitals.ts, decision record 026): loaded once the
 * page is idle or on the wake, never before the first interaction (test/jsBudget.test.ts holds
 * what runs before it), and within its line in budgets.json, as the app's chunks are: web-vitals'
 * attribution build and the kinds of element made it grow from 3.7 to 6.8 KB gzipped.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Metafile } from "esbuild";

const ROOT = path.resolve(__dirname, "..");
const CLIENT = path.join(ROOT, "dist", "client");
const REPORTER = "client/vitals/fieldVitals.ts";

const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, "budgets.json"), "utf8")) as {
  tolerance: number;
  afterInteraction: { files: Record<string, number> };
};
const metafile: Metafile = JSON.parse(fs.readFileSync(path.join(CLIENT, "metafile.json"), "utf8"));

test("the field reporter's chunk, web-vitals' attribution build in it, is within its line in budgets.json", () => {
  const [file, output] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === REPORTER) ?? [];
  expect(file).toBeDefined();
  // The attribution build, not the standard one: the why of decision record 026 needs it.
  expect(Object.keys(output?.inputs ?? {}).some((input) => input.includes("web-vitals.attribution"))).toBe(true);
  const gz = gzipSync(fs.readFileSync(path.join(CLIENT, "assets", path.basename(file as string))), { level: 9 }).length;
  console.log(`${REPORTER}: ${gz} B gz, budget ${budgets.afterInteraction.files[REPORTER]}`);
  expect(gz).toBeLessThanOrEqual(budgets.afterInteraction.files[REPORTER] + budgets.tolerance);
});
