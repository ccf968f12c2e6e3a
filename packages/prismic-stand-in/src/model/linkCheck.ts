/**
 * Links by link_type (Any, Web, Media, Document): each kind's own properties, the field's select
 * and customtypes config, and document links resolving to a document of the same language whose
 * type, uid, lang and slug they repeat.
 */
import { isObject, show, type Json } from "./jsonValues.ts";
import type { CheckContext, FieldModel } from "./modelTypes.ts";

const LINK_TYPES = ["Any", "Web", "Document", "Media"];

const LINK_KEYS: Record<string, string[]> = {
  Any: ["link_type", "text"],
  Web: ["link_type", "url", "target", "text"],
  Media: ["link_type", "id", "url", "kind", "name", "size", "height", "width", "text"],
  Document: [
    "link_type",
    "id",
    "type",
    "tags",
    "lang",
    "slug",
    "uid",
    "first_publication_date",
    "last_publication_date",
    "isBroken",
    "url",
    "data",
    "text",
  ],
};

/** A Link field, a hyperlink span's data or an image node's linkTo (`allowAny` false for the last two). */
export function checkLink(where: string, v: Json, field: FieldModel | null, ctx: CheckContext, allowAny = true) {
  const err = (msg: string) => ctx.errors.push(`${where}: ${msg}`);
  if (!isObject(v)) return err(`expected a Link object, got ${show(v)}`);
  if (!LINK_TYPES.includes(v.link_type))
    return err(`link_type must be one of ${LINK_TYPES.join(", ")}, got ${show(v.link_type)}`);
  for (const key of Object.keys(v))
    if (!LINK_KEYS[v.link_type].includes(key)) err(`"${key}" is not a property of a ${v.link_type} link`);
  const select = field?.config?.select ?? null;
  if (select && v.link_type !== "Any" && v.link_type.toLowerCase() !== select)
    err(`the field only accepts ${select} links, got a ${v.link_type} link`);
  switch (v.link_type) {
    case "Any":
      if (!allowAny) err("an empty link (link_type Any) cannot carry a hyperlink");
      return;
    case "Web":
      if (typeof v.url !== "string" || !v.url) err(`a Web link needs a url, got ${show(v.url)}`);
      if ("target" in v && typeof v.target !== "string") err(`target must be a string, got ${show(v.target)}`);
      return;
    case "Media":
      if (typeof v.url !== "string" || !v.url) err(`a Media link needs a url, got ${show(v.url)}`);
      if (!["image", "document", "file"].includes(v.kind))
        err(`a Media link's kind must be image, document or file, got ${show(v.kind)}`);
      if (typeof v.name !== "string") err(`a Media link needs a file name, got ${show(v.name)}`);
      return;
    case "Document": {
      if (typeof v.id !== "string" || !v.id) return err(`a Document link needs an id, got ${show(v.id)}`);
      for (const key of ["type", "lang"])
        if (typeof v[key] !== "string") err(`a Document link needs ${key}, got ${show(v[key])}`);
      if (!Array.isArray(v.tags)) err(`a Document link needs tags (a list), got ${show(v.tags)}`);
      if ("isBroken" in v && typeof v.isBroken !== "boolean")
        err(`isBroken must be a boolean, got ${show(v.isBroken)}`);
      const customtypes: string[] = field?.config?.customtypes ?? [];
      if (customtypes.length && !customtypes.includes(v.type))
        err(`the field only links to ${customtypes.join(", ")}, got a ${v.type}`);
      const target = ctx.byId.get(v.id)?.document;
      if (!target) return err(`links to "${v.id}", which is not a document in the repository`);
      if (v.isBroken === true) err(`is marked broken, but "${v.id}" exists`);
      if (target.lang !== ctx.lang) err(`links to "${v.id}" in ${target.lang}, from a ${ctx.lang} document`);
      if (v.type !== target.type) err(`says type "${v.type}", but "${v.id}" is a ${target.type}`);
      if (v.lang !== target.lang) err(`says lang "${v.lang}", but "${v.id}" is ${target.lang}`);
      if ((v.uid ?? null) !== (target.uid ?? null))
        err(`says uid ${show(v.uid ?? null)}, but "${v.id}" has uid ${show(target.uid)}`);
      if ("slug" in v && Array.isArray(target.slugs) && v.slug !== target.slugs[0])
        err(`says slug ${show(v.slug)}, but "${v.id}" has slug ${show(target.slugs[0])}`);
      return;
    }
  }
}
