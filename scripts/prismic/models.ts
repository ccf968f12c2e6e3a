/**
 * The project's content models as Prismic stores them: custom types in
 * `customtypes/<id>/index.json`, shared slices in `views/slices/<Name>/model.json`. Loading checks
 * each model's shape and that every slice zone names a shared slice that exists; problems are
 * collected as readable lines, never thrown. The content tests (test/support/contentModel.ts)
 * and `npm run prismic:push` share this, so nothing is pushed that the tests would refuse.
 */
import fs from "node:fs";
import path from "node:path";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export interface FieldModel {
  type: string;
  config?: Record<string, Json>;
  [key: string]: Json;
}
export type FieldSet = Record<string, FieldModel>;

export interface CustomTypeModel {
  id: string;
  label?: string;
  repeatable: boolean;
  format?: string;
  status?: boolean;
  json: Record<string, FieldSet>;
}

export interface SliceVariationModel {
  id: string;
  name?: string;
  primary?: FieldSet;
  items?: FieldSet;
}

export interface SharedSliceModel {
  id: string;
  type: "SharedSlice";
  name?: string;
  variations: SliceVariationModel[];
}

export interface ContentModels {
  customTypes: Record<string, CustomTypeModel>;
  sharedSlices: Record<string, SharedSliceModel>;
}
const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

function readJson(file: string, rel: string, errors: string[]): Json | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    errors.push(`${rel}: does not parse as JSON (${(error as Error).message})`);
    return undefined;
  }
}

function walkFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walkFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Custom types from `<root>/customtypes/<id>/index.json`, shared slices from `<root>/views/slices/<Name>/model.json`. */
export function loadModels(root: string): { models: ContentModels; errors: string[] } {
  const errors: string[] = [];
  const models: ContentModels = { customTypes: {}, sharedSlices: {} };
  const rel = (f: string) => path.relative(root, f);

  for (const file of walkFiles(path.join(root, "views", "slices")).filter((f) => path.basename(f) === "model.json")) {
    const m = readJson(file, rel(file), errors);
    if (!m) continue;
    if (m.type !== "SharedSlice" || typeof m.id !== "string" || !Array.isArray(m.variations)) {
      errors.push(`${rel(file)}: not a SharedSlice model with an id and variations`);
      continue;
    }
    if (models.sharedSlices[m.id]) errors.push(`${rel(file)}: a second shared slice with id "${m.id}"`);
    const ids = m.variations.map((v: SliceVariationModel) => v.id);
    const dupes = ids.filter((id: string, i: number) => ids.indexOf(id) !== i);
    if (dupes.length) errors.push(`${rel(file)}: variation ids repeat (${dupes.join(", ")})`);
    models.sharedSlices[m.id] = m;
  }

  for (const file of walkFiles(path.join(root, "customtypes")).filter((f) => path.basename(f) === "index.json")) {
    const m = readJson(file, rel(file), errors);
    if (!m) continue;
    if (typeof m.id !== "string" || !isObject(m.json) || typeof m.repeatable !== "boolean") {
      errors.push(`${rel(file)}: not a custom type model (needs id, repeatable and json)`);
      continue;
    }
    if (path.basename(path.dirname(file)) !== m.id) errors.push(`${rel(file)}: folder name does not match id "${m.id}"`);
    const seen = new Set<string>();
    for (const [tab, fields] of Object.entries(m.json as Record<string, FieldSet>)) {
      for (const [key, field] of Object.entries(fields)) {
        if (seen.has(key)) errors.push(`${rel(file)}: field "${key}" appears in two tabs (again in "${tab}")`);
        seen.add(key);
        if (field.type === "Slices") {
          for (const [choice, def] of Object.entries((field.config?.choices ?? {}) as Record<string, Json>)) {
            if (def?.type === "SharedSlice" && !models.sharedSlices[choice])
              errors.push(`${rel(file)}: slice zone "${key}" offers "${choice}", which has no shared slice model`);
          }
        }
      }
    }
    models.customTypes[m.id] = m;
  }
  return { models, errors };
}