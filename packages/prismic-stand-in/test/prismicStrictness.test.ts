/**
 * The embedded repository is at least as strict as hosted Prismic (docs/decisions/009): it
 * refuses the orderings, filters and page sizes Prismic refuses, answers in no particular order
 * where Prismic promises none, and can be switched to every other answer Prismic gives.
 */
import * as prismic from "@prismicio/client";
import { createEmbeddedFetch, EMBEDDED_ENDPOINT } from "../src/embedded/embeddedFetch";
import { createEmbeddedRepository, type EmbeddedRepository } from "../src/embedded/embeddedRepository";
import { answeringEmbeddedFetch, PrismicAnswers } from "../src/embedded/prismicAnswers";

const { filter } = prismic;
const STAMP = "2024-03-01T10:00:00+0000";

/** `count` articles, all published at the same instant (as a release publishes them), in id order. */
function articles(count: number, stamp = STAMP): prismic.PrismicDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `article-${String(i).padStart(4, "0")}`;
    return {
      id,
      uid: id,
      type: "article",
      lang: "en-gb",
      url: null,
      href: "",
      tags: [],
      slugs: [],
      linked_documents: [],
      alternate_languages: [],
      first_publication_date: stamp,
      last_publication_date: stamp,
      data: { title: [{ type: "heading1", text: `Article ${i}`, spans: [] }], rank: i % 4, items: [{ label: "x" }] },
    } as unknown as prismic.PrismicDocument;
  });
}

let repo: EmbeddedRepository;
const search = (query: string, fetchFn = createEmbeddedFetch(repo)) =>
  fetchFn(`${EMBEDDED_ENDPOINT}/documents/search?ref=${encodeURIComponent(repo.masterRef)}&${query}`);
const ids = async (response: Response) => ((await response.json()) as prismic.Query).results.map((d) => d.id);

beforeAll(() => {
  repo = createEmbeddedRepository(articles(250));
});

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("refuses what Prismic refuses, with a 400 parsing-error the client throws as ParsingError", () => {
  test.each([
    ["document.id", "[document.id]"],
    ["document.uid", "[document.uid]"],
    ["document.type", "[document.type desc]"],
    ["document.tags", "[document.tags]"],
    ["a field inside a group", "[my.article.items.label]"],
    ["a second, unsupported key", "[document.first_publication_date,document.id]"],
  ])("an ordering on %s", async (_name, orderings) => {
    const response = await search(`orderings=${encodeURIComponent(orderings)}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ type: "parsing-error", pos: { location: "orderings" } });
    expect(body.message).toMatch(/invalid ordering/);
  });

  test.each([
    ["my.article.rank", "[my.article.rank desc]"],
    ["both publication dates", "[document.first_publication_date,document.last_publication_date desc]"],
    ["my.article.uid", "[my.article.uid]"],
  ])("an ordering on %s is accepted", async (_name, orderings) => {
    expect((await search(`orderings=${encodeURIComponent(orderings)}`)).status).toBe(200);
  });

  test.each([
    ["at(document.uid)", filter.at("document.uid" as "document.id", "x")],
    ["at(document.lang)", filter.at("document.lang" as "document.id", "en-gb")],
    ["fulltext on document.type", filter.fulltext("document.type", "article")],
    ["has(document.tags)", filter.has("document.tags")],
    ["in(my.article.title)", filter.in("my.article.title", ["x"])],
    ["in(document.type)", filter.in("document.type", ["article"])],
    ["date.after on document.id", filter.dateAfter("document.id", "2024-01-01")],
    ["number.gt on a slice field", filter.numberGreaterThan("my.article.slices.primary.price", 1)],
  ])("a filter %s", async (_name, predicate) => {
    const response = await search(`q=${encodeURIComponent(`[${predicate}]`)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "parsing-error", pos: { location: "q" } });
  });

  test.each([
    ["a pageSize over 100", "pageSize=101"],
    ["a pageSize of 0", "pageSize=0"],
    ["a page that is not a number", "page=two"],
    ["an empty q", "q="],
    ["an unclosed q", `q=${encodeURIComponent('[[at(document.type, "article")]')}`],
  ])("%s", async (_name, query) => {
    const response = await search(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "parsing-error" });
  });

  test("through the client, a refused query is a ParsingError, never an empty result", async () => {
    const client = prismic.createClient(EMBEDDED_ENDPOINT, { fetch: createEmbeddedFetch(repo) });
    await expect(client.get({ orderings: [{ field: "document.id" }] })).rejects.toBeInstanceOf(prismic.ParsingError);
    await expect(client.get({ pageSize: 200 })).rejects.toBeInstanceOf(prismic.ParsingError);
  });
});

