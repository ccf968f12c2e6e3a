/**
 * `npm run slices:screenshots [-- --check] [-- --only <slice_id>]`: a picture of every variation
 * of every slice, rendered by the site's own /slice-simulator in Chromium at the Page Builder's
 * desktop width, from the variation's demo slice (`content/`) or else its mock (`mocks.json`),
 * written as `screenshot-<variation>.png` beside the slice's model.json: where Slice Machine reads
 * it (our adapter's `slice:asset:read`) and `prismic:push` uploads it. Palette PNGs (sharp) keep the
 * files small. The build must be current (the npm script builds first).
 *
 * `--check` writes nothing: it renders every variation again and fails, naming the files, when a
 * committed screenshot is missing, has another size, or differs in more than CHECK_MAX_PIXEL_SHARE
 * of its pixels (a pixel differs when a channel moves by more than CHECK_CHANNEL_TOLERANCE).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { SharedSliceModel } from "@prismicio/client";
import {
  renderMock,
  sliceMocks,
  type ApiSlice,
  type SliceMock,
} from "../../packages/slicemachine-adapter/src/lib/sliceMocks.ts";
import { comparePngs, encodeScreenshot, CHECK_CHANNEL_TOLERANCE, CHECK_MAX_PIXEL_SHARE } from "./screenshotPixels.ts";
import { openScreenshotSession } from "./screenshotSession.ts";
import { readSliceLibrary } from "./sliceLibrary.ts";

const { values: flags } = parseArgs({
  options: { check: { type: "boolean", default: false }, only: { type: "string", multiple: true } },
});
const root = process.cwd();
const started = performance.now();

const library = readSliceLibrary(root).filter((s) => !flags.only || flags.only.includes(s.model.id));
const session = await openScreenshotSession(root);
const failures: string[] = [];
let files = 0;
let bytes = 0;
try {
  for (const slice of library) {
    const mocks = readMocks(slice.dir, slice.model);
    for (const variation of slice.model.variations) {
      const data =
        slice.examples[variation.id] ?? renderMock(slice.model, mocks.find((m) => m.variation === variation.id)!);
      const png = await encodeScreenshot(await session.capture(withStableId(data, variation.id)));
      const file = path.join(slice.dir, `screenshot-${variation.id}.png`);
      const rel = path.relative(root, file);
      files++;
      if (flags.check) {
        const verdict = fs.existsSync(file) ? await comparePngs(fs.readFileSync(file), png) : "missing";
        if (verdict !== "same") failures.push(`${rel}: ${verdict}`);
        bytes += png.length;
      } else {
        fs.writeFileSync(file, png);
        bytes += png.length;
        console.log(`${rel} (${Math.round(png.length / 1024)} KB)`);
      }
    }
  }
} finally {
  await session.close();
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (flags.check) {
  if (failures.length) {
    console.error(
      `${failures.length} of ${files} screenshot(s) no longer match their view (more than ${CHECK_MAX_PIXEL_SHARE * 100} % of pixels off by more than ${CHECK_CHANNEL_TOLERANCE}); run \`npm run slices:screenshots\` and commit them:`,
    );
    for (const failure of failures) console.error(`  ${failure}`);
    process.exit(1);
  }
  console.log(`All ${files} screenshots match their views (${seconds} s).`);
} else console.log(`${files} screenshot(s), ${Math.round(bytes / 1024)} KB in all, in ${seconds} s.`);

/** The slice's mocks.json, or generated ones for a slice that has none yet. */
function readMocks(dir: string, model: SharedSliceModel): SliceMock[] {
  const file = path.join(dir, "mocks.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as SliceMock[]) : sliceMocks(model);
}

/** The same id on every run: nothing random reaches the picture. */
function withStableId(slice: ApiSlice, variation: string): ApiSlice {
  return { ...slice, id: `${slice.slice_type}$${variation}` };
}
