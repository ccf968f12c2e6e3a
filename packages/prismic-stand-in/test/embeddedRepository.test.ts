import * as prismic from "@prismicio/client";
import { createEmbeddedFetch, EMBEDDED_ENDPOINT } from "../src/embedded/embeddedFetch";
import { createEmbeddedRepository, type EmbeddedRepository } from "../src/embedded/embeddedRepository";
import { loadDocuments } from "../src/embedded/loadDocuments";
import { ARTICLE_COUNT, makeDir, removeDirs, writeSite } from "./support/contentFolder";

const { filter } = prismic;

let repo: EmbeddedRepository;
let siteDir: string;
let warn: jest.SpyInstance;

/** The client exactly as the content service creates it in embedded mode. */
function client(options: prismic.ClientConfig = {}) {
  return prismic.createClient(EMBEDDED_ENDPOINT, { fetch: createEmbeddedFetch(repo), ...options });
}

function search(query: string): Promise<Response> {
  return createEmbeddedFetch(repo)(`${EMBEDDED_ENDPOINT}/documents/search?${query}`);
}

beforeAll(() => {
  siteDir = makeDir();
  writeSite(siteDir);
  repo = createEmbeddedRepository(loadDocuments(siteDir));
});

beforeEach(() => {
  // The client warns that no repository name can be inferred from the `.invalid` endpoint, and
  // when it retries with the master ref; both are expected here.
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => warn.mockRestore());

afterAll(removeDirs);

describe("the embedded repository answers the real Prismic client", () => {
  test("getRepository describes the master ref, languages and types", async () => {
    const repository = await client().getRepository();
    expect(repository.refs).toEqual([{ id: "master", ref: repo.masterRef, label: "Master", isMasterRef: true }]);
    expect(repository.languages).toEqual([
      { id: "en-gb", name: "English - Great Britain", is_master: true },
      { id: "en-us", name: "English - United States", is_master: false },
    ]);
    expect(Object.keys(repository.types).sort()).toEqual(["article", "home", "page"]);
    expect(repository.tags).toEqual(["featured", "kitchen", "wardrobe"]);
    expect(repository.forms.everything.action).toBe(`${EMBEDDED_ENDPOINT}/documents/search`);
    expect((await client().getMasterRef()).ref).toBe(repo.masterRef);
  });

  test("getByUID finds a page in the master language, or in the language asked for", async () => {
    const gb = await client().getByUID("page", "about");
    expect(gb.id).toBe("about-gb");
    const us = await client().getByUID("page", "about", { lang: "en-us" });
    expect(us.id).toBe("about-us");
    await expect(client().getByUID("page", "nope")).rejects.toBeInstanceOf(prismic.NotFoundError);
  });

  test("getSingle returns the single document of a type, per language", async () => {
    expect((await client().getSingle("home")).id).toBe("home-gb");
    expect((await client().getSingle("home", { lang: "en-us" })).id).toBe("home-us");
  });

  test("documents get the fields Prismic always sends", async () => {
    const about = await client().getByID("about-gb");
    expect(about).toMatchObject({
      tags: [],
      alternate_languages: [],
      slugs: [],
      url: null,
      linked_documents: [],
    });
    expect(about.first_publication_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
    expect(about.href).toContain(`${EMBEDDED_ENDPOINT}/documents/search`);
    expect((await client().getSingle("home")).uid).toBeNull();
  });

  test("getAllByType pages through next_page beyond 100 documents", async () => {
    const fetchSpy = jest.fn(createEmbeddedFetch(repo));
    const articles = await client({ fetch: fetchSpy }).getAllByType("article");
    expect(articles).toHaveLength(ARTICLE_COUNT);
    expect(new Set(articles.map((a) => a.id)).size).toBe(ARTICLE_COUNT);
    const searches = fetchSpy.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname.endsWith("/documents/search"));
    expect(searches.map((u) => u.searchParams.get("page"))).toEqual([null, "2"]);
  });

  test("a search reports Prismic's paging fields with full next/prev URLs", async () => {
    const articles = [filter.at("document.type", "article")];
    const page2 = await client().get({ filters: articles, page: 2, pageSize: 50 });
    expect(page2).toMatchObject({
      page: 2,
      results_per_page: 50,
      results_size: 50,
      total_results_size: 130,
      total_pages: 3,
    });
    expect(new URL(page2.next_page ?? "").searchParams.get("page")).toBe("3");
    expect(new URL(page2.prev_page ?? "").searchParams.get("page")).toBe("1");
    const page3 = await client().get({ filters: articles, page: 3, pageSize: 50 });
    expect(page3).toMatchObject({ results_size: 30, next_page: null });
  });

  test("getByID and getAllByIDs", async () => {
    expect((await client().getByID("kitchens-gb")).uid).toBe("kitchens");
    const found = await client().getAllByIDs(["wardrobes-gb", "about-us", "missing"], { lang: "*" });
    expect(found.map((d) => d.id).sort()).toEqual(["about-us", "wardrobes-gb"]);
  });

  test.each([
    ["at on every tag", [filter.at("document.tags", ["kitchen", "featured"])], ["kitchens-gb"]],
    ["any tag", [filter.any("document.tags", ["featured", "wardrobe"])], ["kitchens-gb", "wardrobes-gb"]],
    ["in uids", [filter.in("my.page.uid", ["about", "wardrobes"])], ["about-gb", "wardrobes-gb"]],
    [
      "not a type",
      [filter.not("document.type", "article"), filter.not("document.type", "home")],
      ["about-gb", "kitchens-gb", "wardrobes-gb"],
    ],
    ["fulltext, case-insensitive", [filter.fulltext("document", "oak KITCHEN")], ["kitchens-gb"]],
    ["fulltext in one field", [filter.fulltext("my.page.title", "fitted")], ["wardrobes-gb"]],
    ["has a relationship", [filter.has("my.page.parent")], ["kitchens-gb"]],
    ["missing a relationship", [filter.missing("my.page.parent")], ["about-gb", "wardrobes-gb"]],
    ["at a relationship by id", [filter.at("my.page.parent", "about-gb")], ["kitchens-gb"]],
    ["number.gt", [filter.numberGreaterThan("my.page.price", 5000)], ["kitchens-gb"]],
    ["number.inRange", [filter.numberInRange("my.page.price", 4000, 12000)], ["kitchens-gb", "wardrobes-gb"]],
    [
      "date.between, with a Date",
      [filter.dateBetween("my.article.date", "2024-01-03", new Date("2024-01-04"))],
      ["article-002", "article-003"],
    ],
    ["date.after", [filter.dateAfter("my.article.date", "2024-05-08")], ["article-129", "article-130"]],
  ])("get with filters: %s", async (_name, filters, expected) => {
    const result = await client().get({ filters, pageSize: 100 });
    expect(result.results.map((d) => d.id).sort()).toEqual(expected);
  });

  test("lang filters by language; * returns every language", async () => {
    const us = await client().get({ lang: "en-us" });
    expect(us.results.map((d) => d.id).sort()).toEqual(["about-us", "home-us"]);
    const all = await client().getAllByType("page", { lang: "*" });
    expect(all.map((d) => d.id).sort()).toEqual(["about-gb", "about-us", "kitchens-gb", "wardrobes-gb"]);
    const master = await client().getAllByType("page");
    expect(master.every((d) => d.lang === "en-gb")).toBe(true);
  });

  test("orderings sort ascending and descending; a document without the value is kept apart, first or last", async () => {
    const byType = [filter.at("document.type", "article")];
    const asc = await client().getAllByType("article", { orderings: [{ field: "my.article.date" }] });
    const dated = asc.filter((d) => d.id !== "article-007").map((d) => d.id);
    expect(dated.slice(0, 2)).toEqual(["article-001", "article-002"]);
    // Prismic leaves the place of a missing value undefined: here it is at one end, never in between.
    expect([asc[0].id, asc.at(-1)?.id]).toContain("article-007");
    const desc = await client().getAllByType("article", {
      orderings: [{ field: "my.article.date", direction: "desc" }],
    });
    expect(
      desc
        .filter((d) => d.id !== "article-007")
        .slice(0, 2)
        .map((d) => d.id),
    ).toEqual(["article-130", "article-129"]);
    const twoKeys = await client().get({
      filters: byType,
      orderings: [{ field: "my.article.rank", direction: "desc" }, { field: "my.article.date" }],
      pageSize: 3,
    });
    expect(twoKeys.results.map((d) => d.id)).toEqual(["article-009", "article-019", "article-029"]);
  });

  test("an unknown ref is a 404 naming the master ref, and the client retries with it", async () => {
    const response = await search("ref=stale-ref");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      type: "api_notfound_error",
      message: `Ref not found. Ensure you have the correct ref and try again. Master ref is: ${repo.masterRef}`,
    });

    // Given the stale ref in its configuration, or for one query, the client retries with master.
    const fetchSpy = jest.fn(createEmbeddedFetch(repo));
    expect((await client({ fetch: fetchSpy, ref: "stale-ref" }).getByUID("page", "about")).id).toBe("about-gb");
    expect((await client({ fetch: fetchSpy }).getSingle("home", { ref: "stale-ref" })).id).toBe("home-gb");
    const searchedRefs = fetchSpy.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname.endsWith("/documents/search"))
      .map((url) => url.searchParams.get("ref"));
    expect(searchedRefs).toEqual(["stale-ref", repo.masterRef, "stale-ref", repo.masterRef]);
  });

  test("an unknown predicate is a 400 parsing-error, which the client throws as ParsingError", async () => {
    const q = encodeURIComponent('[[similar("about-gb", 10)]]');
    const response = await search(`ref=${repo.masterRef}&q=${q}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    // The shape of @prismicio/client's ParsingErrorAPIResponse.
    expect(body).toMatchObject({ type: "parsing-error", pos: { line: 1, column: 3, id: 2, location: "q" } });
    expect(body.message).toContain("similar");

    await expect(client().get({ filters: [filter.similar("about-gb", 10)] })).rejects.toBeInstanceOf(
      prismic.ParsingError,
    );
    await expect(client().get({ filters: [filter.at("document.colour", "red")] })).rejects.toThrow(
      /unexpected field 'document.colour'/,
    );
  });

  test.each([
    ["an unclosed query", `q=${encodeURIComponent('[[at(document.type, "page")]')}`],
    ["an unterminated string", `q=${encodeURIComponent('[[at(document.type, "page)]]')}`],
    ["a missing argument", `q=${encodeURIComponent("[[at(document.type)]]")}`],
    ["an array where a value is expected", `q=${encodeURIComponent('[[at(document.type, ["page"])]]')}`],
    ["a page size over 100", "pageSize=101"],
    ["an invalid page", "page=0"],
    ["an unknown ordering field", `orderings=${encodeURIComponent("[my.article]")}`],
  ])("%s is a 400 parsing-error, not an empty result", async (_name, query) => {
    const response = await search(`ref=${repo.masterRef}&${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "parsing-error" });
  });

  test("one q may hold several predicates", async () => {
    const q = encodeURIComponent('[[at(document.type, "page")][any(document.tags, ["wardrobe"])]]');
    const body = await (await search(`ref=${repo.masterRef}&q=${q}`)).json();
    expect(body.results.map((d: prismic.PrismicDocument) => d.id)).toEqual(["wardrobes-gb"]);
  });

  test("other URLs answer 404 Not found, and an aborted signal rejects with AbortError", async () => {
    const embeddedFetch = createEmbeddedFetch(repo);
    const response = await embeddedFetch(new Request(`${EMBEDDED_ENDPOINT}/graphql`));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });

    const controller = new AbortController();
    controller.abort();
    await expect(embeddedFetch(EMBEDDED_ENDPOINT, { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  test("the master ref is a hash of the content: stable for the same content, new when it changes", () => {
    const documents = loadDocuments(siteDir);
    expect(createEmbeddedRepository([...documents].reverse()).masterRef).toBe(repo.masterRef);
    const changed = documents.map((d) => (d.id === "about-gb" ? { ...d, tags: ["new"] } : d));
    expect(createEmbeddedRepository(changed).masterRef).not.toBe(repo.masterRef);
    // Key order is not content: the same document written with its keys in reverse order.
    const reordered = documents.map((d) => Object.fromEntries(Object.entries(d).reverse()) as typeof d);
    expect(createEmbeddedRepository(reordered).masterRef).toBe(repo.masterRef);
    // Content deep inside a document counts as much as its tags.
    const deep = documents.map((d) =>
      d.id === "about-gb" ? { ...d, data: { ...d.data, title: `${JSON.stringify(d.data.title)}!` } } : d,
    );
    expect(createEmbeddedRepository(deep).masterRef).not.toBe(repo.masterRef);
  });
});
