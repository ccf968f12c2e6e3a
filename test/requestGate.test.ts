/**
 * The request forms' cheap refusals before the app (server/requests/requestGate.ts, docs/requests.md
 * "Checks, in order"): only a POST to a form's exact address is looked at; another site's post is
 * 403 and a client over its rate 429 with Retry-After, each counted by reason, JSON when the
 * enhanced form asks for it, and the log says so once a minute, not once a post.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestGate } from "../server/requests/requestGate";
import type { RefusalReason } from "../server/observability/metrics/requestMetrics";

const SITE = "http://localhost:3000";

function setUp(perMinute = 3, { perMinuteAll = 1_000, trustProxy = false } = {}) {
  const refused: Array<[string, RefusalReason]> = [];
  const warnings: string[] = [];
  let clock = 1_000_000;
  const { applies, gate } = createRequestGate({
    siteUrl: SITE,
    perMinute,
    perMinuteAll,
    // Behind a proxy, the address X-Forwarded-For gives (one hop, as TRUST_PROXY=1).
    trustProxy: (_address, hop) => trustProxy && hop === 0,
    metrics: { accepted() {}, refused: (kind, reason) => void refused.push([kind, reason]), delivery() {} },
    logger: { warn: (_fields: unknown, message: string) => void warnings.push(message) } as never,
    now: () => clock,
  });
  let passed = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!applies(req)) return void res.writeHead(204).end();
    gate(req, res, () => {
      passed++;
      res.writeHead(200).end("app");
    });
  });
  return {
    refused,
    warnings,
    passed: () => passed,
    tick: (ms: number) => {
      clock += ms;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const post = (url: string, headers: Record<string, string> = { Origin: SITE }) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "name=x",
  });

test("looks only at a POST to a form's exact address of its region", async () => {
  const site = setUp(10);
  const url = await site.listen();
  try {
    for (const path of ["/requests/visit", "/us/requests/consultation", "/requests/quote?x=1", "/us/requests/samples"])
      expect((await post(url + path)).status).toBe(200);
    for (const path of [
      "/requests/Visit",
      "/requests/visit/",
      "//requests/visit",
      "/us/requests/visit",
      "/requests/consultation",
      "/requests/%76isit",
    ])
      expect((await post(url + path, { Origin: "https://evil.example" })).status).toBe(204);
    expect((await fetch(`${url}/requests/visit`)).status).toBe(204);
  } finally {
    await site.close();
  }
});

test("another site's post is 403 before it counts; the app never sees it", async () => {
  const site = setUp();
  const url = await site.listen();
  try {
    const refusedHeaders: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      {},
      { Origin: SITE, "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
      // Compared as sent: a browser sends the serialized origin, never user info, a path or capitals.
      { Origin: "http://evil@localhost:3000" },
      { Origin: `${SITE}/` },
      { Origin: SITE.toUpperCase() },
    ];
    for (const headers of refusedHeaders) {
      const res = await post(`${url}/requests/quote`, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("Requests can only be sent from this site's own pages.");
    }
    expect(site.passed()).toBe(0);
    expect(site.refused).toEqual(Array(refusedHeaders.length).fill(["quote", "cross_site"]));
    // Refused posts did not spend the client's rate.
    for (let i = 0; i < 3; i++) expect((await post(`${url}/requests/quote`)).status).toBe(200);
  } finally {
    await site.close();
  }
});

test("past its rate a client gets 429 with Retry-After, as JSON when asked, and one log line a minute", async () => {
  const site = setUp(3);
  const url = await site.listen();
  try {
    for (let i = 0; i < 3; i++) expect((await post(`${url}/requests/visit`)).status).toBe(200);
    const refused = await post(`${url}/requests/visit`);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    const json = await post(`${url}/us/requests/quote`, { Origin: SITE, Accept: "application/json" });
    expect(json.status).toBe(429);
    expect(await json.json()).toEqual({
      error: "rate_limited",
      message: "Too many requests from here just now: please wait a minute and send it again.",
    });
    expect(site.passed()).toBe(3);
    expect(site.refused).toEqual([
      ["visit", "rate_limited"],
      ["quote", "rate_limited"],
    ]);
    expect(site.warnings).toHaveLength(1);
    site.tick(60_000);
    await post(`${url}/requests/visit`, { Origin: "https://evil.example" });
    expect(site.warnings).toHaveLength(2);
  } finally {
    await site.close();
  }
});

test("every client together: past REQUESTS_RATE_LIMIT_ALL a minute, posts from many addresses are 429 busy before the app", async () => {
  const site = setUp(100, { perMinuteAll: 5, trustProxy: true });
  const url = await site.listen();
  try {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(await post(`${url}/requests/quote`, { Origin: SITE, "X-Forwarded-For": `198.51.100.${i + 1}` }));
    expect(statuses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(statuses[5].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await statuses[6].text()).toContain("please wait a minute and send it again");
    expect(site.passed()).toBe(5);
    expect(site.refused).toEqual([
      ["quote", "busy"],
      ["quote", "busy"],
    ]);
  } finally {
    await site.close();
  }
});
