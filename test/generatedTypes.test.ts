/**
 * Types generated, not written: shared/prismicio-types.d.ts and the slice library's registry
 * (views/slices/index.ts) are exactly what the models generate (`npm run prismic:types`), and
 * a changed model is caught until they are regenerated.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { generatedFiles, staleGeneratedFiles } from "../packages/slicemachine-adapter/src/lib/generatedFiles.ts";
import { copyModelFiles, type ProjectCopy } from "./support/projectCopy";
import { ROOT } from "./support/testApp";

const CLI = path.join(ROOT, "packages/slicemachine-adapter/src/cli/generate.ts");

const runCli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: 20_000 });

let models: ProjectCopy;
let copy: string;
beforeEach(() => {
  models = copyModelFiles("generated-types-");
  copy = models.root;
});
afterEach(() => models.remove());

test("the committed types file and slice registry are what the models generate (else run `npm run prismic:types`)", () => {
  expect(generatedFiles(ROOT).map((file) => file.path)).toEqual([
    "shared/prismicio-types.d.ts",
    "views/slices/index.ts",
  ]);
  expect(staleGeneratedFiles(ROOT)).toEqual([]);
});

test("the types cover every custom type and every shared slice, narrowed as the generator narrows them", () => {
  const types = fs.readFileSync(path.join(ROOT, "shared/prismicio-types.d.ts"), "utf8");
  for (const id of fs.readdirSync(path.join(ROOT, "customtypes"))) expect(types).toContain(`, "${id}", Lang>;`);
  const registry = fs.readFileSync(path.join(ROOT, "views/slices/index.ts"), "utf8");
  for (const name of fs.readdirSync(path.join(ROOT, "views/slices"))) {
    const model = path.join(ROOT, "views/slices", name, "model.json");
    if (!fs.existsSync(model)) continue;
    const { id } = JSON.parse(fs.readFileSync(model, "utf8")) as { id: string };
    expect(types).toContain(`export type ${name}Slice = prismic.SharedSlice<"${id}", ${name}SliceVariation>;`);
    expect(registry).toContain(`import ${name} from "./${name}";`);
    expect(registry).toContain(`  "${id}": ${name},`);
  }
  expect(types).toContain("image: prismic.ImageField<never>;");
  expect(types).toContain(
    'icon: prismic.SelectField<"ruler" | "dovetail" | "leaf" | "clock" | "pound" | "truck", "filled">;',
  );
});

test("no view folder keeps a hand-written types.ts", () => {
  const left = fs
    .readdirSync(path.join(ROOT, "views/slices"))
    .filter((name) => fs.existsSync(path.join(ROOT, "views/slices", name, "types.ts")));
  expect(left).toEqual([]);
});

test("a changed model leaves the types stale until the generator runs; --check fails and names the file", () => {
  expect(staleGeneratedFiles(copy)).toEqual([]);
  const modelFile = path.join(copy, "views/slices/Faq/model.json");
  const model = JSON.parse(fs.readFileSync(modelFile, "utf8"));
  model.variations[0].primary.footnote = { type: "Text", config: { label: "Footnote" } };
  fs.writeFileSync(modelFile, JSON.stringify(model, null, 2));
  expect(staleGeneratedFiles(copy)).toEqual(["shared/prismicio-types.d.ts"]);

  const check = runCli(copy, "--check");
  expect(check.status).toBe(1);
  expect(check.stderr).toContain("shared/prismicio-types.d.ts");

  const write = runCli(copy);
  expect(write.status).toBe(0);
  expect(write.stdout).toContain("wrote     shared/prismicio-types.d.ts");
  expect(write.stdout).toContain("unchanged views/slices/index.ts");
  expect(fs.readFileSync(path.join(copy, "shared/prismicio-types.d.ts"), "utf8")).toContain(
    "footnote: prismic.KeyTextField;",
  );
  expect(runCli(copy, "--check").status).toBe(0);
});

test("a removed slice folder leaves both the types and the registry stale", () => {
  fs.rmSync(path.join(copy, "views/slices/Steps"), { recursive: true });
  // The slice zones still offer it, which the generator does not mind; the registry must drop it.
  expect(staleGeneratedFiles(copy).sort()).toEqual(["shared/prismicio-types.d.ts", "views/slices/index.ts"]);
  execFileSync(process.execPath, [CLI], { cwd: copy, timeout: 20_000 });
  expect(fs.readFileSync(path.join(copy, "views/slices/index.ts"), "utf8")).not.toContain("Steps");
  expect(staleGeneratedFiles(copy)).toEqual([]);
});
