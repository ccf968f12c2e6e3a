/**
 * Untyped JSON as the content files hold it: narrowing a value to an object, and describing any
 * value in a problem line ("the string \"…\"", "an array of 3").
 */

// biome-ignore lint/suspicious/noExplicitAny: the checkers read JSON of any shape and narrow it field by field as they go
export type Json = any;

export const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
export const show = (v: unknown): string => {
  if (v === null) return "null";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (isObject(v)) return `an object with keys {${Object.keys(v).join(", ")}}`;
  return `${typeof v} ${JSON.stringify(v)}`;
};
