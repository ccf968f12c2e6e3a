/**
 * The two request paths give one answer. A request for a page is answered either by the page
 * cache's fast path, before Express (server/pageCache/fastHit.ts, docs/decisions/019-cpu-per-request.md),
 * or by the Express app's middleware and renderer; every rule that decides before a page (its
 * spelling, legacy paths, the root's region, previews, HTTPS behind a proxy, content coding,
 * conditional requests: docs/request-path.md) must come out the same on both.
 *
 * One corpus of odd requests (test/support/oddRequests/), each sent as written to a site whose
 * page cache holds the page (the fast path answers what it may) and to a site that keeps nothing
 * (PAGE_CACHE_BYTES=0: Express renders every request), with TRUST_PROXY off and, for the
 * forwarded headers, on. Both must answer with the same status, headers (Location, Vary,
 * Cache-Control, ETag, Set-Cookie, HSTS, the security headers, the coding and length) and body.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { capturingLogger, type LogLine } from "./support/capturingLogger";
import { BROWSER, type Case, HOME, LIST, MISSING, type Tags } from "./support/oddRequests/case";
import { PATHS } from "./support/oddRequests/paths";
import { REPRESENTATIONS } from "./support/oddRequests/representations";
import { VISITORS } from "./support/oddRequests/visitors";
import { rawBodyRequest } from "./support/rawBodyRequest";
import { rawRequest, type RawResponse } from "./support/rawRequest";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";

const CORPUS: Case[] = [...PATHS, ...VISITORS, ...REPRESENTATIONS];

/** What differs between any two responses by nature: the date, the connection, which path served it. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "x-cache"]);

interface Site {
  port: number;
  lines: LogLine[];
  server: Server;
}

interface Pair {
  cached: Site;
  rendered: Site;
}

async function start(env: Record<string, string>): Promise<Site> {
  const { logger, lines } = capturingLogger("info");
  const { app } = createTestApp({
    logger,
    env: {
      CONTENT_REF_TTL_MS: "300000",
      // The site that renders renders every request: no client's render budget may run out.
      RENDER_BUDGET_PER_MINUTE: "1000000",
      RENDER_BUDGET_BURST: "1000000",
      ...env,
    },
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, lines, server };
}

/** A preview's nonce and a cookie's expiry date, which each response has its own of, written the same way in both. */
const NONCE = /(nonce-|nonce=")[A-Za-z0-9+/=]+/g;
const EXPIRES = /(Expires=)[^;"]+/g;
const perResponseMasked = (text: string) => text.replace(NONCE, "$1…").replace(EXPIRES, "$1…");

function decoded(res: RawResponse): string {
  const coding = res.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(res.body).toString("utf8");
  if (coding === "gzip") return zlib.gunzipSync(res.body).toString("utf8");
  return res.body.toString("utf8");
}

/** Where two answers to one request differ: the status, a header (by name) or the body. */
function differences(cached: RawResponse, rendered: RawResponse, ignore: ReadonlySet<string>): string[] {
  const found: string[] = [];
  if (cached.status !== rendered.status) found.push(`status ${cached.status} ≠ ${rendered.status}`);
  const names = new Set([...Object.keys(cached.headers), ...Object.keys(rendered.headers)]);
  for (const name of [...names].sort()) {
    if (PER_RESPONSE.has(name) || ignore.has(name)) continue;
    const a = perResponseMasked(JSON.stringify(cached.headers[name] ?? null));
    const b = perResponseMasked(JSON.stringify(rendered.headers[name] ?? null));
    if (a !== b) found.push(`${name}: ${a} ≠ ${b}`);
  }
  if (!cached.body.equals(rendered.body)) {
    // A preview's nonce differs per response, and with it its compressed bytes.
    const same =
      cached.headers["content-encoding"] === rendered.headers["content-encoding"] &&
      perResponseMasked(decoded(cached)) === perResponseMasked(decoded(rendered));
    if (!same) found.push(`body (${cached.body.length} ≠ ${rendered.body.length} bytes)`);
  }
  return found;
}

let direct: Pair;
let proxied: Pair;
let tags: Tags;

beforeAll(async () => {
  const [a, b, c, d] = await Promise.all([
    start(WITH_PAGE_CACHE),
    start({ PAGE_CACHE_BYTES: "0" }),
    start({ ...WITH_PAGE_CACHE, TRUST_PROXY: "loopback" }),
    start({ PAGE_CACHE_BYTES: "0", TRUST_PROXY: "loopback" }),
  ]);
  direct = { cached: a, rendered: b };
  proxied = { cached: c, rendered: d };
  const tagsOf = async (target: string, headers: Record<string, string> = {}) => {
    const tag = async (coding: string) =>
      String((await rawRequest(b.port, "GET", target, { ...headers, "Accept-Encoding": coding })).headers.etag);
    return { identity: await tag("identity"), br: await tag("br"), gzip: await tag("gzip") };
  };
  tags = {
    list: await tagsOf(LIST),
    home: await tagsOf(HOME, { "User-Agent": BROWSER, "Accept-Language": "en-GB" }),
    missing: await tagsOf(MISSING),
  };
  for (const page of Object.values(tags)) for (const tag of Object.values(page)) expect(tag).toMatch(/^"p-/);
});

afterAll(async () => {
  for (const site of [direct, proxied].flatMap((pair) => (pair ? [pair.cached, pair.rendered] : [])))
    await new Promise((resolve) => site.server.close(resolve));
});

let serial = 0;

/** Sends one case to both sites of a pair, once to warm them (the page cache, the preview answers), then for the record. */
async function sendToBoth(pair: Pair, c: Case) {
  const id = `case-${++serial}`;
  const headers = { "X-Request-Id": id, ...(typeof c.headers === "function" ? c.headers(tags) : c.headers) };
  const method = c.method ?? "GET";
  const warming = { ...headers, "X-Request-Id": `${headers["X-Request-Id"]}-warm` };
  // A case with a body is warmed without it: the page is cached before the body is tried.
  await rawRequest(pair.cached.port, method, c.target, c.body === undefined ? warming : {});
  await rawRequest(pair.rendered.port, method, c.target, c.body === undefined ? warming : {});
  const send = (port: number) =>
    c.body === undefined
      ? rawRequest(port, method, c.target, headers)
      : rawBodyRequest(port, method, c.target, headers, c.body);
  const cached = await send(pair.cached.port);
  const rendered = await send(pair.rendered.port);
  // The fast path's access line, found by the request id the answer carries.
  const answeredAs = cached.headers["x-request-id"];
  const byFastPath = pair.cached.lines.filter(
    (line) => (line.req as { id?: string } | undefined)?.id === answeredAs && line.cache === "HIT",
  ).length;
  // A request id that may not be logged as given is replaced by a fresh one on each answer.
  const ignore = new Set(headers["X-Request-Id"] === id ? [] : ["x-request-id"]);
  return { cached, rendered, byFastPath, ignore, headers };
}

function check(c: Case, answer: Awaited<ReturnType<typeof sendToBoth>>): void {
  const { cached, rendered, byFastPath, ignore } = answer;
  expect(differences(cached, rendered, ignore)).toEqual([]);
  if (c.expected) {
    expect(rendered.status).toBe(c.expected.status);
    if (c.expected.location !== undefined) expect(rendered.headers.location).toBe(c.expected.location);
    if (c.expected.cacheControl !== undefined) expect(rendered.headers["cache-control"]).toBe(c.expected.cacheControl);
  }
  if (rendered.status === 304) expect(rendered.body.length).toBe(0);
  // The cached side is the fast path where it may answer, and Express everywhere else.
  expect(byFastPath).toBe(c.fast ? 1 : 0);
}

const behindProxy = CORPUS.filter((c) => c.proxied);

describe(`the corpus: ${CORPUS.length} requests, ${behindProxy.length} of them also behind a trusted proxy`, () => {
  describe("TRUST_PROXY off", () => {
    test.each(CORPUS.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
      check(c, await sendToBoth(direct, c));
    });
  });

  describe("TRUST_PROXY=loopback", () => {
    test.each(behindProxy.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
      const answer = await sendToBoth(proxied, c);
      check(c, answer);
      // Believed from a trusted proxy: HSTS exactly when its first value says https.
      const forwarded: Record<string, string> = answer.headers;
      const secure = (forwarded["X-Forwarded-Proto"] ?? "").split(",")[0].trim() === "https";
      expect(answer.rendered.headers["strict-transport-security"] !== undefined).toBe(secure);
      for (const line of answer.rendered.headers["set-cookie"] ?? []) expect(/;\s*Secure/i.test(line)).toBe(secure);
    });
  });
});
