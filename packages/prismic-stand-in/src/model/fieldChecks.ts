/**
 * A document's data against its model, field by field: each value in its field type's shape;
 * groups and slice zones (shared slices by variation, legacy slices by non-repeat/repeat) hold
 * fields again and are checked the same way. Images, links and rich text have their own files.
 */
import { checkImage } from "./imageCheck.ts";
import { isObject, show, type Json } from "./jsonValues.ts";
import { checkLink } from "./linkCheck.ts";
import { ISO_TIMESTAMP, type CheckContext, type FieldModel, type FieldSet } from "./modelTypes.ts";
import { checkRichText } from "./richTextCheck.ts";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const isValidDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

export function checkFields(
  where: string,
  value: Json,
  fields: FieldSet,
  ctx: CheckContext,
  opts: { skipUid?: boolean } = {},
) {
  if (!isObject(value)) return ctx.errors.push(`${where}: expected an object of fields, got ${show(value)}`);
  for (const key of Object.keys(value)) {
    if (!fields[key])
      ctx.errors.push(
        `${where}: "${key}" is not a field of the model (fields: ${
          Object.keys(fields)
            .filter((k) => fields[k].type !== "UID")
            .join(", ") || "none"
        })`,
      );
  }
  for (const [key, field] of Object.entries(fields)) {
    if (field.type === "UID") {
      if (opts.skipUid && key in value)
        ctx.errors.push(`${where}.${key}: the UID belongs at the top level of the document, not in data`);
      continue;
    }
    if (!(key in value)) {
      ctx.errors.push(`${where}: the model's ${field.type} field "${key}" is missing`);
      continue;
    }
    checkField(`${where}.${key}`, value[key], field, ctx);
  }
}

