/**
 * The edge keys reach a purging cache, never a visitor (docs/architecture.md, "Keys and
 * promotion"): the built site sends them on every public answer (pages, hits and misses, the
 * client-navigation data, the sitemap), and deploy/nginx/nginx.conf, which answers visitors,
 * drops Surrogate-Key and Cache-Tag. Keys at their largest, with a page's other headers, pass
 * nginx's default proxy_buffer_size (no "upstream sent too big header").
 */
import http from "node:http";
import { EDGE_KEYS_MAX_BYTES } from "../server/edge/edgeKeys";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { startNginx, startNginxBeforeStandIn, type Nginx } from "./support/siteCluster";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const PUBLIC_ANSWERS = [
  "/",
  "/gallery/canal-house",
  "/info/blog",
  "/no-such-page",
  "/sitemap.xml",
  "/_data/info/blog?_route=info-blog___gb",
];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function get(origin: string, target: string): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        headers: { "User-Agent": BROWSER, "Accept-Encoding": "gzip" },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

let app: RunningServer;
let nginx: Nginx;

beforeAll(async () => {
  app = await startBuiltServer({ TRUST_PROXY: "1", RENDER_BUDGET_PER_MINUTE: "0", EDGE_KEYS_HEADER: "Surrogate-Key" });
  nginx = await startNginx({ upstreams: [new URL(app.url).host], offlinePage: "offline" });
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});

test("the app keys every public answer; through nginx a visitor sees no key, on a miss or a hit", async () => {
  for (const target of PUBLIC_ANSWERS) {
    const direct = await get(app.url, target);
    expect([target, String(direct.headers["surrogate-key"]).split(" ")]).toEqual([
      target,
      expect.arrayContaining(["all"]),
    ]);
    // Twice: the second answer may come from nginx's own cache.
    for (let i = 0; i < 2; i++) {
      const visitor = await get(nginx.url, target);
      expect([target, visitor.status]).toEqual([target, direct.status]);
      expect([target, visitor.headers["surrogate-key"], visitor.headers["cache-tag"]]).toEqual([
        target,
        undefined,
        undefined,
      ]);
    }
  }
  // The home's own document among its keys, as the app sent it.
  expect((await get(app.url, "/")).headers["surrogate-key"]).toContain("d-home-gb");
}, 60_000);

test("keys at their largest, in either header, beside a page's other headers, pass nginx and are dropped", async () => {
  // A page's headers as the app sends them, with the largest keys the app ever sends.
  const page = await get(app.url, "/info/blog");
  const largest = `all ${"d-x".padEnd(EDGE_KEYS_MAX_BYTES - 4, "x")}`;
  for (const name of ["Surrogate-Key", "Cache-Tag"]) {
    const standIn = await startNginxBeforeStandIn((_req, res) => {
      for (const [header, value] of Object.entries(page.headers))
        if (
          value !== undefined &&
          !["surrogate-key", "content-length", "connection", "transfer-encoding"].includes(header)
        )
          res.setHeader(header, value);
      res.setHeader(name, largest);
      res.end("page");
    });
    try {
      const visitor = await get(standIn.url, "/info/blog");
      expect([name, visitor.status]).toEqual([name, 200]);
      expect(visitor.headers[name.toLowerCase()]).toBeUndefined();
      expect(standIn.errorLog()).not.toContain("too big header");
    } finally {
      await standIn.stop();
    }
  }
}, 60_000);
