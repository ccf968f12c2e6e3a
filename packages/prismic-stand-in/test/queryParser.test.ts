/**
 * The syntax of Prismic's `q` parameter (packages/prismic-stand-in/src/embedded/queryParser.ts): what it reads out
 * of the strings @prismicio/client's `filter` helpers write, and the 400 parsing-error body (the
 * client's `ParsingErrorAPIResponse`) for a query it cannot read, pointing at the fault.
 */
import { buildQueryURL, filter } from "@prismicio/client";
import { type Arg, type ParsedPredicate, QueryParseError, QueryParser } from "../src/embedded/queryParser";

/** The `q` the client sends for one filter. */
const q = (predicate: string) =>
  new URL(buildQueryURL("https://repo.invalid/api/v2", { ref: "ref", filters: [predicate] })).searchParams.get("q")!;

const parse = (query: string) => new QueryParser(query).parseQuery();

/** A predicate's arguments without their positions. */
const shapes = (predicate: ParsedPredicate) =>
  predicate.args.map((arg: Arg) => (arg.kind === "path" ? { path: arg.path } : { value: arg.value }));

function parseError(query: string): QueryParseError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof QueryParseError) return error;
    throw error;
  }
  throw new Error(`parsed: ${query}`);
}

describe("reads what the client's filter helpers write", () => {
  test.each([
    [
      "a meta path and a string",
      filter.at("document.type", "product"),
      "at",
      [{ path: { kind: "meta", field: "type" } }, { value: "product" }],
    ],
    [
      "the whole document",
      filter.fulltext("document", "oak"),
      "fulltext",
      [{ path: { kind: "document" } }, { value: "oak" }],
    ],
    [
      "a custom field",
      filter.has("my.product.price"),
      "has",
      [{ path: { kind: "data", type: "product", segments: ["price"] } }],
    ],
    [
      "a field inside a group, with a hyphen in its name",
      filter.at("my.book.author-info.name", "John Doe"),
      "at",
      [{ path: { kind: "data", type: "book", segments: ["author-info", "name"] } }, { value: "John Doe" }],
    ],
    [
      "decimal numbers",
      filter.numberInRange("my.product.price", 9.99, 49.99),
      "number.inRange",
      [{ path: { kind: "data", type: "product", segments: ["price"] } }, { value: 9.99 }, { value: 49.99 }],
    ],
    [
      "a negative number",
      filter.numberGreaterThan("my.rental.floor", -2),
      "number.gt",
      [{ path: { kind: "data", type: "rental", segments: ["floor"] } }, { value: -2 }],
    ],
    [
      "true",
      filter.at("my.post.switch", true),
      "at",
      [{ path: { kind: "data", type: "post", segments: ["switch"] } }, { value: true }],
    ],
    [
      "false",
      filter.not("my.post.switch", false),
      "not",
      [{ path: { kind: "data", type: "post", segments: ["switch"] } }, { value: false }],
    ],
    [
      "a Date, as the epoch milliseconds the client writes",
      filter.dateAfter("document.first_publication_date", new Date("2017-05-18T00:00:00Z")),
      "date.after",
      [{ path: { kind: "meta", field: "first_publication_date" } }, { value: Date.UTC(2017, 4, 18) }],
    ],
    [
      "a date with an offset, as text",
      filter.dateBefore("document.last_publication_date", "2017-05-18T17:00:00-0500"),
      "date.before",
      [{ path: { kind: "meta", field: "last_publication_date" } }, { value: "2017-05-18T17:00:00-0500" }],
    ],
    [
      "an array of strings",
      filter.any("document.tags", ["Tag 1", "Tag 2"]),
      "any",
      [{ path: { kind: "meta", field: "tags" } }, { value: ["Tag 1", "Tag 2"] }],
    ],
    [
      "an array of numbers",
      filter.any("my.product.price", [1, 2.5]),
      "any",
      [{ path: { kind: "data", type: "product", segments: ["price"] } }, { value: [1, 2.5] }],
    ],
    ["an empty array", filter.in("document.id", []), "in", [{ path: { kind: "meta", field: "id" } }, { value: [] }]],
    [
      "a predicate with no path (similar)",
      filter.similar("VkRmhykAAFA6PoBj", 10),
      "similar",
      [{ value: "VkRmhykAAFA6PoBj" }, { value: 10 }],
    ],
  ])("%s", (_case, predicate, name, args) => {
    const [parsed, ...more] = parse(q(predicate));
    expect(more).toEqual([]);
    expect(parsed.name).toBe(name);
    expect(shapes(parsed)).toEqual(args);
  });

  test.each([
    ["double quotes (the one character the client escapes)", 'the "oak" table'],
    ["the query's own punctuation", "a, b) [c] (d]"],
    ["a backslash before another character, kept as written", "C:\\path\\to"],
    ["text beyond ASCII", "Café – 北京 🪑"],
    ["an empty string", ""],
  ])("a string holding %s comes back as the client was given it", (_case, text) => {
    const [parsed] = parse(q(filter.at("my.page.label", text)));
    expect(shapes(parsed)[1]).toEqual({ value: text });
  });

  test("each predicate of a group, in order, and the predicates of several groups", () => {
    const query = `[${filter.at("document.type", "page")}${filter.has("my.page.price")}][${filter.missing("my.page.x")}]`;
    expect(parse(query).map((p) => p.name)).toEqual(["at", "has", "missing"]);
  });

  test("Prismic's older syntax, still in the `href` of exported documents: [[:d = at(...) ]]", () => {
    const [parsed] = parse('[[:d = at(document.id, "WW4bKScAAMAqmluX") ]]');
    expect(parsed.name).toBe("at");
    expect(shapes(parsed)).toEqual([{ path: { kind: "meta", field: "id" } }, { value: "WW4bKScAAMAqmluX" }]);
  });

  test("white space anywhere between tokens", () => {
    const [parsed] = parse(' [ [ any ( document.tags , [ "a" , "b" ] ) ] ] ');
    expect(shapes(parsed)).toEqual([{ path: { kind: "meta", field: "tags" } }, { value: ["a", "b"] }]);
  });

  test("each argument knows where it starts in the query", () => {
    const query = '[[at(document.type, "page")]]';
    const [parsed] = parse(query);
    expect(parsed.args.map((a) => a.at)).toEqual([query.indexOf("document"), query.indexOf('"page"')]);
  });
});

