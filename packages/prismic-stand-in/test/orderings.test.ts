/**
 * The `orderings` parameter (packages/prismic-stand-in/src/embedded/orderings.ts), by Prismic's "Order your
 * results" page: lowest to highest by default, `desc` for highest to lowest, several fields with
 * each later one ordering the ties of the ones before, and the first and last publication dates.
 * Where Prismic promises no order (no orderings, ties, missing values) the module promises only
 * that one query at one ref keeps one order (docs/decisions/009-a-stand-in-as-strict-as-prismic.md).
 * The parameter is written by @prismicio/client's `buildQueryURL`, as the client sends it.
 */
import { buildQueryURL, type Ordering, type PrismicDocument } from "@prismicio/client";
import { orderDocuments, parseOrderings } from "../src/embedded/orderings";
import { QueryParseError } from "../src/embedded/queryParser";

/** The `orderings` parameters the client sends. */
function orderingsParam(orderings: Ordering[]): string[] {
  return new URL(buildQueryURL("https://repo.invalid/api/v2", { ref: "ref", orderings })).searchParams.getAll(
    "orderings",
  );
}

function product(id: string, data: Record<string, unknown>, first = "2024-01-01T00:00:00+0000", last = first) {
  return {
    id,
    uid: id,
    type: "product",
    lang: "en-gb",
    url: null,
    href: "",
    tags: [],
    slugs: [],
    linked_documents: [],
    alternate_languages: [],
    first_publication_date: first,
    last_publication_date: last,
    data,
  } as unknown as PrismicDocument;
}

const title = (text: string) => [{ type: "heading1", text, spans: [] }];

/** Ordered by client-written orderings, with one seed (one query at one ref). */
function ordered(documents: PrismicDocument[], orderings: Ordering[], seed = "ref\nq"): string[] {
  return orderDocuments(documents, parseOrderings(orderingsParam(orderings)), seed).map((d) => d.id);
}

