/**
 * The purgeable edge (deploy/varnish/default.vcl, docs/decisions/029-a-purgeable-edge-varnish-with-xkey.md)
 * run by the real varnishd with the xkey vmod (Debian's varnish and varnish-modules), in front of
 * a stand-in instance that answers as the app does with EDGE_PURGER=varnish: public pages with a
 * day's `s-maxage` and their documents' keys in Surrogate-Key. Requests carry nginx's key headers
 * as nginx.conf sets them. Only the VCL's include of the instances and the token's path are
 * rewritten for this machine.
 */
import http from "node:http";
import { type RunningServer, startBuiltServer } from "./support/builtServer";
import { type Nginx, startNginx } from "./support/siteCluster";
import { startVarnish, type Varnish, VARNISH_TOKEN as TOKEN } from "./support/varnish";
import { until } from "./support/waitFor";

/** What the stand-in instance was asked, by path. */
const asked = new Map<string, number>();
const forwardedFor: string[] = [];
/** The cache key each fetch carried (nginx's X-Edge-Key, passed on by Varnish). */
const edgeKeys: string[] = [];
let instanceUp = true;

/** The stand-in instance: pages as the app sends them with EDGE_KEYS_HEADER=Surrogate-Key. */
function instance(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url!, "http://x");
  if (url.pathname === "/readyz") {
    res.writeHead(instanceUp ? 200 : 503, { "cache-control": "no-store" }).end(instanceUp ? "ready" : "draining");
    return;
  }
  if (!instanceUp) {
    req.socket.destroy();
    return;
  }
  asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  forwardedFor.push(String(req.headers["x-forwarded-for"]));
  edgeKeys.push(String(req.headers["x-edge-key"]));
  const body = `${url.pathname} rendered ${asked.get(url.pathname)} coding=${req.headers["accept-encoding"] ?? ""}`;
  const page = /^\/page\/(\w+)$/.exec(url.pathname);
  if (page) {
    res
      .writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "public, max-age=0, s-maxage=86400, stale-while-revalidate=60, stale-if-error=86400",
        "surrogate-key": `d-${page[1]} t-page all`,
        "cache-tag": `d-${page[1]},t-page,all`,
        vary: "Accept-Encoding",
      })
      .end(body);
  } else if (url.pathname === "/brief") {
    // A 404's lifetime: a minute at the app; one second here, to see it expire.
    res
      .writeHead(404, {
        "cache-control": "public, max-age=0, s-maxage=1, stale-if-error=86400",
        "surrogate-key": "all",
      })
      .end(body);
  } else if (url.pathname === "/private") {
    res.writeHead(200, { "cache-control": "private, no-store", "surrogate-key": "d-private all" }).end(body);
  } else if (url.pathname === "/cookie") {
    res
      .writeHead(200, { "cache-control": "public, s-maxage=86400", "set-cookie": "i18n_redirected=gb; Path=/" })
      .end(body);
  } else {
    res.writeHead(404, { "cache-control": "no-store" }).end(body);
  }
}

let upstream: http.Server;
let varnish: Varnish;
let httpPort: number;
let purgePort: number;

beforeAll(async () => {
  upstream = http.createServer(instance);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  varnish = await startVarnish((upstream.address() as { port: number }).port);
  ({ httpPort, purgePort } = varnish);
}, 60_000);

