/**
 * The edge purgers (server/edge/): each speaks its edge's documented request against a local
 * stand-in, with its credentials, in batches of the edge's per-call maximum, and rejects when the
 * edge does not accept a purge (so the purge queue retries it); EDGE_PURGER picks one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCloudflarePurger, CLOUDFLARE_API_URL, CLOUDFLARE_TAGS_PER_CALL } from "../server/edge/cloudflarePurger";
import { PurgeFailedError } from "../server/edge/edgePurger";
import { createFastlyPurger, FASTLY_API_URL, FASTLY_KEYS_PER_CALL } from "../server/edge/fastlyPurger";
import { purgerFromConfig } from "../server/edge/purgerFromConfig";
import { createVarnishPurger, VARNISH_KEYS_PER_CALL } from "../server/edge/varnishPurger";
import { loadConfig } from "../server/config";
import {
  type CloudflareStandIn,
  STAND_IN_CLOUDFLARE_TOKEN,
  STAND_IN_ZONE,
  startCloudflareStandIn,
} from "./support/cloudflareStandIn";
import { until } from "./support/waitFor";
import {
  type FastlyStandIn,
  STAND_IN_FASTLY_TOKEN,
  STAND_IN_SERVICE,
  startFastlyStandIn,
} from "./support/fastlyStandIn";

const keys = (count: number) => Array.from({ length: count }, (_, index) => `d-doc${index}`);

describe("Cloudflare", () => {
  let cloudflare: CloudflareStandIn;
  beforeAll(async () => {
    cloudflare = await startCloudflareStandIn();
  });
  afterAll(() => cloudflare.close());
  beforeEach(() => {
    cloudflare.calls.length = 0;
    cloudflare.recover();
  });
  const purger = (token = STAND_IN_CLOUDFLARE_TOKEN) =>
    createCloudflarePurger({ apiUrl: cloudflare.apiUrl, zoneId: STAND_IN_ZONE, token, spacingMs: 1 });

  test("posts the tags to the zone's purge_cache with the token as a bearer", async () => {
    await purger().purge(["d-abc", "t-page", "all"]);
    expect(cloudflare.calls).toHaveLength(1);
    const [call] = cloudflare.calls;
    expect(call.method).toBe("POST");
    expect(call.path).toBe(`/client/v4/zones/${STAND_IN_ZONE}/purge_cache`);
    expect(call.headers.authorization).toBe(`Bearer ${STAND_IN_CLOUDFLARE_TOKEN}`);
    expect(call.body).toEqual({ tags: ["d-abc", "t-page", "all"] });
  });

  test("at most 100 tags a call (Cloudflare's documented limit), every tag sent once", async () => {
    expect(CLOUDFLARE_TAGS_PER_CALL).toBe(100);
    await purger().purge([...keys(250), "d-doc0"]);
    expect(cloudflare.calls.map((call) => (call.body as { tags: string[] }).tags.length)).toEqual([100, 100, 50]);
    expect(cloudflare.purgedTags()).toEqual(keys(250));
  });

  test("a refused token, a 429 or a 500 rejects the purge, naming the status", async () => {
    await expect(purger("wrong-token-0123456789").purge(["all"])).rejects.toThrow(/cloudflare purge failed \(403\)/);
    cloudflare.failNext(1, 429);
    await expect(purger().purge(["all"])).rejects.toBeInstanceOf(PurgeFailedError);
    cloudflare.failNext(1, 500);
    await expect(purger().purge(["all"])).rejects.toMatchObject({ status: 500 });
  });

  test("a failure in a later batch rejects the whole purge (the queue sends it again)", async () => {
    const purge = createCloudflarePurger({
      apiUrl: cloudflare.apiUrl,
      zoneId: STAND_IN_ZONE,
      token: STAND_IN_CLOUDFLARE_TOKEN,
      spacingMs: 300,
    }).purge(keys(150));
    await until("the first batch", () => cloudflare.calls.length === 1);
    cloudflare.failNext(1, 500);
    await expect(purge).rejects.toBeInstanceOf(PurgeFailedError);
    expect(cloudflare.calls.map((call) => call.status)).toEqual([200, 500]);
  });

  test("defaults to Cloudflare's own API", () => {
    expect(CLOUDFLARE_API_URL).toBe("https://api.cloudflare.com/client/v4");
  });
});

describe("Fastly", () => {
  let fastly: FastlyStandIn;
  beforeAll(async () => {
    fastly = await startFastlyStandIn();
  });
  afterAll(() => fastly.close());
  beforeEach(() => {
    fastly.calls.length = 0;
    fastly.recover();
  });
  const purger = (token = STAND_IN_FASTLY_TOKEN) =>
    createFastlyPurger({ apiUrl: fastly.apiUrl, serviceId: STAND_IN_SERVICE, token });

  test("posts a batch purge with the keys in Surrogate-Key, the token in Fastly-Key, soft", async () => {
    await purger().purge(["d-abc", "t-page"]);
    expect(fastly.calls).toHaveLength(1);
    const [call] = fastly.calls;
    expect(call.method).toBe("POST");
    expect(call.path).toBe(`/service/${STAND_IN_SERVICE}/purge`);
    expect(call.headers["fastly-key"]).toBe(STAND_IN_FASTLY_TOKEN);
    expect(call.headers["surrogate-key"]).toBe("d-abc t-page");
    expect(call.headers["fastly-soft-purge"]).toBe("1");
  });

  test("at most 256 keys a call (Fastly's documented limit)", async () => {
    expect(FASTLY_KEYS_PER_CALL).toBe(256);
    await purger().purge(keys(600));
    expect(fastly.calls.map((call) => call.keys.length)).toEqual([256, 256, 88]);
    expect(fastly.purgedKeys()).toEqual(keys(600));
  });

  test("a refused token or a 503 rejects the purge", async () => {
    await expect(purger("wrong-token-0123456789").purge(["all"])).rejects.toThrow(/fastly purge failed \(401\)/);
    fastly.failNext(1, 503);
    await expect(purger().purge(["all"])).rejects.toMatchObject({ status: 503 });
  });

  test("defaults to Fastly's own API", () => {
    expect(FASTLY_API_URL).toBe("https://api.fastly.com");
  });
});

describe("Varnish (xkey)", () => {
  const TOKEN = "varnish-purge-token-0123456789";
  interface Varnish {
    url: string;
    calls: Array<{ method: string; path: string; keys: string; authorization?: string }>;
    status: number;
    close(): Promise<void>;
  }
  /** The deploy's VCL protocol: PURGE / with xkey-purge and the bearer token, 200 when purged. */
  async function varnish(): Promise<Varnish> {
    const state: Varnish = { url: "", calls: [], status: 200, close: async () => undefined };
    const server = http.createServer((req, res) => {
      state.calls.push({
        method: req.method ?? "",
        path: req.url ?? "",
        keys: String(req.headers["xkey-purge"] ?? ""),
        authorization: req.headers.authorization,
      });
      const allowed = req.method === "PURGE" && req.headers.authorization === `Bearer ${TOKEN}`;
      res.writeHead(allowed ? state.status : 405).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    state.close = () => new Promise((resolve) => server.close(() => resolve()));
    return state;
  }
  let first: Varnish;
  let second: Varnish;
  beforeAll(async () => {
    [first, second] = await Promise.all([varnish(), varnish()]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));
  beforeEach(() => {
    for (const one of [first, second]) {
      one.calls.length = 0;
      one.status = 200;
    }
  });

  test("PURGE / on every Varnish with xkey-purge and the bearer token", async () => {
    await createVarnishPurger({ urls: [first.url, second.url], token: TOKEN }).purge(["d-abc", "t-page"]);
    for (const one of [first, second])
      expect(one.calls).toEqual([
        { method: "PURGE", path: "/", keys: "d-abc t-page", authorization: `Bearer ${TOKEN}` },
      ]);
  });

  test("batches of 100 keys, so the header stays within Varnish's limits", async () => {
    expect(VARNISH_KEYS_PER_CALL).toBe(100);
    await createVarnishPurger({ urls: [first.url], token: TOKEN }).purge(keys(201));
    expect(first.calls.map((call) => call.keys.split(" ").length)).toEqual([100, 100, 1]);
  });

  test("one Varnish answering other than 200 fails the purge; one that does not answer too", async () => {
    second.status = 403;
    await expect(createVarnishPurger({ urls: [first.url, second.url], token: TOKEN }).purge(["all"])).rejects.toThrow(
      /varnish purge failed \(403\)/,
    );
    await expect(
      createVarnishPurger({ urls: ["http://127.0.0.1:9"], token: TOKEN, timeoutMs: 2_000 }).purge(["all"]),
    ).rejects.toMatchObject({ status: 0 });
  });
});

describe("EDGE_PURGER", () => {
  const base = { NODE_ENV: "test" };
  test("none by default: no purger", () => {
    expect(purgerFromConfig(loadConfig(base))).toBeUndefined();
  });

  test.each([
    [
      "varnish",
      { EDGE_PURGE_URLS: "http://127.0.0.1:6081 http://127.0.0.1:6082", EDGE_PURGE_TOKEN: "a-token-of-sixteen+" },
    ],
    ["cloudflare", { CLOUDFLARE_ZONE_ID: STAND_IN_ZONE, CLOUDFLARE_API_TOKEN: STAND_IN_CLOUDFLARE_TOKEN }],
    ["fastly", { FASTLY_SERVICE_ID: STAND_IN_SERVICE, FASTLY_API_TOKEN: STAND_IN_FASTLY_TOKEN }],
  ])("%s makes that purger", (name, settings) => {
    expect(purgerFromConfig(loadConfig({ ...base, EDGE_PURGER: name, ...settings }))?.name).toBe(name);
  });

  test.each([
    ["varnish", ["EDGE_PURGE_URLS", "EDGE_PURGE_TOKEN"]],
    ["cloudflare", ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN"]],
    ["fastly", ["FASTLY_SERVICE_ID", "FASTLY_API_TOKEN"]],
  ])("%s without its companions is refused at start, naming each", (name, missing) => {
    expect(() => loadConfig({ ...base, EDGE_PURGER: name })).toThrow(
      new RegExp(missing.map((setting) => `${setting}: required when EDGE_PURGER is ${name}`).join("[\\s\\S]*")),
    );
  });

  test("the keys header follows the purger, and one the edge does not read is refused", () => {
    const cloudflare = { ...base, EDGE_PURGER: "cloudflare", CLOUDFLARE_ZONE_ID: "z1", CLOUDFLARE_API_TOKEN: "t1" };
    expect(loadConfig(cloudflare).EDGE_KEYS_HEADER).toBe("Cache-Tag");
    expect(
      loadConfig({ ...base, EDGE_PURGER: "fastly", FASTLY_SERVICE_ID: "s1", FASTLY_API_TOKEN: "t1" }).EDGE_KEYS_HEADER,
    ).toBe("Surrogate-Key");
    // Without a purger, no keys header unless asked for: every answer's headers as they were.
    expect(loadConfig(base).EDGE_KEYS_HEADER).toBeUndefined();
    expect(loadConfig({ ...base, EDGE_KEYS_HEADER: "Cache-Tag" }).EDGE_KEYS_HEADER).toBe("Cache-Tag");
    expect(() => loadConfig({ ...cloudflare, EDGE_KEYS_HEADER: "Surrogate-Key" })).toThrow(
      /EDGE_KEYS_HEADER: cloudflare reads the keys from Cache-Tag/,
    );
  });

  test("the lifetime defaults to a day and is bounded", () => {
    expect(loadConfig(base).EDGE_LIFETIME_SECONDS).toBe(86_400);
    expect(() => loadConfig({ ...base, EDGE_LIFETIME_SECONDS: "10" })).toThrow(/EDGE_LIFETIME_SECONDS/);
  });
});