describe("parseOrderings reads what the client writes", () => {
  test("one field, lowest to highest", () => {
    expect(orderingsParam([{ field: "my.product.price" }])).toEqual(["[my.product.price]"]);
    expect(parseOrderings(["[my.product.price]"])).toEqual([
      { path: { kind: "data", type: "product", segments: ["price"] }, descending: false },
    ]);
  });

  test("several fields, `desc` on one", () => {
    const param = orderingsParam([{ field: "my.product.price", direction: "desc" }, { field: "my.product.title" }]);
    expect(parseOrderings(param)).toEqual([
      { path: { kind: "data", type: "product", segments: ["price"] }, descending: true },
      { path: { kind: "data", type: "product", segments: ["title"] }, descending: false },
    ]);
  });

  test.each([
    ["as Prismic's documentation writes it, a space after the comma", "[my.product.price desc, my.product.title]"],
    ["without brackets", "my.product.price desc,my.product.title"],
    ["with an explicit asc", "[my.product.price desc,my.product.title asc]"],
  ])("%s", (_case, raw) => {
    expect(parseOrderings([raw]).map((o) => [o.path.kind === "data" && o.path.segments[0], o.descending])).toEqual([
      ["price", true],
      ["title", false],
    ]);
  });

  test("the publication dates", () => {
    const param = orderingsParam([
      { field: "document.first_publication_date" },
      { field: "document.last_publication_date", direction: "desc" },
    ]);
    expect(parseOrderings(param)).toEqual([
      { path: { kind: "meta", field: "first_publication_date" }, descending: false },
      { path: { kind: "meta", field: "last_publication_date" }, descending: true },
    ]);
  });

  test("no orderings, or empty brackets, order nothing", () => {
    expect(parseOrderings([])).toEqual([]);
    expect(parseOrderings(["[]"])).toEqual([]);
  });

  test.each([
    ["a document field Prismic does not order by", "[my.product.price,document.id]", "document.id", 18],
    ["a field inside a group", "[my.product.items.label]", "my.product.items.label", 1],
    ["an unknown direction", "[my.product.price sideways]", "my.product.price sideways", 1],
    ["a path that is none", "[price]", "price", 1],
  ])("refuses %s with a parsing error pointing at it", (_case, raw, item, offset) => {
    let error: unknown;
    try {
      parseOrderings([raw]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(QueryParseError);
    expect((error as QueryParseError).message).toContain(`invalid ordering '${item}' on line:1 col:${offset + 1}`);
    expect((error as QueryParseError).toBody().pos).toEqual({
      line: 1,
      column: offset + 1,
      id: offset,
      location: "orderings",
    });
  });
});

describe("orderDocuments orders as Prismic documents", () => {
  const prices = [
    product("p100", { price: 100, title: title("Cherry stool") }),
    product("p9", { price: 9, title: title("Apple crate") }),
    product("p10a", { price: 10, title: title("banana shelf") }),
    product("p10b", { price: 10, title: title("Alder shelf") }),
    product("p2400", { price: 2400.5, title: title("Damson dresser") }),
  ];

  test("a number field, lowest to highest, as numbers (9 before 10 before 100)", () => {
    const ids = ordered(prices, [{ field: "my.product.price" }]);
    expect(ids.slice(0, 1)).toEqual(["p9"]);
    expect(new Set(ids.slice(1, 3))).toEqual(new Set(["p10a", "p10b"]));
    expect(ids.slice(3)).toEqual(["p100", "p2400"]);
  });

  test("desc: highest to lowest", () => {
    const ids = ordered(prices, [{ field: "my.product.price", direction: "desc" }]);
    expect(ids.slice(0, 2)).toEqual(["p2400", "p100"]);
    expect(ids.at(-1)).toBe("p9");
  });

  test("a second field orders the documents the first leaves equal, and only those", () => {
    for (const seed of ["one", "two", "three"]) {
      expect(ordered(prices, [{ field: "my.product.price" }, { field: "my.product.title" }], seed)).toEqual([
        "p9",
        "p10b",
        "p10a",
        "p100",
        "p2400",
      ]);
      expect(
        ordered(prices, [{ field: "my.product.price", direction: "desc" }, { field: "my.product.title" }], seed),
      ).toEqual(["p2400", "p100", "p10b", "p10a", "p9"]);
    }
  });

  test("a Title or Key Text field, alphabetically by its text, whatever the case", () => {
    expect(ordered(prices, [{ field: "my.product.title" }])).toEqual(["p10b", "p9", "p10a", "p100", "p2400"]);
    const names = ["walnut", "Ash", "oak", "Beech"].map((name) => product(name, { name }));
    expect(ordered(names, [{ field: "my.product.name", direction: "desc" }])).toEqual([
      "walnut",
      "oak",
      "Beech",
      "Ash",
    ]);
  });

  test("a Date field, by date", () => {
    const dates = [
      product("d-2024-02", { launch: "2024-02-01" }),
      product("d-2023-12", { launch: "2023-12-31" }),
      product("d-2024-10", { launch: "2024-10-01" }),
    ];
    expect(ordered(dates, [{ field: "my.product.launch" }])).toEqual(["d-2023-12", "d-2024-02", "d-2024-10"]);
  });

  test("a Timestamp field, by instant, whatever the offset it is written in", () => {
    const stamps = [
      product("nine-utc", { at: "2024-01-01T09:00:00+0000" }),
      product("eight-utc", { at: "2024-01-01T10:00:00+0200" }),
      product("ten-utc", { at: "2024-01-01T05:00:00-0500" }),
    ];
    expect(ordered(stamps, [{ field: "my.product.at" }])).toEqual(["eight-utc", "nine-utc", "ten-utc"]);
  });

  test("document.first_publication_date: oldest first, or newest first with desc", () => {
    const docs = [
      product("march", {}, "2024-03-01T10:00:00+0000"),
      product("january", {}, "2024-01-20T10:00:00+0000"),
      product("december", {}, "2023-12-05T10:00:00+0000"),
      product("june", {}, "2024-06-30T23:59:59+0000"),
    ];
    expect(ordered(docs, [{ field: "document.first_publication_date" }])).toEqual([
      "december",
      "january",
      "march",
      "june",
    ]);
    expect(ordered(docs, [{ field: "document.first_publication_date", direction: "desc" }])).toEqual([
      "june",
      "march",
      "january",
      "december",
    ]);
  });

  test("document.last_publication_date, then first_publication_date for documents edited at the same instant", () => {
    const same = "2024-05-01T12:00:00+0000";
    const docs = [
      product("new-edited", {}, "2024-04-01T00:00:00+0000", same),
      product("old-edited", {}, "2020-01-01T00:00:00+0000", same),
      product("untouched", {}, "2024-06-01T00:00:00+0000"),
    ];
    expect(
      ordered(docs, [
        { field: "document.last_publication_date", direction: "desc" },
        { field: "document.first_publication_date" },
      ]),
    ).toEqual(["untouched", "old-edited", "new-edited"]);
  });
});

describe("where Prismic promises no order, one query at one ref keeps one order", () => {
  const tied = Array.from({ length: 20 }, (_, i) => product(`tie-${String(i).padStart(2, "0")}`, { price: 5 }));
  const inputOrder = tied.map((d) => d.id);
  const seeds = Array.from({ length: 8 }, (_, i) => `ref-${i}\nq=x`);

  test("without orderings: every document, the same order for the same seed", () => {
    for (const seed of seeds) {
      const first = orderDocuments(tied, [], seed).map((d) => d.id);
      expect([...first].sort()).toEqual(inputOrder);
      expect(orderDocuments([...tied].reverse(), [], seed).map((d) => d.id)).toEqual(first);
    }
  });

  test("the order of ties is neither the input order nor the same for every seed", () => {
    const orders = seeds.map((seed) => ordered(tied, [{ field: "my.product.price" }], seed).join());
    expect(orders.filter((order) => order === inputOrder.join())).toEqual([]);
    expect(new Set(orders).size).toBeGreaterThan(1);
  });

  test("documents without a value for the ordering stay together at one end, the others in order", () => {
    const docs = [
      product("v3", { price: 3 }),
      product("none-a", {}),
      product("v1", { price: 1 }),
      product("none-b", { price: null }),
      product("v2", { price: 2 }),
      product("none-c", { price: "" }),
    ];
    const ends = new Set<string>();
    for (const seed of seeds) {
      const ids = ordered(docs, [{ field: "my.product.price" }], seed);
      const valued = ids.filter((id) => id.startsWith("v"));
      expect(valued).toEqual(["v1", "v2", "v3"]);
      const missingAt = ids.map((id, index) => (id.startsWith("none") ? index : -1)).filter((i) => i >= 0);
      expect(missingAt).toEqual(missingAt[0] === 0 ? [0, 1, 2] : [3, 4, 5]);
      ends.add(missingAt[0] === 0 ? "first" : "last");
    }
    // Prismic leaves their place undefined: some seeds put them first, some last.
    expect(ends).toEqual(new Set(["first", "last"]));
  });
});