afterAll(async () => {
  await varnish?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** The headers nginx.conf sends for a cacheable page: its key, its bypass flags, the coding. */
function nginxHeaders(pathname: string, coding = "br"): Record<string, string> {
  return {
    "x-edge-key": `${coding}::http127.0.0.1${pathname}`,
    "x-edge-bypass": "000",
    "accept-encoding": coding === "identity" ? "" : coding,
    "x-forwarded-for": "203.0.113.7",
  };
}

async function get(pathname: string, headers: Record<string, string> = nginxHeaders(pathname)) {
  const res = await fetch(`http://127.0.0.1:${httpPort}${pathname}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

async function purge(keys: string, token = TOKEN, port = purgePort) {
  const res = await fetch(`http://127.0.0.1:${port}/`, {
    method: "PURGE",
    headers: { "xkey-purge": keys, authorization: `Bearer ${token}` },
  });
  return { status: res.status, purged: res.headers.get("x-purged"), body: await res.text() };
}

test("a page is kept: the second request is a hit, and the visitor never sees its keys", async () => {
  const first = await get("/page/a1");
  const second = await get("/page/a1");
  expect([first.headers.get("x-varnish-cache"), second.headers.get("x-varnish-cache")]).toEqual(["MISS", "HIT"]);
  expect(second.body).toBe(first.body);
  expect(asked.get("/page/a1")).toBe(1);
  // Its lifetime beyond this edge counts from now: nginx keeps it 1 s whatever its age here.
  expect(second.headers.get("age")).toBe("0");
  for (const name of ["surrogate-key", "xkey", "cache-tag", "x-varnish", "via"]) {
    expect({ name, value: second.headers.get(name) }).toEqual({ name, value: null });
  }
  // Beyond this edge no cache is purged: nginx and any shared cache keep the page 1 s; the app's Vary is kept.
  expect(second.headers.get("cache-control")).toBe(
    "public, max-age=0, s-maxage=1, stale-while-revalidate=60, stale-if-error=86400",
  );
  expect(second.headers.get("vary")).toBe("Accept-Encoding");
  // The instance gets the coding nginx chose, and the visitor's address as nginx set it.
  expect(first.body).toContain("coding=br");
  expect(forwardedFor.at(-1)).toBe("203.0.113.7");
});

test("each coding nginx keys is its own object, fetched with that coding", async () => {
  await get("/page/b1", nginxHeaders("/page/b1", "gzip"));
  const identity = await get("/page/b1", nginxHeaders("/page/b1", "identity"));
  expect(identity.headers.get("x-varnish-cache")).toBe("MISS");
  expect(identity.body).toContain("coding=");
  expect(identity.body).not.toContain("gzip");
  expect((await get("/page/b1", nginxHeaders("/page/b1", "gzip"))).headers.get("x-varnish-cache")).toBe("HIT");
  expect(asked.get("/page/b1")).toBe(2);
});

test("PURGE with a document's key and the token: 200 with the count, that page is fetched again, a page without the key stays a hit", async () => {
  await get("/page/c1");
  await get("/page/c2");
  const result = await purge("d-c1");
  expect(result).toEqual({ status: 200, purged: "1", body: "purged 1 objects\n" });
  const again = await get("/page/c1");
  expect(again.headers.get("x-varnish-cache")).toBe("MISS");
  expect(again.body).toContain("rendered 2");
  expect((await get("/page/c2")).headers.get("x-varnish-cache")).toBe("HIT");
  // Several keys at once, space separated; `all` purges every page.
  expect((await purge("d-nothing d-c2")).purged).toBe("1");
  expect((await get("/page/c2")).headers.get("x-varnish-cache")).toBe("MISS");
});

test("a wrong or missing token is refused (401) and purges nothing; PURGE on the visitors' listener is refused (405)", async () => {
  await get("/page/d1");
  expect((await purge("d-d1", "not-the-token-at-all-0123")).status).toBe(401);
  const noToken = await fetch(`http://127.0.0.1:${purgePort}/`, { method: "PURGE", headers: { "xkey-purge": "d-d1" } });
  expect(noToken.status).toBe(401);
  expect((await purge("d-d1", TOKEN, httpPort)).status).toBe(405);
  // Nor does the purge listener serve pages, nor take a purge without keys.
  expect((await fetch(`http://127.0.0.1:${purgePort}/page/d1`)).status).toBe(405);
  expect((await purge("  ")).status).toBe(400);
  expect((await get("/page/d1")).headers.get("x-varnish-cache")).toBe("HIT");
  expect(asked.get("/page/d1")).toBe(1);
});

test("a preview (Prismic's preview cookie, as nginx reads it) is never answered from the cache nor stored", async () => {
  await get("/page/e1");
  for (const cookie of ["io.prismic.preview=abc", "a=1; io.prismic.preview =abc", "x=1;\tio.prismic.preview=1"]) {
    const res = await get("/page/e1", { ...nginxHeaders("/page/e1"), cookie });
    expect({ cookie, cache: res.headers.get("x-varnish-cache") }).toEqual({ cookie, cache: "PASS" });
  }
  expect(asked.get("/page/e1")).toBe(4);
  // A cookie whose name only ends so is not a preview.
  expect(
    (await get("/page/e1", { ...nginxHeaders("/page/e1"), cookie: "xio.prismic.preview=1" })).headers.get(
      "x-varnish-cache",
    ),
  ).toBe("HIT");
});

test("what is private, no-store or sets a cookie is not kept; nor what nginx would not cache", async () => {
  for (const pathname of ["/private", "/cookie"]) {
    await get(pathname);
    const second = await get(pathname);
    expect({ pathname, cache: second.headers.get("x-varnish-cache") }).toEqual({ pathname, cache: "PASS" });
    expect(second.headers.get("surrogate-key")).toBeNull();
    expect(asked.get(pathname)).toBe(2);
  }
  // Flagged to bypass by nginx (its `/` for a visitor it is not sure of, a query only the app reads): passed.
  await get("/page/f2", { ...nginxHeaders("/page/f2"), "x-edge-bypass": "010" });
  expect((await get("/page/f2", { ...nginxHeaders("/page/f2"), "x-edge-bypass": "010" })).body).toContain("rendered 2");
});

test("without nginx in front (no key of its own), a page is keyed on its host, URL and coding", async () => {
  const headers = (coding: string) => ({ "accept-encoding": coding });
  const first = await get("/page/h1?x=1", headers("gzip, deflate, br;q=1.0"));
  expect(first.body).toContain("coding=br");
  expect((await get("/page/h1?x=1", headers("br"))).headers.get("x-varnish-cache")).toBe("HIT");
  expect((await get("/page/h1?x=1", headers("br;q=0, gzip"))).body).toContain("coding=gzip");
  expect((await get("/page/h1?x=1", headers("identity"))).body).toMatch(/coding=$/);
  expect((await get("/page/h1?x=2", headers("br"))).headers.get("x-varnish-cache")).toBe("MISS");
  expect(asked.get("/page/h1")).toBe(4);
});

test("with no instance answering, an expired page is served stale (stale-if-error); a purged one never is", async () => {
  await get("/brief");
  await get("/page/g2");
  expect((await purge("d-g2")).purged).toBe("1");
  instanceUp = false;
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stale = await get("/brief");
    expect(stale.status).toBe(404);
    expect(stale.body).toBe("/brief rendered 1 coding=br");
    // The probe on /readyz (every second, sick after 2 of 3 failures) sees the instance down:
    // still stale, now for the app's whole day.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await get("/brief")).body).toBe("/brief rendered 1 coding=br");
    const purged = await get("/page/g2");
    expect(purged.status).toBe(503);
    expect(purged.headers.get("cache-control")).toBe("no-store");
    expect(purged.body).not.toContain("/page/g2");
    // A page kept here for seconds already goes on with Age 0: its second beyond this edge starts now.
    const kept = await get("/page/a1");
    expect([kept.headers.get("x-varnish-cache"), kept.headers.get("age")]).toEqual(["HIT", "0"]);
  } finally {
    instanceUp = true;
    // Healthy again at the probe's next passes, for what follows.
    await until("the instance seen as healthy", async () => (await get("/page/back")).status === 200, {
      timeoutMs: 10_000,
      intervalMs: 250,
    });
  }
}, 30_000);

