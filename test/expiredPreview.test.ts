/**
 * A preview Prismic refuses falls back to published content (server/content/expiredPreview.ts):
 * each way hosted Prismic refuses a preview token, for a query at a ref that is not the master
 * ref, becomes the unknown-ref answer naming the master ref, which @prismicio/client retries at;
 * the token is remembered as refused. Everything else passes as it came.
 */
import { PreviewRefusals, refusedPreviewAsUnknownRef } from "../server/content/expiredPreview";

const MASTER = "master-ref-1";
const TOKEN = "https://repo.prismic.io/previews/abc?websitePreviewId=x";
const SEARCH = "https://repo.cdn.prismic.io/api/v2/documents/search";
const at = (ref: string, path = SEARCH) => `${path}?ref=${encodeURIComponent(ref)}&q=%5B%5D`;

function answering(status: number, body: unknown) {
  return (async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    })) as typeof fetch;
}

async function through(status: number, body: unknown, url = at(TOKEN), master: string | null = MASTER) {
  const refusals = new PreviewRefusals();
  const response = await refusedPreviewAsUnknownRef(
    answering(status, body),
    async () => master ?? undefined,
    refusals,
  )(url);
  return { response, refusals, body: await response.text() };
}

describe("each refusal of a preview token becomes the unknown-ref answer naming the master ref", () => {
  test.each([
    [
      "an expired token (404 api_security_error)",
      404,
      { type: "api_security_error", message: "This preview token has expired" },
    ],
    ["an expired token (400 with only `error`)", 400, { error: "Preview token expired" }],
    ["a token not found, without the master ref", 404, { type: "api_notfound_error", message: "abc not found" }],
    ["an invalid access token (401)", 401, { error: "Invalid access token", oauth_initiate: "x", oauth_token: "y" }],
    ["a ref that needs an access token (403)", 403, { error: "Access to this Ref requires an access token" }],
    ["a 403 without a message", 403, {}],
    ["an expired ref without the master ref (410)", 410, { type: "api_validation_error", message: "Ref expired" }],
  ])("%s", async (_case, status, body) => {
    const { response, refusals, body: text } = await through(status, body);
    expect(response.status).toBe(404);
    const rewritten = JSON.parse(text);
    expect(rewritten.type).toBe("api_notfound_error");
    expect(rewritten.message).toMatch(new RegExp(`\\(${status}\\)\\. Master ref is: ${MASTER}$`));
    expect(refusals.has(TOKEN)).toBe(true);
  });
});

describe("answers the client retries itself pass as they are, the token remembered all the same", () => {
  test.each([
    [
      "404 naming the master ref",
      404,
      { type: "api_notfound_error", message: `Ref not found. Master ref is: ${MASTER}` },
    ],
    [
      "410 naming the master ref",
      410,
      { type: "api_validation_error", message: `Ref expired. Master ref is: ${MASTER}` },
    ],
  ])("%s", async (_case, status, body) => {
    const { response, refusals, body: text } = await through(status, body);
    expect(response.status).toBe(status);
    expect(JSON.parse(text)).toEqual(body);
    expect(refusals.has(TOKEN)).toBe(true);
  });
});

describe("everything else passes unchanged, and nothing is remembered", () => {
  test.each([
    ["a success", 200, { results: [] }, at(TOKEN), MASTER],
    ["a server error", 500, "<html>Prismic is down</html>", at(TOKEN), MASTER],
    ["a rate limit", 429, {}, at(TOKEN), MASTER],
    [
      "a malformed query (a parsing-error has a type)",
      400,
      { type: "parsing-error", message: "bad" },
      at(TOKEN),
      MASTER,
    ],
    [
      "a 404 security error about something else",
      404,
      { type: "api_security_error", message: "Forbidden" },
      at(TOKEN),
      MASTER,
    ],
    [
      "a 401 at the master ref: a wrong access token must show",
      401,
      { error: "Invalid access token" },
      at(MASTER),
      MASTER,
    ],
    [
      "a refusal for another endpoint",
      401,
      { error: "Invalid access token" },
      at(TOKEN, "https://repo.cdn.prismic.io/api/v2"),
      MASTER,
    ],
    ["a refusal of a request without a ref", 403, { error: "x" }, SEARCH, MASTER],
    ["a body that is not JSON", 404, "not json", at(TOKEN), MASTER],
    ["while the master ref cannot be read", 401, { error: "Invalid access token" }, at(TOKEN), null],
  ])("%s", async (_case, status, body, url, master) => {
    const { response, refusals, body: text } = await through(status, body, url, master);
    expect(response.status).toBe(status);
    expect(text).toBe(typeof body === "string" ? body : JSON.stringify(body));
    expect(refusals.has(TOKEN)).toBe(false);
  });
});

test("a Request object is read like a URL", async () => {
  const refusals = new PreviewRefusals();
  const wrapped = refusedPreviewAsUnknownRef(
    answering(401, { error: "Invalid access token" }),
    async () => MASTER,
    refusals,
  );
  expect((await wrapped(new Request(at(TOKEN)))).status).toBe(404);
  expect(refusals.has(TOKEN)).toBe(true);
});

test("PreviewRefusals keeps the most recent tokens up to its limit", () => {
  const refusals = new PreviewRefusals(2);
  refusals.add("a");
  refusals.add("b");
  refusals.add("a");
  refusals.add("c");
  expect(["a", "b", "c"].map((t) => refusals.has(t))).toEqual([true, false, true]);
});
