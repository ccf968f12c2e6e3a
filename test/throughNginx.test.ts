/**
 * What a visitor gets through deploy/nginx/nginx.conf in front of the built site (embedded
 * content, TRUST_PROXY=1 as compose.yaml runs it): nginx's real-IP and TLS-balancer settings
 * turned on for 127.0.0.2, the balancer, so a request from 127.0.0.1 is a visitor reaching nginx
 * directly. HSTS and Secure cookies behind a balancer that terminates TLS, a request id of its own
 * on every answer (cache hits included), the site's security headers on nginx's own answers and
 * never twice on the app's, the preview cookie spelled as the app reads it, and the region choice
 * at `/` never answered from the cache.
 */
import http from "node:http";
import { embeddedPreviewToken } from "../packages/prismic-stand-in/src/embedded/embeddedFetch";
import { previewCookieValue } from "../server/preview/previewRoute";
import { PERMISSIONS_POLICY } from "../server/http/security";
import { freePort, startBuiltServer, type RunningServer } from "./support/builtServer";
import { exchange } from "./support/rawExchange";
import { startNginx, type Nginx } from "./support/siteCluster";
import { until } from "./support/waitFor";

const BALANCER = "127.0.0.2";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** The pages' `s-maxage` (server/pageCache/cacheControl.ts). */
const S_MAXAGE_MS = 5_000;
/** The security headers every answer of the app carries (server/http/security.ts), checked against the app below. */
const SECURITY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
];
/** The demo release's preview, as the /preview route writes its cookie (the value, URL-encoded). */
const PREVIEW = encodeURIComponent(previewCookieValue("embedded", embeddedPreviewToken("spring-refresh")));

interface Answer {
  status: number;
  /** Every value of each header, names in lower case. */
  headers: Record<string, string[]>;
  body: string;
}

let app: RunningServer;
let nginx: Nginx;

beforeAll(async () => {
  // The app's own tracking limit above nginx's, so the relay's 429 below is nginx's.
  app = await startBuiltServer({
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    RENDER_BUDGET_PER_MINUTE: "0",
    TRACKING_RATE_LIMIT: "1000",
  });
  nginx = await startNginx({
    upstreams: [new URL(app.url).host],
    offlinePage: "<!doctype html><title>Back shortly</title><p>We’ll be back shortly",
    realIpFrom: BALANCER,
    tlsBalancer: true,
  });
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});

/** One request to `origin` (nginx by default) from `from`, the target sent as written. */
function send(
  target: string,
  {
    from = "127.0.0.1",
    method = "GET",
    headers = {},
    origin,
  }: { from?: string; method?: string; headers?: Record<string, string>; origin?: string } = {},
): Promise<Answer> {
  const url = new URL(origin ?? nginx.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: target, method, headers, localAddress: from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: headersOf(res.rawHeaders),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function headersOf(raw: string[]): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    headers[name] = [...(headers[name] ?? []), raw[i + 1]];
  }
  return headers;
}

/** A request written as is (one nginx refuses before it routes it): the answer's status and headers. */
async function sendRaw(port: number, head: string): Promise<Answer> {
  const answer = await exchange(port, head);
  const [top, body = ""] = answer.split("\r\n\r\n");
  const [statusLine, ...lines] = top.split("\r\n");
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0),
    headers: headersOf(
      lines.flatMap((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
    ),
    body,
  };
}

