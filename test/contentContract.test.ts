/**
 * One suite, two backends: the content service's contract (the queries of every loader, the
 * sitemap, previews and refs) runs against the embedded repository in-process, and through the
 * hosted code path (PRISMIC_REPOSITORY + PRISMIC_API_ENDPOINT, a real `fetch` over loopback, the
 * client's own retries and caches) against the same repository served with Prismic's REST paths
 * (test/support/prismicHttpStandIn.ts). Both answer in Prismic's unpromised (shuffled) order.
 */
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import type { EmbeddedRepository } from "../packages/prismic-stand-in/src/index";
import {
  answeringFetch,
  embeddedPreviewToken,
  PrismicAnswers,
  releaseRef,
} from "../packages/prismic-stand-in/src/testing";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp, ROOT, type TestApp } from "./support/testApp";
import { until } from "./support/waitFor";

const SECRET = "a-webhook-secret-of-some-length";
const PUBLISHED_HEADING = "Kitchens made to measure, built to last a lifetime";
const DRAFT_PROJECT = "Canal House, repainted for spring";

interface Backend {
  site: TestApp;
  /** The repository as the backend serves it now. */
  repository(): EmbeddedRepository;
  publish(documents: EmbeddedRepository["documents"]): void;
  answers: PrismicAnswers;
  /** Search requests the backend answered (HTTP only; in-process: undefined). */
  searches(): number | undefined;
  close(): Promise<void>;
}

async function inProcess(): Promise<Backend> {
  const answers = new PrismicAnswers();
  const site: TestApp = createTestApp({
    env: { PRISMIC_WEBHOOK_SECRET: SECRET, CONTENT_TIMEOUT_MS: "1000" },
    wrapFetch: (inner) => answeringFetch(inner, answers, () => site.contentClient.embedded!.current().masterRef),
  });
  return {
    site,
    repository: () => site.contentClient.embedded!.current(),
    publish: (documents) => void site.contentClient.embedded!.publish(documents),
    answers,
    searches: () => undefined,
    close: async () => undefined,
  };
}

async function overHttp(): Promise<Backend> {
  const standIn: PrismicHttpStandIn = await startPrismicHttpStandIn();
  const site = createTestApp({
    env: {
      PRISMIC_REPOSITORY: "embedded",
      PRISMIC_API_ENDPOINT: standIn.endpoint,
      PRISMIC_WEBHOOK_SECRET: SECRET,
      CONTENT_TIMEOUT_MS: "1000",
    },
  });
  return {
    site,
    repository: () => standIn.repository(),
    publish: (documents) => standIn.publish(documents),
    answers: standIn.answers,
    searches: () => standIn.requests.filter((r) => r.startsWith("/api/v2/documents/search")).length,
    close: () => standIn.close(),
  };
}

