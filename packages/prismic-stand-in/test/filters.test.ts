/**
 * The embedded repository's predicates (packages/prismic-stand-in/src/embedded/filters.ts), one row per case of
 * Prismic's documented semantics: its query predicate reference (at, not, any, in, fulltext, has,
 * missing, number.*), its date and time predicate reference, and its "query by a field", "query by
 * tag", "query by content relationship" and "use multiple predicates" pages. Each query is written
 * with @prismicio/client's own `filter` helpers and sent as `buildQueryURL` sends it (`q`), so the
 * rows speak the client's language. Prismic documents more than this engine answers, and those
 * rows are left out: `similar`, `geopoint.near` and the date parts (`date.year`, `date.month`,
 * `date.day-of-month`, `date.day-of-week`, `date.hour` and their -after/-before forms) are refused
 * here as parsing errors, and `in` does not return the documents in the order of its array.
 */
import { buildQueryURL, filter } from "@prismicio/client";
import { matchesAll, parseFilters } from "../src/embedded/filters";
import { QueryParseError } from "../src/embedded/queryParser";
import { CATALOGUE as DOCUMENTS } from "./support/queryCatalogue";

/** The `q` parameters the client sends for these filters. */
function queryParams(...filters: string[]): string[] {
  return new URL(buildQueryURL("https://repo.invalid/api/v2", { ref: "ref", filters })).searchParams.getAll("q");
}

/** The ids of the catalogue's documents that every filter matches, sorted. */
function matching(...filters: string[]): string[] {
  const parsed = parseFilters(queryParams(...filters));
  return DOCUMENTS.filter((document) => matchesAll(parsed, document))
    .map((document) => document.id)
    .sort();
}

describe("at: the path matches the value exactly", () => {
  test.each([
    ["document.type", filter.at("document.type", "product"), ["p-oak", "p-pine", "p-walnut"]],
    ["document.id", filter.at("document.id", "p-walnut"), ["p-walnut"]],
    ["document.tags, one tag inside an array", filter.at("document.tags", ["wood"]), ["p-oak", "p-walnut"]],
    ["document.tags, two tags", filter.at("document.tags", ["Macaron", "Cupcake"]), ["a-care", "p-oak"]],
    ["a UID field", filter.at("my.product.uid", "settle"), ["p-pine"]],
    ["a Key Text field", filter.at("my.product.name", "Oak table"), ["p-oak"]],
    ["a Select field", filter.at("my.product.finish", "Dark"), ["p-walnut"]],
    ["a Number field, only of the type in the path", filter.at("my.product.price", 1200), ["p-oak"]],
    ["a Boolean field", filter.at("my.product.in_stock", true), ["p-oak", "p-pine"]],
    ["a Boolean field, false", filter.at("my.product.in_stock", false), ["p-walnut"]],
    ["a Date field, by its YYYY-MM-DD value", filter.at("my.product.launch", "2024-03-01"), ["p-walnut"]],
    ["a Content Relationship, by the linked document's ID", filter.at("my.product.maker", "m-ash"), ["p-oak"]],
    ["a field inside a Group", filter.at("my.product.materials.material", "steel"), ["p-oak"]],
    [
      "a Content Relationship inside a Group",
      filter.at("my.product.materials.supplier", "m-bram"),
      ["p-oak", "p-walnut"],
    ],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });

  test.each([
    ["a Key Text value that differs only in case", filter.at("my.product.name", "oak table")],
    ["a tag the document lacks beside one it has", filter.at("document.tags", ["wood", "Cupcake", "Macaron", "x"])],
    [
      "a Content Relationship by the linked document's UID (Prismic needs the ID)",
      filter.at("my.product.maker", "ash-workshop"),
    ],
    [
      "an exact date on a Timestamp field (only Date fields match a day)",
      filter.at("my.product.updated_at", "2024-02-10"),
    ],
    ["a type no document has", filter.at("document.type", "kitchen")],
  ])("matches nothing for %s", (_case, predicate) => {
    expect(matching(predicate)).toEqual([]);
  });
});