describe("no order where Prismic promises none", () => {
  test("without orderings, the answer is not in file (id) order, and is the same for the same query at the same ref", async () => {
    const first = await ids(await search("pageSize=100"));
    expect(first).not.toEqual([...first].sort());
    expect(await ids(await search("pageSize=100"))).toEqual(first);
    // Another ref (a publish): another order.
    const published = createEmbeddedRepository([
      ...articles(250),
      ...articles(1, "2024-04-01T00:00:00+0000").map((d) => ({ ...d, id: "extra", uid: "extra" })),
    ]);
    const other = await ids(
      await createEmbeddedFetch(published)(
        `${EMBEDDED_ENDPOINT}/documents/search?ref=${published.masterRef}&pageSize=100`,
      ),
    );
    expect(other.filter((id) => id !== "extra").slice(0, 20)).not.toEqual(first.slice(0, 20));
  });

  test("ties of an ordering are shuffled too; paging through one query still sees every document exactly once", async () => {
    const ordered = `orderings=${encodeURIComponent("[document.first_publication_date]")}&pageSize=40`;
    const seen: string[] = [];
    for (let page = 1; page <= 7; page++) seen.push(...(await ids(await search(`${ordered}&page=${page}`))));
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen).not.toEqual([...seen].sort());
  });

  test("an ordering orders: by rank, descending, the ranks never go up", async () => {
    const body = (await (
      await search(`orderings=${encodeURIComponent("[my.article.rank desc]")}&pageSize=100`)
    ).json()) as prismic.Query;
    const ranks = body.results.map((d) => (d.data as { rank: number }).rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });
});

describe("switchable to every other answer Prismic gives", () => {
  const clientWith = (answers: PrismicAnswers) =>
    prismic.createClient(EMBEDDED_ENDPOINT, { fetch: answeringEmbeddedFetch(repo, answers) });

  test.each<[string, Parameters<PrismicAnswers["switchTo"]>[0], number, new (...args: never[]) => Error]>([
    [
      "an expired preview token (404 api_security_error)",
      { kind: "preview-token-expired" },
      404,
      prismic.PreviewTokenExpiredError,
    ],
    ["an expired preview token (400 error)", { kind: "preview-token-expired-400" }, 400, prismic.ParsingError],
    [
      "an unknown preview token (404 api_notfound_error, no master ref)",
      { kind: "preview-token-not-found" },
      404,
      prismic.RefNotFoundError,
    ],
    ["a wrong-scope access token (401)", { kind: "invalid-access-token" }, 401, prismic.ForbiddenError],
    ["a release without a master+releases token (403)", { kind: "ref-needs-access-token" }, 403, prismic.PrismicError],
    ["a server error (503)", { kind: "server-error", status: 503 }, 503, prismic.PrismicError],
  ])("%s", async (_name, rule, status, errorClass) => {
    const answers = new PrismicAnswers().switchTo({ ...rule, ref: "https://embedded.invalid/previews/stale" });
    const response = await answeringEmbeddedFetch(
      repo,
      answers,
    )(`${EMBEDDED_ENDPOINT}/documents/search?ref=${encodeURIComponent("https://embedded.invalid/previews/stale")}`);
    expect(response.status).toBe(status);
    await expect(clientWith(answers).get({ ref: "https://embedded.invalid/previews/stale" })).rejects.toBeInstanceOf(
      errorClass,
    );
    // Other refs are not affected.
    expect((await clientWith(answers).get({ pageSize: 1 })).results).toHaveLength(1);
  });

  test("410 names the master ref, so the client retries there with its warning", async () => {
    const answers = new PrismicAnswers().switchTo({ kind: "ref-expired", ref: "old-ref" });
    expect((await clientWith(answers).get({ ref: "old-ref", pageSize: 1 })).results).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("The ref (old-ref) was expired"));
  });

  test("429 with and without Retry-After, counted, and only as many times as asked", async () => {
    const answers = new PrismicAnswers()
      .switchTo({ kind: "rate-limited", retryAfter: "7", times: 1 })
      .switchTo({ kind: "rate-limited", times: 1 });
    const fetchFn = answeringEmbeddedFetch(repo, answers);
    const first = await search("pageSize=1", fetchFn);
    expect([first.status, first.headers.get("retry-after")]).toEqual([429, "7"]);
    const second = await search("pageSize=1", fetchFn);
    expect([second.status, second.headers.get("retry-after")]).toEqual([429, null]);
    expect((await search("pageSize=1", fetchFn)).status).toBe(200);
    expect(answers.served.get("rate-limited")).toBe(2);
  });

  test("a 503 can carry a Retry-After too, as during an incident", async () => {
    const answers = new PrismicAnswers().switchTo({ kind: "server-error", status: 503, retryAfter: "120" });
    const response = await search("pageSize=1", answeringEmbeddedFetch(repo, answers));
    expect([response.status, response.headers.get("retry-after"), response.headers.get("content-type")]).toEqual([
      503,
      "120",
      "text/html; charset=utf-8",
    ]);
  });

  test("the repository endpoint can fail on its own", async () => {
    const answers = new PrismicAnswers().switchTo({ kind: "server-error", on: "repository", status: 502 });
    await expect(clientWith(answers).getRepository()).rejects.toBeInstanceOf(prismic.PrismicError);
  });

  test("a slow answer comes late, and an abort still ends it at once", async () => {
    const answers = new PrismicAnswers().switchTo({ kind: "slow", delayMs: 300 });
    const fetchFn = answeringEmbeddedFetch(repo, answers);
    const started = performance.now();
    expect((await search("pageSize=1", fetchFn)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const aborted = performance.now();
    await expect(
      fetchFn(`${EMBEDDED_ENDPOINT}/documents/search?ref=${repo.masterRef}`, { signal: AbortSignal.timeout(20) }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    expect(performance.now() - aborted).toBeLessThan(250);
  });
});
