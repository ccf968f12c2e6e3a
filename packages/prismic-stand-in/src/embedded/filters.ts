import type { PrismicDocument } from "@prismicio/client";
import { type FieldPath, isFilled, readPath, scalarOf, textOf } from "./documentFields";
import { type Arg, type Fail, type Literal, QueryParser } from "./queryParser";

/**
 * Evaluates the Prismic query predicates that the client sends in `q`, e.g.
 * `[[at(document.type, "page")]]` or `[[at(my.page.uid, "x")][any(document.tags, ["a"])]]`.
 * Anything it does not understand is a parsing error (a 400 from the search endpoint), never an
 * empty result, so a typo or an unsupported predicate cannot pass for "no content".
 */

/** True when the document matches. */
export interface DocumentFilter {
  (document: PrismicDocument): boolean;
  /** Set for `at(document.type, "x")`, so a search can start from the type index. */
  readonly documentType?: string;
}

/** Parses every `q` parameter; all their predicates must match (Prismic ANDs them). */
export function parseFilters(queries: readonly string[]): DocumentFilter[] {
  return queries
    .flatMap((query) => new QueryParser(query).parseQuery())
    .map((predicate) => compilePredicate(predicate.name, predicate.args, predicate.fail));
}

export function matchesAll(filters: readonly DocumentFilter[], document: PrismicDocument): boolean {
  return filters.every((filter) => filter(document));
}

type ArgKind = "value" | "list" | "number" | "date" | "text";

/** What each supported predicate takes after its field path; anything else is a parsing error. */
const SIGNATURES: Record<string, ArgKind[]> = {
  at: ["value"],
  not: ["value"],
  any: ["list"],
  in: ["list"],
  has: [],
  missing: [],
  fulltext: ["text"],
  "number.gt": ["number"],
  "number.lt": ["number"],
  "number.inRange": ["number", "number"],
  "date.after": ["date"],
  "date.before": ["date"],
  "date.between": ["date", "date"],
};

/** Checks a predicate's arguments once, at parse time, and returns its evaluator. */
function compilePredicate(name: string, args: Arg[], fail: Fail): DocumentFilter {
  const signature = SIGNATURES[name];
  if (!signature) {
    fail(`unsupported predicate '${name}' (the embedded repository does not implement it)`);
  }
  if (args.length !== signature.length + 1) {
    fail(`${name}() expects ${signature.length + 1} arguments, got ${args.length}`);
  }
  const [first, ...rest] = args;
  if (first.kind !== "path") fail(`${name}() expects a field path as its first argument`, first.at);
  const target = first.path;
  const refusal = pathRefusal(name, target);
  if (refusal) fail(refusal, first.at);
  const values = rest.map((arg, index) => checkArg(name, arg, signature[index], fail));

  switch (name) {
    case "at":
    case "not": {
      const expected = values[0] as Literal | Literal[];
      const isTags = target.kind === "meta" && target.field === "tags";
      if (Array.isArray(expected) && !isTags) {
        fail(`${name}() takes an array only for document.tags`, rest[0].at);
      }
      const at = (document: PrismicDocument): boolean =>
        Array.isArray(expected)
          ? expected.every((tag) => someScalar(document, target, (found) => same(found, tag)))
          : someScalar(document, target, (found) => same(found, expected));
      if (name === "not") return (document) => !at(document);
      const byType = target.kind === "meta" && target.field === "type" && typeof expected === "string";
      return byType ? Object.assign(at, { documentType: expected }) : at;
    }
    case "any":
    case "in": {
      const expected = values[0] as Literal[];
      return (document) => someScalar(document, target, (found) => expected.some((e) => same(found, e)));
    }
    case "has":
    case "missing": {
      const wanted = name === "has";
      return (document) => {
        const read = readPath(document, target);
        return read.applies && read.values.some(isFilled) === wanted;
      };
    }
    case "fulltext": {
      // Every word must occur (as Prismic's search), each as a case-insensitive substring.
      const terms = (values[0] as string).toLowerCase().split(/\s+/).filter(Boolean);
      return (document) => {
        const read = readPath(document, target);
        const text = read.values.map(textOf).join("\n").toLowerCase();
        return read.applies && terms.every((term) => text.includes(term));
      };
    }
    default: {
      // number.* and date.*: a range test on the number (or the date as epoch milliseconds).
      const [low, high] = values as number[];
      const toNumber = name.startsWith("date.") ? timeOf : numberOf;
      const test: Record<string, (n: number) => boolean> = {
        "number.gt": (n) => n > low,
        "number.lt": (n) => n < low,
        "number.inRange": (n) => n >= low && n <= high,
        "date.after": (n) => n > low,
        "date.before": (n) => n < low,
        "date.between": (n) => n >= low && n <= high,
      };
      return (document) => someScalar(document, target, (found) => test[name](toNumber(found)));
    }
  }
}