describe.each([
  ["in-process", inProcess],
  ["over HTTP, hosted code path", overHttp],
])("the content service %s", (_name, start) => {
  let backend: Backend;
  let warn: jest.SpyInstance;
  beforeAll(async () => {
    backend = await start();
  });
  afterAll(() => backend.close());
  beforeEach(() => {
    backend.answers.clear();
    // The client warns about a non-Prismic endpoint and when it falls back to the master ref.
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test("runs in the expected mode", () => {
    expect(backend.site.contentClient.mode).toBe(_name === "in-process" ? "embedded" : "hosted");
  });

  test("the sitemap lists every routable document once, and a URL of each route shape (every loader's queries) answers 200 with its own canonical", async () => {
    const { app, config } = backend.site;
    const res = await request(app).get("/sitemap.xml").expect(200);
    const { urls } = parseUrlset(res.text);
    const routable = backend
      .repository()
      .documents.filter((d) => ["home", "page", "gallery_project", "article", "sample_page"].includes(d.type));
    expect(urls.length).toBeGreaterThanOrEqual(routable.length);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
    // Two URLs per shape (same depth and parent path): every loader, without rendering the whole site twice.
    const perShape = new Map<string, number>();
    const sample = urls.filter(({ loc }) => {
      const segments = new URL(loc).pathname.split("/").filter(Boolean);
      const shape = `${segments.length}:${segments.slice(0, -1).join("/")}`;
      perShape.set(shape, (perShape.get(shape) ?? 0) + 1);
      return perShape.get(shape)! <= 2;
    });
    expect(sample.length).toBeGreaterThan(10);
    for (const { loc } of sample) {
      const page = await request(app).get(loc.slice(config.SITE_URL.length) || "/");
      expect([loc, page.status]).toEqual([loc, 200]);
      expect(page.text).toContain(`<link rel="canonical" href="${loc}"`);
    }
    if (backend.searches() !== undefined) expect(backend.searches()).toBeGreaterThan(0);
  });

  test("the blog list pages through every article exactly once", async () => {
    const { app } = backend.site;
    const seen: string[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await request(app).get(`/info/blog${page === 1 ? "" : `?page=${page}`}`);
      if (res.status === 404) break;
      expect(res.status).toBe(200);
      seen.push(...[...res.text.matchAll(/href="(\/info\/blog\/[^"?#]+)"/g)].map((m) => m[1]));
      if (!res.text.includes(`?page=${page + 1}"`)) break;
    }
    const articles = backend.repository().documents.filter((d) => d.type === "article" && d.lang === "en-gb");
    expect(articles.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(articles.length);
    expect(seen).toHaveLength(articles.length);
  });

  test("a preview shows the release's draft; a refused token falls back to published content and clears the cookie", async () => {
    const { app } = backend.site;
    const token = embeddedPreviewToken(releaseRef(backend.repository(), "spring-refresh")!);
    const cookie = (t: string) =>
      `io.prismic.preview=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: t } }))}`;
    const draft = await request(app).get("/gallery/canal-house").set("Cookie", cookie(token));
    expect(draft.text).toContain(DRAFT_PROJECT);

    const stale = `https://embedded.invalid/previews/stale-${Date.now()}`;
    backend.answers.switchTo({ kind: "preview-token-expired-400", ref: stale });
    const fallback = await request(app).get("/").set("Cookie", cookie(stale));
    expect(fallback.status).toBe(200);
    expect(fallback.text).toContain(PUBLISHED_HEADING);
    expect(String(fallback.headers["set-cookie"])).toMatch(/^io\.prismic\.preview=;/);
  });

  test("refs: the master ref is the repository's; after a publish and the webhook the next request renders the new content", async () => {
    const { app, content } = backend.site;
    expect(await content.masterRef()).toBe(backend.repository().masterRef);
    const before = backend.repository();
    const documents = before.documents.map((d) =>
      d.type === "home" && d.lang === "en-gb"
        ? { ...d, data: { ...d.data, title: [{ type: "heading1", text: "Published just now", spans: [] }] } }
        : d,
    );
    backend.publish(documents);
    const hook = await request(app).post("/api/prismic-webhook").send({ type: "api-update", secret: SECRET });
    expect(hook.body.ref).toBe(backend.repository().masterRef);
    expect(hook.body.ref).not.toBe(before.masterRef);
    // A page cached at the old ref is sent once more as STALE while one render refreshes it; the
    // refresh is the next answer's, within one render.
    const first = await request(app).get("/");
    if (!first.text.includes("Published just now")) expect(first.headers["x-cache"]).toBe("STALE");
    await until(
      "the home page to show the published title",
      async () => (await request(app).get("/")).text.includes("Published just now"),
      {
        timeoutMs: 5_000,
        intervalMs: 20,
      },
    );
    backend.publish(before.documents);
    await request(app).post("/api/prismic-webhook").send({ type: "api-update", secret: SECRET }).expect(200);
  });

  test("a 429 with a short Retry-After is waited out by the client's own retry; without one too", async () => {
    const { app } = backend.site;
    backend.answers
      .switchTo({ kind: "rate-limited", retryAfter: "0", times: 1 })
      .switchTo({ kind: "rate-limited", times: 1 });
    const res = await request(app).get("/info/blog/never-cached-429");
    expect(res.status).toBe(404);
    expect(backend.answers.served.get("rate-limited")).toBe(2);
  });

  test("an answer slower than CONTENT_TIMEOUT_MS is the friendly 503", async () => {
    const { app } = backend.site;
    backend.answers.switchTo({ kind: "slow", delayMs: 3_000, on: "any" });
    const started = performance.now();
    const res = await request(app).get("/info/blog/never-cached-slow");
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2_800);
  });

  test("a 503 with Retry-After stops every request to Prismic until it has passed", async () => {
    const { app } = backend.site;
    // 3 s, not 1: under a loaded CI run the second request came more than 1 s after the 503 and
    // rightly went to Prismic again. The wait is timed from the first answer, after the 503 was read.
    const retryAfterMs = 3_000;
    backend.answers.switchTo({ kind: "server-error", status: 503, retryAfter: String(retryAfterMs / 1000), on: "any" });
    const first = await request(app).get("/info/blog/never-cached-503-a");
    const firstAnsweredAt = performance.now();
    expect(first.status).toBe(503);
    const asked = backend.answers.served.get("server-error");
    const second = await request(app).get("/info/blog/never-cached-503-b");
    expect(second.status).toBe(503);
    expect(backend.answers.served.get("server-error")).toBe(asked);
    backend.answers.clear();
    const left = firstAnsweredAt + retryAfterMs + 100 - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
    expect((await request(app).get("/info/blog/never-cached-503-c")).status).toBe(404);
  });

  test("an outage of the content service degrades to the friendly 503, never a 500", async () => {
    const { app } = backend.site;
    backend.answers.switchTo({ kind: "server-error", status: 502, on: "any" });
    const down = await request(app).get("/info/blog/no-such-article-ever");
    expect(down.status).toBe(503);
    backend.answers.clear();
  });
});

describe("PRISMIC_API_ENDPOINT", () => {
  test("points the hosted client at another repository endpoint, checked at start-up", () => {
    const config = loadConfig(
      { PRISMIC_REPOSITORY: "my-kitchens", PRISMIC_API_ENDPOINT: "http://127.0.0.1:9/api/v2/" },
      ROOT,
    );
    expect(config.PRISMIC_API_ENDPOINT).toBe("http://127.0.0.1:9/api/v2");
    expect(loadConfig({ PRISMIC_REPOSITORY: "my-kitchens" }, ROOT).PRISMIC_API_ENDPOINT).toBeUndefined();
  });

  test.each([
    [
      "without PRISMIC_REPOSITORY",
      { PRISMIC_API_ENDPOINT: "https://proxy.example/api/v2" },
      /PRISMIC_API_ENDPOINT: needs PRISMIC_REPOSITORY/,
    ],
    [
      "not a repository endpoint",
      { PRISMIC_REPOSITORY: "my-kitchens", PRISMIC_API_ENDPOINT: "https://proxy.example/graphql" },
      /PRISMIC_API_ENDPOINT: a repository endpoint ending in \/api\/v2/,
    ],
    [
      "not http(s)",
      { PRISMIC_REPOSITORY: "my-kitchens", PRISMIC_API_ENDPOINT: "ftp://proxy.example/api/v2" },
      /PRISMIC_API_ENDPOINT/,
    ],
  ])("is refused %s, naming it", (_name, env, message) => {
    expect(() => loadConfig(env, ROOT)).toThrow(ConfigError);
    expect(() => loadConfig(env, ROOT)).toThrow(message);
  });
});