function checkField(where: string, v: Json, field: FieldModel, ctx: CheckContext) {
  const bad = (expected: string) => ctx.errors.push(`${where}: expected ${expected}, got ${show(v)}`);
  const config = field.config ?? {};
  switch (field.type) {
    case "Text":
      if (v !== null && typeof v !== "string") bad("a Text value (string or null)");
      return;
    case "Boolean":
      if (typeof v !== "boolean") bad("a Boolean (true or false)");
      return;
    case "Number":
      if (v !== null && (typeof v !== "number" || !Number.isFinite(v))) bad("a Number (finite number or null)");
      return;
    case "Date":
      if (v !== null && (typeof v !== "string" || !isValidDate(v))) bad("a Date (YYYY-MM-DD or null)");
      return;
    case "Timestamp":
      if (v !== null && (typeof v !== "string" || !ISO_TIMESTAMP.test(v))) bad("a Timestamp (ISO 8601 or null)");
      return;
    case "Select": {
      const options: string[] = config.options ?? [];
      if (v !== null && (typeof v !== "string" || !options.includes(v)))
        bad(`a Select value (one of ${options.join(", ")}, or null)`);
      return;
    }
    case "Color":
      if (v !== null && (typeof v !== "string" || !HEX_COLOUR.test(v))) bad("a Color (#rrggbb or null)");
      return;
    case "Image":
      return checkImage(where, v, field, ctx);
    case "Link":
      return checkLink(where, v, field, ctx);
    case "Embed":
      if (!isObject(v)) return bad("an Embed ({} or an oEmbed object)");
      if (Object.keys(v).length === 0) return;
      if (typeof v.embed_url !== "string" || !/^https?:\/\//.test(v.embed_url))
        bad("an Embed with an http(s) embed_url");
      if ("type" in v && typeof v.type !== "string")
        ctx.errors.push(`${where}.type: expected a string, got ${show(v.type)}`);
      if ("html" in v && v.html !== null && typeof v.html !== "string")
        ctx.errors.push(`${where}.html: expected a string or null, got ${show(v.html)}`);
      return;
    case "GeoPoint":
      if (!isObject(v)) return bad("a GeoPoint ({} or {latitude, longitude})");
      if (Object.keys(v).length && (typeof v.latitude !== "number" || typeof v.longitude !== "number"))
        bad("a GeoPoint with numeric latitude and longitude");
      return;
    case "IntegrationFields":
      if (v !== null && !isObject(v)) bad("an IntegrationFields object or null");
      return;
    case "StructuredText":
      return checkRichText(where, v, field, ctx);
    case "Group": {
      if (!Array.isArray(v)) return bad("a Group (a list of items)");
      if (config.repeat === false && v.length > 1)
        ctx.errors.push(`${where}: the group does not repeat, but has ${v.length} items`);
      for (const [i, item] of v.entries()) checkFields(`${where}[${i}]`, item, config.fields ?? {}, ctx);
      return;
    }
    case "Slices":
      return checkSliceZone(where, v, field, ctx);
    case "UID":
      ctx.errors.push(`${where}: a UID field cannot be nested here`);
      return;
    default:
      ctx.errors.push(`${where}: the model uses field type "${field.type}", which this validator does not know`);
  }
}

function checkSliceZone(where: string, v: Json, field: FieldModel, ctx: CheckContext) {
  const err = (w: string, msg: string) => ctx.errors.push(`${w}: ${msg}`);
  if (!Array.isArray(v)) return err(where, `expected a slice zone (a list of slices), got ${show(v)}`);
  const choices: Record<string, Json> = field.config?.choices ?? {};
  const ids = new Set<string>();
  for (const [i, s] of v.entries()) {
    let w = `${where}[${i}]`;
    if (!isObject(s)) {
      err(w, `expected a slice, got ${show(s)}`);
      continue;
    }
    const choice = choices[s.slice_type];
    if (!choice) {
      err(
        w,
        `slice type ${show(s.slice_type)} is not offered by this slice zone (offered: ${Object.keys(choices).join(", ")})`,
      );
      continue;
    }
    if (typeof s.id !== "string" || !s.id) err(w, `a slice needs an id, got ${show(s.id)}`);
    else if (ids.has(s.id)) err(w, `slice id "${s.id}" is used twice in this zone`);
    else ids.add(s.id);
    if (!("slice_label" in s) || (s.slice_label !== null && typeof s.slice_label !== "string"))
      err(w, `slice_label must be a string or null, got ${show(s.slice_label)}`);
    if (!Array.isArray(s.items)) err(w, `items must be a list, got ${show(s.items)}`);

    if (choice.type === "SharedSlice") {
      for (const key of Object.keys(s))
        if (!["slice_type", "slice_label", "id", "variation", "version", "primary", "items"].includes(key))
          err(w, `"${key}" is not a property of a shared slice`);
      const model = ctx.models.sharedSlices[s.slice_type];
      if (!model) {
        err(w, `"${s.slice_type}" has no shared slice model`);
        continue;
      }
      const variation = model.variations.find((x) => x.id === s.variation);
      if (!variation) {
        err(
          w,
          `"${s.slice_type}" has no variation ${show(s.variation)} (variations: ${model.variations.map((x) => x.id).join(", ")})`,
        );
        continue;
      }
      if (typeof s.version !== "string") err(w, `a shared slice needs a version string, got ${show(s.version)}`);
      w = `${w}<${s.slice_type}/${s.variation}>`;
      checkFields(`${w}.primary`, s.primary, variation.primary ?? {}, ctx);
      if (Array.isArray(s.items)) {
        const itemFields = variation.items ?? {};
        if (!Object.keys(itemFields).length && s.items.length)
          err(w, `the variation has no repeatable fields, but the slice has ${s.items.length} items`);
        else for (const [j, item] of s.items.entries()) checkFields(`${w}.items[${j}]`, item, itemFields, ctx);
      }
    } else if (choice.type === "Slice") {
      for (const key of Object.keys(s))
        if (!["slice_type", "slice_label", "id", "primary", "items"].includes(key))
          err(w, `"${key}" is not a property of a slice`);
      w = `${w}<${s.slice_type}>`;
      checkFields(`${w}.primary`, s.primary, choice["non-repeat"] ?? {}, ctx);
      if (Array.isArray(s.items))
        for (const [j, item] of s.items.entries()) checkFields(`${w}.items[${j}]`, item, choice.repeat ?? {}, ctx);
    } else {
      err(w, `the zone's choice "${s.slice_type}" has unknown type ${show(choice.type)}`);
    }
  }
}
