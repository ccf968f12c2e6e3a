/**
 * What `npm run prismic:push` changes in a repository: for custom types and for shared slices,
 * the local models missing remotely (insert), those that differ (update), those equal (left
 * alone) and the remote ones with no local model (deleted only with --prune). Equal means deeply
 * equal as JSON, whatever the order of keys, over the members of Prismic's model format: anything
 * else the API adds to what it returns (bookkeeping of its own) is not a difference.
 */
import { isDeepStrictEqual } from "node:util";

export interface Model {
  id: string;
}

export interface KindPlan<T extends Model> {
  insert: T[];
  update: T[];
  unchanged: string[];
  /** Remote ids with no local model. */
  remoteOnly: string[];
}

/** The top-level members of Prismic's custom type and shared slice models. */
const MODEL_KEYS = [
  "id",
  "label",
  "repeatable",
  "json",
  "status",
  "format",
  "type",
  "name",
  "description",
  "variations",
];

/** The model members of a value in their JSON form (undefined members dropped). */
const asJson = (value: unknown) => {
  const json = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  return Object.fromEntries(MODEL_KEYS.filter((key) => key in json).map((key) => [key, json[key]]));
};

export function planKind<T extends Model>(local: readonly T[], remote: readonly Model[]): KindPlan<T> {
  const remoteById = new Map(remote.map((model) => [model.id, model]));
  const localIds = new Set(local.map((model) => model.id));
  const plan: KindPlan<T> = { insert: [], update: [], unchanged: [], remoteOnly: [] };
  for (const model of [...local].sort((a, b) => a.id.localeCompare(b.id))) {
    const existing = remoteById.get(model.id);
    if (!existing) plan.insert.push(model);
    else if (isDeepStrictEqual(asJson(existing), asJson(model))) plan.unchanged.push(model.id);
    else plan.update.push(model);
  }
  plan.remoteOnly = remote
    .map((model) => model.id)
    .filter((id) => !localIds.has(id))
    .sort();
  return plan;
}
