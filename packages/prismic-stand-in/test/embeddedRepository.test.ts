import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prismic from "@prismicio/client";
import { createEmbeddedFetch, EMBEDDED_ENDPOINT } from "../src/embedded/embeddedFetch";
import { createEmbeddedRepository, type EmbeddedRepository } from "../src/embedded/embeddedRepository";
import { ContentFileError, loadDocuments } from "../src/embedded/loadDocuments";

type DocumentFile = Record<string, unknown>;

const { filter } = prismic;
const ARTICLE_COUNT = 130;
const tempDirs: string[] = [];

function makeDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-repo-"));
  tempDirs.push(dir);
  return dir;
}

function writeDocument(dir: string, file: string, document: DocumentFile | string): string {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, typeof document === "string" ? document : JSON.stringify(document, null, 2));
  return full;
}

function richText(text: string) {
  return [{ type: "paragraph", text, spans: [] }];
}

function page(id: string, uid: string, lang: string, extra: DocumentFile = {}): DocumentFile {
  return { id, uid, type: "page", lang, data: { title: richText(`Title of ${uid}`) }, ...extra };
}

/** A small site: pages in two languages, a single, and enough articles to need two pages of 100. */
function writeSite(dir: string): void {
  const home = (id: string, lang: string) => ({ id, type: "home", lang, data: { title: richText(id) } });
  writeDocument(dir, "home.json", home("home-gb", "en-gb"));
  writeDocument(dir, "us/home.json", home("home-us", "en-us"));
  writeDocument(dir, "pages/about.json", page("about-gb", "about", "en-gb"));
  writeDocument(dir, "us/pages/about.json", page("about-us", "about", "en-us"));
  writeDocument(dir, "pages/kitchens.json", {
    ...page("kitchens-gb", "kitchens", "en-gb", { tags: ["kitchen", "featured"] }),
    data: {
      title: richText("Bespoke Oak kitchens"),
      price: 12000,
      parent: { link_type: "Document", id: "about-gb" },
    },
  });
  writeDocument(dir, "pages/wardrobes.json", {
    ...page("wardrobes-gb", "wardrobes", "en-gb", { tags: ["wardrobe"] }),
    data: { title: richText("Fitted wardrobes"), price: 4000, parent: { link_type: "Any" } },
  });
  for (let i = 1; i <= ARTICLE_COUNT; i++) {
    const n = String(i).padStart(3, "0");
    const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeDocument(dir, `articles/${i % 3}/deep/article-${n}.json`, {
      id: `article-${n}`,
      uid: `article-${n}`,
      type: "article",
      lang: "en-gb",
      // Article 7 has no date, to show that missing values sort last.
      data: { title: richText(`Article ${n}`), date: i === 7 ? null : day, rank: i % 10 },
    });
  }
  // Reserved folders: never read, even when they hold invalid files.
  writeDocument(dir, "_releases/spring/draft.json", page("draft", "draft", "en-gb"));
  writeDocument(dir, ".git/broken.json", "{ not json");
}

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

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

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

describe("loadDocuments", () => {
  test("reads nested folders and skips the reserved . and _ folders", () => {
    const ids = loadDocuments(siteDir).map((d) => d.id);
    expect(ids).toHaveLength(ARTICLE_COUNT + 6);
    expect(ids).toContain("article-001");
    expect(ids).not.toContain("draft");
  });

  test("a missing folder is an error naming it", () => {
    const missing = path.join(os.tmpdir(), "no-such-content-folder");
    expect(() => loadDocuments(missing)).toThrow(missing);
  });

  test.each([
    ["invalid JSON", "{ oops", /invalid JSON/],
    ["not an object", "[1, 2]", /not a JSON object/],
    ["a missing id", { type: "page", lang: "en-gb", data: {} }, /missing "id"/],
    ["a missing type", { id: "x", lang: "en-gb", data: {} }, /missing "type"/],
    ["a missing lang", { id: "x", type: "page", data: {} }, /missing "lang"/],
    ["an invalid type", { id: "x", type: 3, lang: "en-gb", data: {} }, /invalid "type"/],
  ])("%s stops the load with a ContentFileError naming the file", (_name, content, problem) => {
    const dir = makeDir();
    const file = writeDocument(dir, "sub/bad-document.json", content as DocumentFile | string);
    let error: unknown;
    try {
      loadDocuments(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as ContentFileError).file).toBe(file);
    expect((error as Error).message).toContain("bad-document.json");
    expect((error as Error).message).toMatch(problem);
  });

  test("a duplicate id names both files", () => {
    const dir = makeDir();
    writeDocument(dir, "a/first.json", page("same", "one", "en-gb"));
    writeDocument(dir, "b/second.json", page("same", "two", "en-gb"));
    expect(() => loadDocuments(dir)).toThrow(/second\.json: duplicate id "same" \(also in .*first\.json\)/);
  });

  test("a duplicate uid of the same type and language names both files", () => {
    const dir = makeDir();
    writeDocument(dir, "first.json", page("one", "about", "en-gb"));
    writeDocument(dir, "second.json", page("two", "about", "en-gb"));
    writeDocument(dir, "third.json", page("three", "about", "en-us"));
    expect(() => loadDocuments(dir)).toThrow(/second\.json: duplicate uid "about".*first\.json/);
  });
});