const one = (answer: Answer, name: string) => answer.headers[name]?.[0];
const cookies = (answer: Answer) => answer.headers["set-cookie"] ?? [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("behind a load balancer that terminates TLS", () => {
  const viaBalancer = { from: BALANCER, headers: { "x-forwarded-for": "203.0.113.5", "x-forwarded-proto": "https" } };

  test("HTTPS at the balancer: the app sends HSTS and Secure cookies (the region choice, the preview)", async () => {
    const region = await send("/_region/us?to=/us", viaBalancer);
    expect(region.status).toBe(302);
    expect(cookies(region)).toEqual([expect.stringMatching(/^i18n_redirected=us;.*; Secure(;|$)/)]);
    expect(region.headers["strict-transport-security"]).toEqual(["max-age=31536000; includeSubDomains"]);

    const preview = await send(
      `/preview?token=${encodeURIComponent(embeddedPreviewToken("spring-refresh"))}&documentId=home-gb`,
      viaBalancer,
    );
    expect(preview.status).toBe(302);
    expect(cookies(preview)).toEqual([expect.stringMatching(/^io\.prismic\.preview=.*; Secure(;|$)/)]);
    expect(preview.headers["strict-transport-security"]).toHaveLength(1);

    const page = await send("/gallery", { ...viaBalancer, headers: { ...viaBalancer.headers, "user-agent": BROWSER } });
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toHaveLength(1);
  });

  test("plain HTTP, or an X-Forwarded-Proto from anyone but the balancer: neither HSTS nor a Secure cookie", async () => {
    const direct = { headers: { "x-forwarded-proto": "https" } };
    const balancerHttp = { from: BALANCER, headers: { "x-forwarded-proto": "http" } };
    const plain: { from?: string; headers?: Record<string, string> } = {};
    for (const options of [direct, balancerHttp, plain]) {
      const region = await send("/_region/us?to=/us", options);
      expect(region.status).toBe(302);
      expect(cookies(region)).toEqual([expect.not.stringMatching(/Secure/i)]);
      expect(region.headers["strict-transport-security"]).toBeUndefined();
      // The page the balancer's visitors asked for over HTTPS (above) is cached apart from this one.
      const page = await send("/gallery", { ...options, headers: { ...options.headers, "user-agent": BROWSER } });
      expect(page.status).toBe(200);
      expect(page.headers["strict-transport-security"]).toBeUndefined();
    }
  });
});

describe("a request id per answer", () => {
  test("every answer, cache hits included, carries the id nginx logged and sent to the app", async () => {
    // A key of its own in this nginx's cache (a made-up parameter would share /gallery's: the key
    // keeps only the parameters a page reads, docs/security.md "Caches and URL spellings").
    const target = "/gallery?page=1";
    const answers = [await send(target), await send(target), await send(target), await send("/metrics")];
    expect(answers.map((a) => `${a.status} ${one(a, "x-cache-status") ?? "-"}`)).toEqual([
      "200 MISS",
      "200 HIT",
      "200 HIT",
      "404 -",
    ]);
    const ids = answers.map((a) => a.headers["x-request-id"]);
    for (const id of ids) expect(id).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(new Set(ids.map((id) => id[0])).size).toBe(answers.length);
    // The id of nginx's access log line for each of them.
    const logged = (id: string) => nginx.accessLog().some((line) => line.endsWith(`request_id=${id}`));
    expect(ids.filter(([id]) => !logged(id))).toEqual([]);
    // The miss reached the app with that id, which it logged with its own line.
    await until(`the app to log request ${ids[0][0]}`, () => app.output().includes(`"id":"${ids[0][0]}"`), {
      timeoutMs: 5_000,
    });
  });
});

describe("nginx's own answers", () => {
  let offline: Nginx;
  beforeAll(async () => {
    // nginx in front of an instance that is not there: its 503 page.
    offline = await startNginx({
      upstreams: [`127.0.0.1:${await freePort()}`],
      offlinePage: "<!doctype html><title>Back shortly</title><p>We’ll be back shortly",
    });
  });
  afterAll(() => offline?.stop());

  /** Each answer nginx makes itself, by what it is. */
  async function ownAnswers(options: { from?: string; headers?: Record<string, string> } = {}) {
    const port = Number(new URL(nginx.url).port);
    // Over the client's burst at the relay (one address: this test's).
    let limited: Answer | undefined;
    for (let i = 0; i < 80 && !limited; i++) {
      const answer = await send("/api/meta-capi", { ...options, method: "POST" });
      if (answer.status === 429) limited = answer;
    }
    return {
      "offline 503": await send("/gallery", { ...options, origin: offline.url }),
      "relay 429": limited!,
      "/metrics 404": await send("/metrics", options),
      "400 (no Host)": await sendRaw(port, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n"),
      "501 (unknown Transfer-Encoding)": await sendRaw(
        port,
        "POST /api/client-log HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n",
      ),
    };
  }

  test("carry the site's security headers, once each, with a policy that allows only their own styles and fonts", async () => {
    // The names are the app's: a page from it directly carries each.
    const page = await send("/gallery", { origin: app.url, headers: { "user-agent": BROWSER } });
    expect(SECURITY_HEADERS.filter((name) => page.headers[name]?.length !== 1)).toEqual([]);

    const answers = await ownAnswers();
    const statuses = Object.fromEntries(Object.entries(answers).map(([what, answer]) => [what, answer.status]));
    expect(statuses).toEqual({
      "offline 503": 503,
      "relay 429": 429,
      "/metrics 404": 404,
      "400 (no Host)": 400,
      "501 (unknown Transfer-Encoding)": 501,
    });
    for (const [what, answer] of Object.entries(answers)) {
      const headers = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]]));
      expect([what, headers]).toEqual([
        what,
        {
          "content-security-policy": [
            "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
          ],
          "cross-origin-opener-policy": ["same-origin"],
          "cross-origin-resource-policy": ["same-origin"],
          "permissions-policy": [PERMISSIONS_POLICY],
          "referrer-policy": ["strict-origin-when-cross-origin"],
          "x-content-type-options": ["nosniff"],
          "x-frame-options": ["DENY"],
        },
      ]);
      expect([what, answer.headers["cache-control"], answer.headers["x-request-id"]?.length]).toEqual([
        what,
        ["no-store"],
        1,
      ]);
      // Plain HTTP: no HSTS.
      expect([what, answer.headers["strict-transport-security"]]).toEqual([what, undefined]);
    }
    // What each had of its own stays.
    expect(answers["offline 503"].headers["retry-after"]).toEqual(["30"]);
    expect(answers["offline 503"].headers["x-cache-status"]).toEqual(["MISS"]);
    expect(answers["offline 503"].body).toContain("We’ll be back shortly");
    expect(answers["relay 429"].headers["retry-after"]).toEqual(["1"]);
    expect(answers["relay 429"].headers["content-type"]).toEqual(["application/json"]);
  });

  test("over HTTPS at the balancer they carry HSTS too", async () => {
    const https = await send("/metrics", { from: BALANCER, headers: { "x-forwarded-proto": "https" } });
    expect(https.status).toBe(404);
    expect(https.headers["strict-transport-security"]).toEqual(["max-age=31536000; includeSubDomains"]);
  });

  test("the app's answers keep the app's own headers, none doubled (a framable route stays framable)", async () => {
    const home = await send("/", { origin: app.url, headers: { "user-agent": BROWSER, "accept-language": "en-GB" } });
    const entry = /"(\/assets\/entry-[^"]+\.js)"/.exec(home.body)![1];
    const targets = [
      "/gallery",
      "/gallery",
      "/",
      "/_region/us?to=/us",
      "/slice-simulator",
      "/robots.txt",
      entry,
      "/media/detail-shaker-door.jpg?w=640&fm=webp",
      "/no-such-page-here",
    ];
    const headers = { "user-agent": BROWSER, "accept-language": "en-GB" };
    for (const target of targets) {
      const [through, direct] = [await send(target, { headers }), await send(target, { headers, origin: app.url })];
      const doubled = Object.entries(through.headers).filter(
        ([name, values]) => name !== "set-cookie" && values.length > 1,
      );
      expect([target, doubled]).toEqual([target, []]);
      const security = (answer: Answer) =>
        Object.fromEntries(
          SECURITY_HEADERS.map((name) => [name, answer.headers[name]?.[0]?.replace(/'(?:sha256|nonce)-[^']+'/g, "")]),
        );
      expect([target, through.status, security(through)]).toEqual([target, direct.status, security(direct)]);
    }
  });
});