test("a client's field reports: 20 an hour reach the instances, whatever their number; the 21st is refused here (429), another client's still pass", async () => {
  const report = (forwardedFor: string) =>
    fetch(`http://127.0.0.1:${httpPort}/api/vitals`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: "{}",
    }).then((res) => res.status);
  const before = asked.get("/api/vitals") ?? 0;
  // Behind an ingress that appends: the visitor's own entry is the last one, whatever it put first.
  const statuses = [];
  for (let i = 0; i < 22; i++) statuses.push(await report(`10.9.${i}.1, 198.51.100.20`));
  expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  expect(statuses.slice(0, 20)).not.toContain(429);
  expect((asked.get("/api/vitals") ?? 0) - before).toBe(20);
  // An IPv6 client by its /64: another interface id in it is the same client, another /64 is not.
  for (let i = 0; i < 20; i++) expect(await report(`2001:db8:5:6::${i + 1}`)).not.toBe(429);
  expect(await report("2001:db8:5:6:aa:bb:cc:dd")).toBe(429);
  expect(await report("2001:db8:5:7::1")).not.toBe(429);
  expect(await report("198.51.100.21")).not.toBe(429);
});

describe("behind deploy/nginx/nginx.conf, as compose.yaml runs them", () => {
  let nginx: Nginx;
  beforeAll(async () => {
    nginx = await startNginx({ upstreams: [`127.0.0.1:${httpPort}`], offlinePage: "offline" });
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
  });
  const visit = async (pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${nginx.url}${pathname}`, {
      ...init,
      headers: { "accept-encoding": "br", ...init.headers },
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  test("nginx's key reaches Varnish: a campaign's query makes no object of its own; the visitor sees no key, and a 1 s lifetime", async () => {
    const first = await visit("/page/n1?utm_source=mail&x=1");
    expect(edgeKeys.at(-1)).toBe("br::http127.0.0.1/page/n1");
    expect(first.headers.get("surrogate-key")).toBeNull();
    expect(first.headers.get("cache-control")).toMatch(/\bs-maxage=1\b/);
    // Varnish has it under nginx's key, whatever query the next visitor's request carries.
    const direct = await get("/page/n1?fbclid=abc", nginxHeaders("/page/n1"));
    expect(direct.headers.get("x-varnish-cache")).toBe("HIT");
    expect(asked.get("/page/n1")).toBe(1);
  });

  test("a visitor's PURGE through nginx reaches only Varnish's visitors' listener: refused, nothing purged", async () => {
    await visit("/page/n2");
    expect((await visit("/page/n2", { method: "PURGE", headers: { "xkey-purge": "all" } })).status).toBe(405);
    expect((await get("/page/n2")).headers.get("x-varnish-cache")).toBe("HIT");
  });

  test("a purge at Varnish is seen through nginx once nginx's own copy (1 s) has expired", async () => {
    expect((await visit("/page/n3")).body).toContain("rendered 1");
    expect((await purge("d-n3")).purged).toBe("1");
    const started = Date.now();
    await until("the new page through nginx", async () => (await visit("/page/n3")).body.includes("rendered 2"), {
      timeoutMs: 10_000,
      intervalMs: 250,
    });
    // nginx's copy expires within a second; this stand-in's stale-while-revalidate then hands out the
    // old copy once while nginx refreshes it, and the poll comes every 250 ms.
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 20_000);
});

describe("in front of the built app (EDGE_PURGER=varnish, keys in Surrogate-Key)", () => {
  let app: RunningServer;
  let edge: Varnish;
  beforeAll(async () => {
    // The app's purge settings point at a Varnish that is not there: nothing here publishes.
    app = await startBuiltServer({
      EDGE_PURGER: "varnish",
      EDGE_KEYS_HEADER: "Surrogate-Key",
      EDGE_PURGE_URLS: "http://127.0.0.1:9",
      EDGE_PURGE_TOKEN: TOKEN,
    });
    edge = await startVarnish(Number(new URL(app.url).port));
  }, 60_000);
  afterAll(async () => {
    await edge?.stop();
    await app?.stop();
  });

  const page = async (pathname: string) => {
    const res = await fetch(`http://127.0.0.1:${edge.httpPort}${pathname}`, { headers: nginxHeaders(pathname) });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  test("a page is kept for the app's day and its keys stay here; a purge of one of its documents takes it out", async () => {
    const first = await page("/gallery");
    expect(first.status).toBe(200);
    const second = await page("/gallery");
    expect(second.headers.get("x-varnish-cache")).toBe("HIT");
    expect(second.headers.get("surrogate-key")).toBeNull();
    expect(second.headers.get("cache-control")).toMatch(/\bs-maxage=1\b/);
    expect(second.headers.get("content-encoding")).toBe("br");
    // A key the gallery carries (its document type), and a key it does not.
    const untouched = await fetch(`http://127.0.0.1:${edge.purgePort}/`, {
      method: "PURGE",
      headers: { "xkey-purge": "d-no-such-document", authorization: `Bearer ${TOKEN}` },
    });
    expect(untouched.headers.get("x-purged")).toBe("0");
    expect((await page("/gallery")).headers.get("x-varnish-cache")).toBe("HIT");
    const purged = await fetch(`http://127.0.0.1:${edge.purgePort}/`, {
      method: "PURGE",
      headers: { "xkey-purge": "t-gallery_project", authorization: `Bearer ${TOKEN}` },
    });
    expect(purged.status).toBe(200);
    expect(Number(purged.headers.get("x-purged"))).toBeGreaterThanOrEqual(1);
    expect((await page("/gallery")).headers.get("x-varnish-cache")).toBe("MISS");
  });
});
