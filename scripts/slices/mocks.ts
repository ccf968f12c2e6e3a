/**
 * `npm run slices:mocks [-- --check]`: writes `mocks.json` beside every slice model, in Slice
 * Machine's own format, from the demo content (packages/slicemachine-adapter/src/lib/sliceMocks.ts).
 * `--check` writes nothing and fails, naming the files, when a committed mocks.json differs.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sliceMocks } from "../../packages/slicemachine-adapter/src/lib/sliceMocks.ts";
import { readSliceLibrary } from "./sliceLibrary.ts";

const { values: flags } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const root = process.cwd();
const stale: string[] = [];
let written = 0;
for (const slice of readSliceLibrary(root)) {
  const file = path.join(slice.dir, "mocks.json");
  // Tabs, as Slice Machine writes the file (@slicemachine/manager's updateSliceMocks).
  const text = `${JSON.stringify(sliceMocks(slice.model, slice.examples), null, "\t")}\n`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  if (current === text) continue;
  if (flags.check) stale.push(path.relative(root, file));
  else {
    fs.writeFileSync(file, text);
    written++;
  }
}
if (flags.check) {
  if (stale.length) {
    console.error(`Out of date (run \`npm run slices:mocks\`):\n${stale.map((f) => `  ${f}`).join("\n")}`);
    process.exit(1);
  }
  console.log("Every slice's mocks.json is up to date.");
} else console.log(`${written} mocks.json file(s) written.`);
