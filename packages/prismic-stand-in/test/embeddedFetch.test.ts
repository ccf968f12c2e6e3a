/**
 * The embedded repository's HTTP answers (packages/prismic-stand-in/src/embedded/embeddedFetch.ts), in memory: the
 * repository endpoint, and `documents/search` with Prismic's refs, preview tokens, `lang`, paging
 * (page, pageSize up to 100, next_page/prev_page) and `after` ("Order your results" in Prismic's
 * documentation), in Prismic's bodies and error shapes. The predicates and orderings themselves:
 * test/filters.test.ts and test/orderings.test.ts.
 */
import { type BuildQueryURLArgs, buildQueryURL, filter, type PrismicDocument, type Query } from "@prismicio/client";
import {
  createEmbeddedFetch,
  EMBEDDED_ENDPOINT,
  EMBEDDED_PREVIEW_TOKEN_PREFIX,
  embeddedPreviewToken,
} from "../src/embedded/embeddedFetch";
import { createEmbeddedRepository, releaseRef } from "../src/embedded/embeddedRepository";

function doc(id: string, lang: string, rank: number, title = `Article ${id}`): PrismicDocument {
  return {
    id,
    uid: id,
    type: "article",
    lang,
    url: null,
    href: "",
    tags: [],
    slugs: [],
    linked_documents: [],
    alternate_languages: [],
    first_publication_date: "2024-01-01T00:00:00+0000",
    last_publication_date: "2024-01-01T00:00:00+0000",
    data: { title: [{ type: "heading1", text: title, spans: [] }], rank },
  } as unknown as PrismicDocument;
}

const GB = Array.from({ length: 45 }, (_, i) => doc(`gb-${String(i).padStart(2, "0")}`, "en-gb", i));
const US = Array.from({ length: 5 }, (_, i) => doc(`us-${i}`, "en-us", i));
const repo = createEmbeddedRepository([...GB, ...US], {
  releases: [
    { name: "spring-refresh", documents: [doc("gb-00", "en-gb", 0, "Spring draft"), doc("new-1", "en-gb", 99)] },
  ],
});
const embeddedFetch = createEmbeddedFetch(repo);

/** A search as the client writes it, at the master ref unless another is given. */
async function search(params: Partial<BuildQueryURLArgs> = {}, raw = "") {
  const url = buildQueryURL(EMBEDDED_ENDPOINT, { ref: repo.masterRef, ...params }) + raw;
  const response = await embeddedFetch(url);
  return { status: response.status, body: await response.json(), url: response.url };
}
const ids = (body: Query) => body.results.map((d) => d.id);

describe("the repository endpoint", () => {
  test("its refs, master first, the languages, and the search form", async () => {
    const response = await embeddedFetch(EMBEDDED_ENDPOINT);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.refs[0]).toEqual({ id: "master", ref: repo.masterRef, label: "Master", isMasterRef: true });
    expect(body.refs[1]).toMatchObject({ id: "spring-refresh", label: "Spring refresh", isMasterRef: false });
    expect(body.languages.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining(["en-gb", "en-us"]));
    expect(body.forms.everything.action).toBe(`${EMBEDDED_ENDPOINT}/documents/search`);
  });

  test.each([
    ["another path", `${EMBEDDED_ENDPOINT}/documents`, "GET"],
    ["another host", "https://elsewhere.invalid/api/v2", "GET"],
    ["a POST", `${EMBEDDED_ENDPOINT}/documents/search`, "POST"],
  ])("404 for %s", async (_case, url, method) => {
    const response = await embeddedFetch(url, { method });
    expect(response.status).toBe(404);
  });

  test("a request whose signal is already aborted is rejected with its reason, as fetch does", async () => {
    const controller = new AbortController();
    controller.abort(new Error("went away"));
    await expect(embeddedFetch(EMBEDDED_ENDPOINT, { signal: controller.signal })).rejects.toThrow("went away");
  });

  test("the answer knows its URL, as a fetched one does", async () => {
    const url = buildQueryURL(EMBEDDED_ENDPOINT, { ref: repo.masterRef });
    expect((await embeddedFetch(url)).url).toBe(url);
  });
});

describe("refs and preview tokens", () => {
  test("no ref: 400 api_validation_error", async () => {
    const response = await embeddedFetch(`${EMBEDDED_ENDPOINT}/documents/search`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ type: "api_validation_error", message: "The ref parameter is required." });
  });

  test("an unknown ref: 404 api_notfound_error naming the master ref, which the client retries at", async () => {
    const { status, body } = await search({ ref: "no-such-ref" });
    expect(status).toBe(404);
    expect(body.type).toBe("api_notfound_error");
    expect(body.message).toMatch(new RegExp(`Master ref is: ${repo.masterRef}$`));
  });

  test("a release's ref answers with its drafts over the published documents", async () => {
    const ref = releaseRef(repo, "spring-refresh")!;
    const { body } = await search({ ref, filters: [filter.in("document.id", ["gb-00", "new-1"])] });
    expect(body.results.map((d: PrismicDocument) => [d.id, d.data.title[0].text]).sort()).toEqual([
      ["gb-00", "Spring draft"],
      ["new-1", "Article new-1"],
    ]);
  });

  test("a preview token naming a release's ref, or the release by name, answers at that ref", async () => {
    const ref = releaseRef(repo, "spring-refresh")!;
    for (const token of [embeddedPreviewToken(ref), `${EMBEDDED_PREVIEW_TOKEN_PREFIX}spring-refresh`]) {
      const { status, body } = await search({ ref: token, filters: [filter.at("document.id", "new-1")] });
      expect(status).toBe(200);
      expect(ids(body)).toEqual(["new-1"]);
    }
  });

  test("a preview token naming nothing is an unknown ref", async () => {
    const { status, body } = await search({ ref: `${EMBEDDED_PREVIEW_TOKEN_PREFIX}autumn` });
    expect(status).toBe(404);
    expect(body.message).toContain(`Master ref is: ${repo.masterRef}`);
  });
});