/**
 * Which paths each predicate takes on hosted Prismic (its predicate reference): `document` only
 * for fulltext; of the document's own fields, id/type/tags for at/not/any, id for in, the two
 * publication dates for date.*; custom fields (`my.{type}.{field}`, or one level into a group)
 * everywhere but `in`, which takes only `my.{type}.uid`. Anything else is refused, as Prismic
 * refuses it, instead of being answered leniently.
 */
function pathRefusal(name: string, target: FieldPath): string | null {
  const described =
    target.kind === "document"
      ? "document"
      : target.kind === "meta"
        ? `document.${target.field}`
        : `my.${target.type}.${target.segments.join(".")}`;
  const refused = `${name}() does not apply to '${described}' on Prismic`;
  if (target.kind === "document") return name === "fulltext" ? null : refused;
  if (target.kind === "data") {
    if (target.segments.length > 2) return `${refused} (a field in a slice, or nested deeper than one group)`;
    if (name === "in") return target.segments.length === 1 && target.segments[0] === "uid" ? null : refused;
    return null;
  }
  const field = target.field;
  if (name === "at" || name === "not" || name === "any") return ["id", "type", "tags"].includes(field) ? null : refused;
  if (name === "in") return field === "id" ? null : refused;
  if (name.startsWith("date."))
    return field === "first_publication_date" || field === "last_publication_date" ? null : refused;
  return refused;
}

function checkArg(name: string, arg: Arg, kind: ArgKind, fail: Fail): Literal | Literal[] {
  const problem = `${name}() expects ${kind === "list" ? "an array" : `a ${kind}`} here`;
  if (arg.kind !== "value") return fail(problem, arg.at);
  const { value } = arg;
  switch (kind) {
    case "value":
      return value;
    case "list":
      return Array.isArray(value) ? value : fail(problem, arg.at);
    case "number":
      return typeof value === "number" ? value : fail(problem, arg.at);
    case "text":
      return typeof value === "string" && value.trim() !== "" ? value : fail(`${problem} (non-empty)`, arg.at);
    case "date": {
      // The client sends a Date as epoch milliseconds; a string must parse as a date.
      const time = typeof value === "string" ? Date.parse(value) : numberOf(value);
      return Number.isNaN(time) ? fail(problem, arg.at) : time;
    }
  }
}

/** Whether any comparable value at the path passes the test (false when the path does not apply). */
function someScalar(document: PrismicDocument, path: FieldPath, test: (value: Literal) => boolean): boolean {
  const read = readPath(document, path);
  return (
    read.applies &&
    read.values.some((value) => {
      const found = scalarOf(value);
      return found !== undefined && test(found);
    })
  );
}

function same(found: Literal, expected: Literal): boolean {
  if (found === expected) return true;
  // The client sends a Date as epoch milliseconds; Prismic dates are strings.
  return typeof found === "string" && typeof expected === "number" && timeOf(found) === expected;
}

function numberOf(value: Literal | Literal[]): number {
  return typeof value === "number" ? value : NaN;
}

function timeOf(value: Literal): number {
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
}
