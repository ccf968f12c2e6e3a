/**
 * Secrets never reach the log: preview tokens however their parameter name is encoded, the query
 * of a Referer, and the preview token inside @prismicio/client's "ref was invalid" warning (which
 * the server routes through its logger instead of the console) — checked on the built server's
 * whole output.
 */
import { embeddedPreviewToken } from "../packages/prismic-stand-in/src/testing";
import { redactedRequest, redactSecrets } from "../server/observability/logger";
import { previewCookieValue } from "../server/preview/previewRoute";
import { startBuiltServer, type RunningServer } from "./support/builtServer";

describe("redactSecrets", () => {
  test.each([
    ["/preview?token=abc&documentId=d", "/preview?token=[redacted]&documentId=d"],
    ["/preview?%74oken=abc&documentId=d", "/preview?%74oken=[redacted]&documentId=d"],
    ["/preview?TOKEN=abc", "/preview?TOKEN=[redacted]"],
    ["/preview?%54%4F%4B%45%4E=abc", "/preview?%54%4F%4B%45%4E=[redacted]"],
    ["/x?a=1&access_token=abc&b=2", "/x?a=1&access_token=[redacted]&b=2"],
    [
      "https://repo.cdn.prismic.io/api/v2/documents/search?ref=https%3A%2F%2Frepo.prismic.io%2Fpreviews%2Fabc&lang=*",
      "https://repo.cdn.prismic.io/api/v2/documents/search?ref=[redacted]&lang=*",
    ],
    ["/gallery?page=2", "/gallery?page=2"],
    ["/x?%zz=1&token=abc", "/x?%zz=1&token=[redacted]"],
  ])("%s → %s", (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });

  test("a logged Referer has no query or fragment", () => {
    const logged = redactedRequest({
      method: "GET",
      url: "/",
      headers: { referer: "https://other.example/page?token=abc#x" },
    } as never);
    expect(logged.headers).toMatchObject({ referer: "https://other.example/page" });
  });
});

describe("the built server's log", () => {
  const SECRETS = {
    encoded: "encoded-secret-7f3a9c",
    referer: "referer-secret-2b8d41",
    ref: "ref-secret-9e1c55",
  };
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ LOG_LEVEL: "info", MEDIA_WARM: "off" });
  });
  afterAll(() => server?.stop());

  test("holds none of the three secrets, but does log the requests and the client's warning", async () => {
    const token = encodeURIComponent(embeddedPreviewToken(`release~${SECRETS.encoded}`));
    await fetch(`${server.url}/preview?%74oken=${token}&documentId=home-gb`, { redirect: "manual" });
    await fetch(`${server.url}/us`, {
      headers: { referer: `https://elsewhere.example/p?token=${SECRETS.referer}&x=1` },
    });
    const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", embeddedPreviewToken(`release~expired~${SECRETS.ref}`)))}`;
    const page = await fetch(`${server.url}/gallery/canal-house`, { headers: { cookie } });
    expect(page.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    const log = server.output();
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
    const lines = log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, any>);
    // The requests were logged (redacted, not dropped) and the client's warning went through the logger.
    expect(lines.some((l) => l.req?.url?.startsWith("/preview?%74oken=[redacted]&documentId=home-gb"))).toBe(true);
    expect(lines.some((l) => l.req?.headers?.referer === "https://elsewhere.example/p")).toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({
        source: "@prismicio/client",
        msg: expect.stringMatching(/The ref \(\[redacted\]\) was invalid/),
      }),
    );
  }, 30_000);
});