describe("languages", () => {
  test.each([
    ["no lang: the master language", {}, 45],
    ["one language", { lang: "en-us" }, 5],
    ["a language in capitals", { lang: "EN-US" }, 5],
    ["every language", { lang: "*" }, 50],
    ["a language without documents", { lang: "fr-fr" }, 0],
  ])("%s", async (_case, params, total) => {
    expect((await search(params)).body.total_results_size).toBe(total);
  });
});

describe("paging", () => {
  test("20 a page by default, with the totals and full URLs of the neighbouring pages", async () => {
    const { body } = await search({ page: 2 });
    expect(body).toMatchObject({
      page: 2,
      results_per_page: 20,
      results_size: 20,
      total_results_size: 45,
      total_pages: 3,
      license: "All Rights Reserved",
      version: repo.masterRef.slice(0, 7),
    });
    expect(new URL(body.next_page).searchParams.get("page")).toBe("3");
    expect(new URL(body.prev_page).searchParams.get("page")).toBe("1");
    expect(new URL(body.next_page).searchParams.get("pageSize")).toBe("20");
    expect(new URL(body.next_page).searchParams.get("ref")).toBe(repo.masterRef);
  });

  test("the first page has no previous page, the last no next, and holds what is left", async () => {
    expect((await search({ page: 1 })).body.prev_page).toBeNull();
    const last = (await search({ page: 3 })).body;
    expect(last).toMatchObject({ results_size: 5, next_page: null });
  });

  test("a page past the last is empty, not an error", async () => {
    const { status, body } = await search({ page: 9 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 9, results_size: 0, results: [], total_pages: 3, next_page: null });
  });

  test("one query pages through every document once, and a page asked twice is the same page", async () => {
    const paged = [];
    for (let page = 1; page <= 5; page++) paged.push(...ids((await search({ pageSize: 10, page })).body));
    expect([...paged].sort()).toEqual(GB.map((d) => d.id));
    expect(ids((await search({ pageSize: 10, page: 3 })).body)).toEqual(paged.slice(20, 30));
  });

  test.each([
    ["a pageSize over 100", "&pageSize=101", "pageSize"],
    ["a pageSize of 0", "&pageSize=0", "pageSize"],
    ["a pageSize that is no integer", "&pageSize=1.5", "pageSize"],
    ["a page of 0", "&page=0", "page"],
    ["a page that is no number", "&page=two", "page"],
  ])("%s: 400 parsing-error naming the parameter", async (_case, raw, location) => {
    const { status, body } = await search({}, raw);
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: "parsing-error", pos: { location } });
  });

  test("a pageSize of 100 is taken", async () => {
    expect((await search({ pageSize: 100 })).body.results_size).toBe(45);
  });
});

describe("after: only the documents after the one named, in the query's order", () => {
  test("with orderings, as Prismic's documentation shows it", async () => {
    const orderings = [{ field: "my.article.rank" }];
    const { body } = await search({ orderings, after: "gb-41" });
    expect(ids(body)).toEqual(["gb-42", "gb-43", "gb-44"]);
  });

  test("reversed orderings give the documents before it", async () => {
    const { body } = await search({ orderings: [{ field: "my.article.rank", direction: "desc" }], after: "gb-03" });
    expect(ids(body)).toEqual(["gb-02", "gb-01", "gb-00"]);
  });

  test("an id not in the answer leaves it whole", async () => {
    expect((await search({ after: "nowhere" })).body.total_results_size).toBe(45);
  });
});

test("a q that cannot be parsed: 400 parsing-error, never an empty result", async () => {
  const { status, body } = await search({ filters: ['[at(document.type "article")]'] });
  expect(status).toBe(400);
  expect(body).toMatchObject({ type: "parsing-error", pos: { location: "q" } });
});

test("content reloaded through a function: the next search answers from the new repository", async () => {
  let current = repo;
  const reloading = createEmbeddedFetch(() => current);
  const url = () => buildQueryURL(EMBEDDED_ENDPOINT, { ref: current.masterRef, lang: "*" });
  expect((await (await reloading(url())).json()).total_results_size).toBe(50);
  current = createEmbeddedRepository(US);
  expect((await (await reloading(url())).json()).total_results_size).toBe(5);
});
