/**
 * `npm run slices:screenshots -- --check` as CI runs it, on a copy of the project with the build
 * Jest's global setup made: every committed screenshot matches what its view renders today, except
 * one we recolour in the copy, which the check names, alone, with a non-zero exit. A view change
 * committed without its new pictures fails here the same way.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readSliceLibrary } from "../../scripts/slices/sliceLibrary";
import { copyProject, type ProjectCopy } from "../support/projectCopy";
import { runScript } from "../support/runScript";
import { ROOT } from "../support/testApp";

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject("slice-screenshots-");
  fs.symlinkSync(path.join(ROOT, "dist"), path.join(copy.root, "dist"), "dir");
});
afterAll(() => copy?.remove());

test("the check passes every committed screenshot but one whose colours no longer match its view, and names it", async () => {
  const tampered = "views/slices/CtaBand/screenshot-pink.png";
  const file = path.join(copy.root, tampered);
  // The band a shade deeper, as if the view's pink had changed after the picture was taken.
  fs.writeFileSync(
    file,
    await sharp(fs.readFileSync(file)).modulate({ brightness: 0.96 }).png({ palette: true }).toBuffer(),
  );

  // One picture per variation of every slice in the library: a new slice needs no edit here.
  const variations = readSliceLibrary(ROOT).reduce((n, slice) => n + slice.model.variations.length, 0);
  const result = await runScript(path.join(ROOT, "scripts/slices/screenshots.ts"), ["--check"], {
    cwd: copy.root,
    timeoutMs: 240_000,
  });
  expect({ status: result.status, stderr: result.stderr }).toEqual({
    status: 1,
    stderr: expect.stringContaining(`1 of ${variations} screenshot(s) no longer match their view`),
  });
  const named = result.stderr.split("\n").filter((line) => line.startsWith("  views/"));
  expect(named).toHaveLength(1);
  expect(named[0]).toMatch(new RegExp(`^  ${tampered}: \\d+ of \\d+ pixels differ`));
  // Nothing is written in check mode.
  expect(
    fs
      .readFileSync(path.join(copy.root, "views/slices/CtaBand/screenshot-navy.png"))
      .equals(fs.readFileSync(path.join(ROOT, "views/slices/CtaBand/screenshot-navy.png"))),
  ).toBe(true);
}, 300_000);