describe("not: the path does not match the value", () => {
  test.each([
    ["document.type", filter.not("document.type", "product"), ["a-care", "m-ash", "m-bram"]],
    ["document.id", filter.not("document.id", "p-oak"), ["a-care", "m-ash", "m-bram", "p-pine", "p-walnut"]],
    ["document.tags: excluding a tag", filter.not("document.tags", ["wood"]), ["a-care", "m-ash", "m-bram", "p-pine"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });

  test("with at(document.type): every page of the type but the one with that UID", () => {
    expect(matching(filter.at("document.type", "product"), filter.not("my.product.uid", "oak-table"))).toEqual([
      "p-pine",
      "p-walnut",
    ]);
  });

  test("with at(document.type): every document of the type without that tag", () => {
    expect(matching(filter.at("document.type", "product"), filter.not("document.tags", ["Cupcake"]))).toEqual([
      "p-walnut",
    ]);
  });
});

describe("any: the path matches any of the values", () => {
  test.each([
    ["document.type", filter.any("document.type", ["maker", "article"]), ["a-care", "m-ash", "m-bram"]],
    ["document.id", filter.any("document.id", ["p-pine", "m-bram", "nope"]), ["m-bram", "p-pine"]],
    [
      "document.tags: either tag",
      filter.any("document.tags", ["wood", "Cupcake"]),
      ["a-care", "p-oak", "p-pine", "p-walnut"],
    ],
    ["a UID field", filter.any("my.product.uid", ["settle", "oak-table"]), ["p-oak", "p-pine"]],
    ["a Key Text field", filter.any("my.product.name", ["Pine bench", "Walnut cabinet"]), ["p-pine", "p-walnut"]],
    ["a Select field", filter.any("my.product.finish", ["Natural", "Dark"]), ["p-oak", "p-walnut"]],
    ["a Number field", filter.any("my.product.price", [300, 2400, 50]), ["p-pine", "p-walnut"]],
    ["a Date field", filter.any("my.product.launch", ["2023-01-15", "1999-01-01"]), ["p-oak"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });
});

describe("in: documents by their IDs or UIDs", () => {
  test.each([
    ["document.id", filter.in("document.id", ["p-walnut", "m-ash", "missing"]), ["m-ash", "p-walnut"]],
    ["my.{type}.uid, only documents of that type", filter.in("my.product.uid", ["settle", "ash-workshop"]), ["p-pine"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });
});

describe("fulltext: the terms anywhere in the document, or in one field", () => {
  test.each([
    ["a word of a Rich Text field", filter.fulltext("document", "oiled"), ["p-oak"]],
    ["not case sensitive", filter.fulltext("document", "OILED"), ["p-oak"]],
    ["a word of a Title field", filter.fulltext("document", "drinks"), ["p-walnut"]],
    ["a Key Text field", filter.fulltext("document", "workshop"), ["m-ash"]],
    ["a Select field", filter.fulltext("document", "natural"), ["m-ash", "p-oak"]],
    ["the UID", filter.fulltext("document", "settle"), ["p-pine"]],
    ["two terms, both in the document", filter.fulltext("document", "walnut birch"), ["p-walnut"]],
    ["one field of one type", filter.fulltext("my.product.title", "dining"), ["p-oak"]],
    ["a word every type has, in one type's field", filter.fulltext("my.article.title", "oak"), ["a-care"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });

  test("several terms: every one must occur (Prismic documents several terms without saying; this is the module's reading)", () => {
    expect(matching(filter.fulltext("document", "walnut oiled"))).toEqual([]);
  });

  test("a word of another field is not found by a search of one field", () => {
    expect(matching(filter.fulltext("my.product.title", "oiled"))).toEqual([]);
  });

  test("with at(document.type): the documents of the type that contain the word", () => {
    expect(matching(filter.at("document.type", "article"), filter.fulltext("document", "oak"))).toEqual(["a-care"]);
  });
});

describe("has and missing: whether a field has a value, only among documents of the type in the path", () => {
  test.each([
    ["has a Select", filter.has("my.product.finish"), ["p-oak", "p-walnut"]],
    ["missing a Select (null)", filter.missing("my.product.finish"), ["p-pine"]],
    ["has a Number", filter.has("my.product.price"), ["p-oak", "p-pine", "p-walnut"]],
    ["missing a Number every product has", filter.missing("my.product.price"), []],
    ["has a Rich Text", filter.has("my.product.description"), ["p-oak", "p-walnut"]],
    ["missing a Rich Text an editor emptied", filter.missing("my.product.description"), ["p-pine"]],
    ["has a Content Relationship", filter.has("my.product.maker"), ["p-oak", "p-walnut"]],
    ["missing a Content Relationship (an empty link)", filter.missing("my.product.maker"), ["p-pine"]],
    ["has a Date", filter.has("my.product.launch"), ["p-oak", "p-walnut"]],
    ["missing a Date", filter.missing("my.product.launch"), ["p-pine"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });
});

describe("number.lt, number.gt (strict) and number.inRange (inclusive), only among the type in the path", () => {
  test.each([
    ["lt excludes the value itself", filter.numberLessThan("my.product.price", 1200), ["p-pine"]],
    ["lt with a decimal", filter.numberLessThan("my.product.price", 300.5), ["p-pine"]],
    ["gt excludes the value itself", filter.numberGreaterThan("my.product.price", 1200), ["p-walnut"]],
    ["gt below every value", filter.numberGreaterThan("my.product.price", -1), ["p-oak", "p-pine", "p-walnut"]],
    ["inRange includes both limits", filter.numberInRange("my.product.price", 300, 1200), ["p-oak", "p-pine"]],
    ["inRange with decimals", filter.numberInRange("my.product.price", 299.99, 300.01), ["p-pine"]],
    ["inRange of one value", filter.numberInRange("my.product.price", 2400, 2400), ["p-walnut"]],
    ["inRange inside a Group", filter.numberInRange("my.product.materials.thickness", 1, 10), ["p-oak"]],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });
});

describe("date.after and date.before (strict) and date.between", () => {
  test.each([
    [
      "after, on first_publication_date",
      filter.dateAfter("document.first_publication_date", "2024-01-01"),
      ["a-care", "p-walnut"],
    ],
    [
      "after, on last_publication_date, with a Date",
      filter.dateAfter("document.last_publication_date", new Date("2024-02-10T11:59:59Z")),
      ["a-care", "p-oak", "p-walnut"],
    ],
    ["after excludes the date itself (Date field)", filter.dateAfter("my.product.launch", "2023-01-15"), ["p-walnut"]],
    ["before excludes the date itself (Date field)", filter.dateBefore("my.product.launch", "2024-03-01"), ["p-oak"]],
    [
      "before, on first_publication_date",
      filter.dateBefore("document.first_publication_date", "2023-01-01"),
      ["p-pine"],
    ],
    [
      "after, on a Timestamp, compared as instants across offsets",
      filter.dateAfter("my.product.updated_at", "2024-02-10T12:59:59+0100"),
      ["p-oak", "p-walnut"],
    ],
    [
      "after, on a Timestamp, the same instant in another offset is not after",
      filter.dateAfter("my.product.updated_at", "2024-02-10T13:00:00+0100"),
      ["p-walnut"],
    ],
    [
      "before, with epoch milliseconds (how the client sends a Date)",
      filter.dateBefore("document.last_publication_date", Date.UTC(2023, 0, 1)),
      ["p-pine"],
    ],
    [
      "between two days, on a Date field",
      filter.dateBetween("my.product.launch", "2023-01-01", "2023-12-31"),
      ["p-oak"],
    ],
    [
      "between two Dates, on first_publication_date",
      filter.dateBetween("document.first_publication_date", new Date("2023-01-02"), new Date("2024-04-01")),
      ["p-oak", "p-walnut"],
    ],
  ])("%s", (_case, predicate, expected) => {
    expect(matching(predicate)).toEqual(expected);
  });

  test("a date predicate on a field of a type limits the results to that type", () => {
    // The makers and the article have no `launch`; a custom type's date path never matches another type.
    expect(matching(filter.dateBefore("my.product.launch", "2100-01-01"))).toEqual(["p-oak", "p-walnut"]);
  });
});

describe("several predicates: a document must match every one", () => {
  test("as separate q parameters (the client's form)", () => {
    expect(
      matching(
        filter.at("document.type", "product"),
        filter.at("document.tags", ["wood"]),
        filter.numberGreaterThan("my.product.price", 1500),
      ),
    ).toEqual(["p-walnut"]);
  });

  test("inside one q parameter", () => {
    const q = `[${filter.at("document.type", "product")}${filter.at("my.product.in_stock", true)}]`;
    const parsed = parseFilters([q]);
    expect(DOCUMENTS.filter((d) => matchesAll(parsed, d)).map((d) => d.id)).toEqual(["p-oak", "p-pine"]);
  });

  test("no predicate at all matches every document", () => {
    expect(matching()).toHaveLength(DOCUMENTS.length);
  });

  test("a filter on the type is marked, so a search can start from the type's documents", () => {
    const [byType, byTag] = parseFilters(
      queryParams(filter.at("document.type", "product"), filter.at("document.tags", ["wood"])),
    );
    expect(byType.documentType).toBe("product");
    expect(byTag.documentType).toBeUndefined();
    expect(parseFilters(queryParams(filter.not("document.type", "product")))[0].documentType).toBeUndefined();
  });
});

describe("a predicate it cannot answer is a parsing error at parse time, never an empty result", () => {
  const parseError = (...filters: string[]) => {
    try {
      parseFilters(queryParams(...filters));
    } catch (error) {
      return error;
    }
    return undefined;
  };

  test.each([
    ["an unknown predicate name", '[att(document.type, "product")]', /unsupported predicate 'att'/],
    ["too few arguments", "[number.inRange(my.product.price, 1)]", /expects 3 arguments, got 2/],
    ["too many arguments", filter.at("document.type", "product").replace(")]", ', "x")]'), /expects 2 arguments/],
    ["a value where the path goes", '[at("product", document.type)]', /field path as its first argument/],
    ["a number predicate given text", '[number.gt(my.product.price, "cheap")]', /expects a number/],
    ["a date predicate given text that is no date", '[date.after(my.product.launch, "soon")]', /expects a date/],
    ["an array for a field other than tags", filter.at("my.product.finish", ["Dark"]), /only for document.tags/],
    ["any given a single value", '[any(document.type, "product")]', /expects an array/],
    ["an empty fulltext search", filter.fulltext("document", " "), /non-empty/],
    ["a field path that is none", "[at(product.price, 1)]", /unexpected field 'product.price'/],
  ])("%s", (_case, predicate, message) => {
    const error = parseError(predicate);
    expect(error).toBeInstanceOf(QueryParseError);
    expect((error as QueryParseError).message).toMatch(message);
    expect((error as QueryParseError).toBody()).toMatchObject({ type: "parsing-error", pos: { location: "q" } });
  });
});