describe("a query it cannot read: Prismic's parsing-error body, pointing at the fault", () => {
  test.each([
    ["an empty query", "", "empty query", 0],
    ["only white space", "   ", "empty query", 3],
    ["a filter without the query's own brackets", filter.at("document.type", "page"), "expected ']' but found 'a'", 1],
    ["an unclosed group", '[[at(document.type, "page")]', "expected ']' but found end of query", 28],
    ["an unterminated string", '[[at(document.type, "page)]]', "unterminated string", 20],
    ["a missing comma", '[[at(document.type "page")]]', "expected ')' but found '\"'", 19],
    ["a bare word that is no field", "[[at(document.type, page)]]", "unexpected field 'page'", 20],
    [
      "a field path inside an array",
      "[[any(document.type, [document.id])]]",
      "expected a value, found 'document.id'",
      22,
    ],
    ["a character that starts nothing", "[[at(document.type, @)]]", "unexpected '@'", 20],
    ["a predicate without a name", '[[("x")]]', "unexpected '('", 2],
  ])("%s", (_case, query, problem, offset) => {
    const error = parseError(query);
    expect(error.message).toBe(`${problem} on line:1 col:${offset + 1} in query '${query}'`);
    expect(error.toBody()).toEqual({
      type: "parsing-error",
      message: error.message,
      pos: { line: 1, column: offset + 1, id: offset, location: "q" },
    });
  });

  test("a predicate's own fail points at its name by default, or at the position given", () => {
    const query = '[[at(document.type, "page")][number.gt(my.page.price, 1)]]';
    const [, second] = parse(query);
    const nameAt = query.indexOf("number.gt");
    expect(() => second.fail("no")).toThrow(`no on line:1 col:${nameAt + 1} in query '${query}'`);
    expect(() => second.fail("no", 3)).toThrow(`no on line:1 col:4 in query '${query}'`);
  });

  test("another query parameter names itself as the location", () => {
    expect(new QueryParseError("bad", "orderings", 4).toBody().pos).toEqual({
      line: 1,
      column: 5,
      id: 4,
      location: "orderings",
    });
  });
});