describe("the preview cookie", () => {
  test("spelled in any way the app's cookie parser reads it, the request passes nginx's cache", async () => {
    const page = "/gallery/canal-house";
    const draft = "Canal House, repainted for spring";
    // Cached for everyone first.
    await send(page, { headers: { "user-agent": BROWSER } });
    expect(one(await send(page, { headers: { "user-agent": BROWSER } }), "x-cache-status")).toBe("HIT");
    // The cookie package (cookie-parser) trims spaces and tabs around a name.
    const spellings = [
      `io.prismic.preview=${PREVIEW}`,
      `io.prismic.preview =${PREVIEW}`,
      `theme=dark;\tio.prismic.preview\t= ${PREVIEW}`,
      `a=1;io.prismic.preview  =${PREVIEW}; b=2`,
    ];
    for (const cookie of spellings) {
      const headers = { "user-agent": BROWSER, cookie };
      // The app takes each for a preview…
      expect([cookie, (await send(page, { headers, origin: app.url })).body.includes(draft)]).toEqual([cookie, true]);
      // …and so does nginx: not answered from its cache, nor stored.
      const through = await send(page, { headers });
      expect([
        cookie,
        through.status,
        one(through, "x-cache-status"),
        one(through, "cache-control"),
        through.body.includes(draft),
      ]).toEqual([cookie, 200, "BYPASS", "private, no-store", true]);
    }
    // Another cookie's name that only ends in it is no preview, for the app or for nginx.
    const other = await send(page, { headers: { "user-agent": BROWSER, cookie: `xio.prismic.preview=${PREVIEW}` } });
    expect([one(other, "x-cache-status"), other.body.includes(draft)]).toEqual(["HIT", false]);
  });
});

describe("the region choice at /", () => {
  // The app answers a crawler that would be sent to /us with the gb home, `private, no-store`
  // (server/requestRules/localeDetection.ts): nginx must never keep that answer for the browsers that share
  // its Accept-Language, before or after s-maxage.
  test("a crawler with a US Accept-Language never makes nginx answer a US browser with the cached gb home", async () => {
    const language = { "accept-language": "en-US", "accept-encoding": "gzip, br" };
    const seen: string[] = [];
    for (const round of ["fresh", "after s-maxage"]) {
      if (round !== "fresh") await sleep(S_MAXAGE_MS + 1_000);
      for (let i = 0; i < 3; i++) {
        const crawler = await send("/", { headers: { ...language, "user-agent": CRAWLER } });
        expect([round, crawler.status]).toEqual([round, 200]);
      }
      const browser = await send("/", { headers: { ...language, "user-agent": BROWSER } });
      seen.push(
        `${round}: ${browser.status} ${one(browser, "location") ?? "-"} ${one(browser, "x-cache-status") ?? "-"}`,
      );
    }
    expect(seen.map((line) => line.replace(/ (MISS|BYPASS|EXPIRED|-)$/, ""))).toEqual([
      "fresh: 302 /us",
      "after s-maxage: 302 /us",
    ]);
  }, 30_000);
});
