/**
 * The content models of a project: custom types (customtypes/<id>/index.json) and shared slices
 * (views/slices/<Name>/model.json), each checked for the shape the validator relies on.
 *
 * The imports here name their .ts files: scripts/prismic/push.ts loads this module under Node's
 * own type stripping, which resolves no other way.
 */
import path from "node:path";
import { readJson, walkFiles } from "./jsonFiles.ts";
import { isObject, type Json } from "./jsonValues.ts";
import type { ContentModels, FieldSet, SliceVariationModel, CustomTypeModel } from "./modelTypes.ts";

/** The fields of a custom type, its tabs flattened (as the API flattens them into `data`). */
export function fieldsOf(type: CustomTypeModel): FieldSet {
  return Object.assign({}, ...Object.values(type.json ?? {}));
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
    if (path.basename(path.dirname(file)) !== m.id)
      errors.push(`${rel(file)}: folder name does not match id "${m.id}"`);
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
