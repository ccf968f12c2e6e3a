/**
 * The deployment files (deploy/), checked as far as a machine without Docker or Kubernetes can:
 * nginx's configuration by nginx itself (`nginx -t`, with only its marked local lines rewritten),
 * the Kubernetes manifests against the API's schema and for what the probes, the drain and a
 * read-only pod need, and the Compose file by parsing it and running its app command as written.
 * What they do together under load is `npm run scale-test` (test/scaleTest.test.ts).
 *
 * nginx's limits are proven with as few requests as make each claim certain: a limit is seen to
 * hold once a flood has outpaced its rate past its burst (a few hundred requests at 200 a second
 * and a burst of 400), so every spelling of the relay's path goes into one such flood rather than
 * a flood of its own; a spelling that escaped the limit would see no refusal in it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { loadConfig } from "../server/config";
import { localNginxConfig, NGINX_CONF, writeLocalNginxConfig } from "../scripts/scaleTest/nginxConfig.mjs";
import { renderOfflinePage } from "../scripts/offlinePage.mjs";
import { freePort, ROOT } from "./support/builtServer";
import { argsOf, execForm, parseDockerfile } from "./support/dockerfile";
import { rawGet } from "./support/rawExchange";
import { nginxBinary, startNginxBeforeStandIn, type Nginx } from "./support/siteCluster";

const DEPLOY = path.join(ROOT, "deploy");
const K8S = path.join(DEPLOY, "kubernetes");
const nginxConf = fs.readFileSync(NGINX_CONF, "utf8");
const defaults = loadConfig({}, ROOT);
const dockerCmd = execForm(
  argsOf(parseDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).at(-1)!, "CMD")[0],
)!;
/** index.ts exits anyway this long after SHUTDOWN_TIMEOUT_MS when a shutdown step hangs. */
const SHUTDOWN_SAFETY_NET_MS = 5_000;

/** nginx.conf's burst for the request forms' posts (zone `requests`, 10 a minute per client). */
const REQUEST_FORM_BURST = 5;
/** Seconds between two posts the `requests` zone lets through once its burst is spent (10 a minute). */
const REQUEST_FORM_EVERY_S = 6;

/** The body of the relay's location (the one limited by the global `relay` zone). */
const relayLocation = () => /location [^{]*meta-capi[^{]*\{([^}]*)\}/i.exec(nginxConf)?.[1] ?? "";

/** The first value of a directive in nginx.conf (`name value…;`), outside comments. */
function directive(name: string): string[] {
  const values = nginxConf
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length).replace(/;$/, "").trim());
  return values;
}

function seconds(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  return Number(match[1]) * { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? "s"]!;
}

/** Bytes of a Kubernetes quantity (`512Mi`, `1G`) or a Docker size (`256m`: binary units). */
function bytes(value: string, docker = false): number {
  const match = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(value);
  if (!match) throw new Error(`not a size: ${value}`);
  const units: Record<string, number> = docker
    ? { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }
    : { "": 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, k: 1e3, M: 1e6, G: 1e9 };
  const unit = units[docker ? match[2].toLowerCase() : match[2]];
  if (unit === undefined) throw new Error(`unknown unit in ${value}`);
  return Number(match[1]) * unit;
}

/**
 * The media cache's budget leaves this share of its volume free: files being written before the
 * budget's eviction runs, Node's and sharp's own temporary files. A pod whose emptyDir passes its
 * sizeLimit is evicted; a full tmpfs fails every write.
 */
const MEDIA_CACHE_SHARE_OF_VOLUME = 0.75;

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  stop_grace_period?: string;
  read_only?: boolean;
  tmpfs?: string[];
  user?: string;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(fs.readFileSync(path.join(DEPLOY, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
/** The services that are the app: every one but nginx and Varnish. */
const appServices = Object.keys(compose.services).filter((name) => name !== "nginx" && name !== "varnish");
/** What an operator's site.env adds to an instance's environment: the purge token Varnish shares. */
const SITE_ENV = { EDGE_PURGE_TOKEN: "k9Qz8vLr3Tn5Wb1Xm7Pd-edge" };
const appConfig = (service: ComposeService) => loadConfig({ ...service.environment!, ...SITE_ENV }, ROOT);
const VARNISH = path.join(DEPLOY, "varnish");
const vcl = (file: string) => fs.readFileSync(path.join(VARNISH, file), "utf8");
/** varnishd's listeners as the image's entrypoint starts it: `-a name=:port,HTTP`. */
const varnishListeners = Object.fromEntries(
  [...vcl("entrypoint.sh").matchAll(/-a (\w+)=:(\d+),HTTP/g)].map((m) => [m[1], Number(m[2])]),
);

describe("deploy/nginx/nginx.conf", () => {
  test("passes `nginx -t` once its addresses and paths are local, and the rewrite touches only the marked lines", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-conf-"));
    try {
      const file = writeLocalNginxConfig({ dir, port: 8080, upstreams: ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"] });
      const result = spawnSync(nginxBinary(), ["-t", "-c", file, "-e", path.join(dir, "startup.log")], {
        encoding: "utf8",
      });
      expect({ status: result.status, output: result.stderr }).toEqual({
        status: 0,
        output: expect.stringContaining("syntax is ok"),
      });
      const unmarked = (text: string) =>
        text
          .split("\n")
          .filter(
            (line) =>
              !/#\s*local:/.test(line) &&
              !/^\s*(?:(?:pid|error_log|access_log|listen|alias|proxy_cache_path|\w+_temp_path) |server 127\.0\.0\.1:)/.test(
                line,
              ),
          );
      expect(unmarked(fs.readFileSync(file, "utf8"))).toEqual(unmarked(nginxConf));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() =>
      localNginxConfig(`${nginxConf}\nworker_rlimit_nofile 1; # local: limits`, { dir: "/x", port: 1, upstreams: [] }),
    ).toThrow(/unknown mark/);
    expect(() =>
      localNginxConfig(nginxConf.replace(/# local: listen/, ""), { dir: "/x", port: 1, upstreams: [] }),
    ).toThrow(/listen/);
  });

  test("sends to Varnish, which balances over Compose's app services on the app's port, each probed on /readyz; kept alive for less than either keeps a connection", () => {
    const upstreams = [...nginxConf.matchAll(/^\s*server\s+([\w.-]+:\d+)\b/gm)].map((match) => match[1]);
    expect(upstreams).toEqual([`varnish:${varnishListeners.http}`]);
    expect(compose.services.varnish.expose).toContain(String(varnishListeners.http));
    const backends = [
      ...vcl("backends.compose.vcl").matchAll(
        /^backend (\w+) \{ \.host = "([\w.-]+)"; \.port = "(\d+)"; \.probe = ready;/gm,
      ),
    ];
    expect(backends.map(([, , host, port]) => `${host}:${port}`)).toEqual(
      appServices.map((name) => `${name}:${defaults.PORT}`),
    );
    for (const [, name] of backends) expect(vcl("backends.compose.vcl")).toContain(`site.add_backend(${name});`);
    expect(vcl("backends.compose.vcl")).toMatch(/probe ready \{\s*\.url = "\/readyz";/);
    expect(directive("keepalive")).toEqual(["32"]);
    // Node's http.Server closes an idle keep-alive connection after 5 s (checked against a running
    // instance below), Varnish after its timeout_idle, 5 s too.
    expect(seconds(directive("keepalive_timeout").find((v) => v !== "65s")!)).toBeLessThan(5);
    expect(directive("proxy_set_header")).toContain('Connection ""');
    expect(directive("proxy_http_version")).toEqual(["1.1"]);
  });

  test("tells Varnish its cache key and what it would not cache, so both caches keep the same variants", () => {
    expect(directive("proxy_set_header")).toContain(`X-Edge-Key ${directive("proxy_cache_key")[0]}`);
    expect(directive("proxy_set_header")).toContain(
      `X-Edge-Bypass "${directive("proxy_cache_bypass")[0].replaceAll(" ", "")}"`,
    );
    expect(directive("proxy_no_cache")).toEqual(directive("proxy_cache_bypass"));
  });

  test("retries another instance on errors and on 502/503/504; a POST already sent only for the relay, which stores an event_id once", () => {
    expect(directive("proxy_next_upstream")).toEqual([
      "error timeout http_502 http_503 http_504",
      "error timeout http_502 http_503 http_504 non_idempotent",
    ]);
    const relay = relayLocation();
    expect(relay).toMatch(/proxy_next_upstream [^;]* non_idempotent;/);
    expect(relay).toMatch(/limit_req zone=api /);
    expect(Number(directive("proxy_next_upstream_tries")[0])).toBeGreaterThanOrEqual(appServices.length);
  });

  test("caches what the app marks cacheable, for as long as it says, stale by its own bounds, one fill per key, bounded in size", () => {
    expect(directive("proxy_cache")).toEqual(["site", "off", "off", "off"]);
    // Neither proxy_cache_valid (would cache what the app did not mark) nor proxy_cache_use_stale
    // (would replace stale-while-revalidate=60 and stale-if-error=86400 with "forever").
    expect(directive("proxy_cache_valid")).toEqual([]);
    expect(directive("proxy_cache_use_stale")).toEqual([]);
    expect(directive("proxy_cache_background_update")).toEqual(["on"]);
    expect(directive("proxy_cache_lock")).toEqual(["on"]);
    expect(directive("proxy_cache_revalidate")).toEqual(["on"]);
    expect(directive("proxy_cache_path")[0]).toMatch(/ keys_zone=site:\d+m .*max_size=\d+[mg] .*inactive=/);
    // Previews are never answered from the cache, nor stored; nor a visitor of `/` the gb home is
    // not sure to be for, nor a query only the app can read (test/nginxCacheKey.test.ts).
    expect(directive("proxy_cache_bypass")).toEqual(["$prismic_preview $root_uncached $query_uncached"]);
    expect(directive("proxy_no_cache")).toEqual(["$prismic_preview $root_uncached $query_uncached"]);
    // One copy per key, the key holding what the answer depends on, not one per raw Vary value.
    expect(directive("proxy_ignore_headers")).toEqual(["Vary"]);
  });

  test("limits /api/ per client address at the app's tracking limit, and tells the app that address as TRUST_PROXY=1 reads it", () => {
    const [zone, relayZone, vitalsZone, vitalsAllZone, requestsZone, requestsAllZone] = directive("limit_req_zone");
    // Per client: an IPv4 address, or an IPv6 /64 (behaviour below, through nginx).
    expect(zone).toMatch(/^\$limit_client zone=api:\d+m rate=1r\/s$/);
    // And the relay for everyone together: one key ($server_name is the same for every request).
    expect(relayZone).toMatch(/^\$server_name zone=relay:\d+[km] rate=\d+r\/s$/);
    // Field speed reports per client: one a page view, and for everyone together (docs/operations.md, "Field speed").
    expect(vitalsZone).toMatch(/^\$limit_client zone=vitals:\d+m rate=6r\/m$/);
    expect(vitalsAllZone).toMatch(/^\$server_name zone=vitals_all:\d+[km] rate=\d+r\/s$/);
    // Visitors' request forms' posts per client, GET and HEAD not counted (docs/operations.md, "Requests").
    expect(requestsZone).toMatch(/^\$request_form_client zone=requests:\d+m rate=10r\/m$/);
    // And every client's posts together, GET and HEAD not counted (test/nginxRequestForms.test.ts).
    expect(requestsAllZone).toMatch(/^\$request_form_all zone=requests_all:\d+[km] rate=\d+r\/s$/);
    // 1 a second with a burst of TRACKING_RATE_LIMIT: the default 60 a minute, across every instance.
    // The relay's location, the field-speed reports' (test/nginxVitals.test.ts), the request forms'
    // (below), then the rest of /api/ (test: every spelling of those paths, below).
    expect(directive("limit_req")).toEqual([
      `zone=api burst=${defaults.TRACKING_RATE_LIMIT} nodelay`,
      expect.stringMatching(/^zone=relay burst=\d+ nodelay$/),
      "zone=vitals burst=10 nodelay",
      expect.stringMatching(/^zone=vitals_all burst=\d+ nodelay$/),
      `zone=requests burst=${REQUEST_FORM_BURST} nodelay`,
      expect.stringMatching(/^zone=requests_all burst=\d+ nodelay$/),
      `zone=api burst=${defaults.TRACKING_RATE_LIMIT} nodelay`,
    ]);
    expect(directive("limit_req_status")).toEqual(["429", "429", "429", "429"]);
    expect(directive("proxy_set_header")).toContain("X-Forwarded-For $remote_addr");
    for (const name of appServices) expect(compose.services[name].environment!.TRUST_PROXY).toBe("1");
    expect(loadConfig({ TRUST_PROXY: "1" }, ROOT).TRUST_PROXY).toBe(1);
  });

  test("adds its headers at the server level only, so no location drops them (nginx inherits add_header only into a level with none)", () => {
    const locations = [...nginxConf.matchAll(/^\s*location\s+([^{]*)\{([^}]*)\}/gm)];
    expect(locations.length).toBeGreaterThan(5);
    expect(locations.filter(([, , body]) => /^\s*add_header\s/m.test(body)).map(([, name]) => name.trim())).toEqual([]);
    expect(directive("add_header")).toEqual(
      expect.arrayContaining(["X-Cache-Status $upstream_cache_status always", "X-Request-Id $request_id always"]),
    );
  });

  test("believes X-Forwarded-Proto only from a balancer it trusts for X-Forwarded-For, and keys the cache on the scheme so established", () => {
    // Both commented out as shipped, with the same example addresses: turned on together.
    const realIp = /^\s*# set_real_ip_from (\S+); # local: real_ip$/m.exec(nginxConf)?.[1];
    const tlsBalancer = /^\s*# (\S+) 1; # local: tls_balancer$/m.exec(nginxConf)?.[1];
    expect(realIp).toBeDefined();
    expect(tlsBalancer).toBe(realIp);
    expect(nginxConf).toMatch(/geo \$realip_remote_addr \$from_tls_balancer \{/);
    expect(directive("proxy_set_header")).toContain("X-Forwarded-Proto $forwarded_proto");
    expect(directive("proxy_cache_key")).toEqual([
      '"$cache_coding:$cache_image_type:$forwarded_proto$host$raw_path$cache_key_query"',
    ]);
  });

  test("leaves compression to the app and shows the site's own 503 page when no instance answers", () => {
    expect(directive("gzip")).toEqual(["off"]);
    expect(directive("error_page")).toContain("502 503 504 =503 /_offline/503.html");
  });
});

describe("deploy/nginx/nginx.conf, running in front of a stand-in instance that answers every request", () => {
  let nginx: Nginx;
  /** Paths of the requests that reached the instance. */
  const reached: string[] = [];
  beforeAll(async () => {
    // The real-IP block turned on for loopback, as behind another load balancer: the test speaks for many clients.
    nginx = await startNginxBeforeStandIn((req, res) => {
      reached.push(req.url!);
      req.resume();
      req.on("end", () =>
        res
          .writeHead(req.method === "POST" ? 202 : 200, { "content-type": "text/plain", "cache-control": "no-store" })
          .end("reached"),
      );
    });
  });
  afterAll(async () => {
    await nginx?.stop();
  });
  const port = () => Number(new URL(nginx.url).port);

  test("/metrics is unreachable whatever its case, slashes, encoding or query", async () => {
    const spellings = [
      "/metrics",
      "/Metrics",
      "/METRICS?x",
      "/metrics/",
      "//metrics",
      "/metrics%2F",
      "/%6detrics",
      "/./metrics",
      "/x/../Metrics/",
      "/mEtRiCs/.",
    ];
    const answers = await Promise.all(
      spellings.map(async (spelling) => [spelling, (await rawGet(port(), spelling)).status] as const),
    );
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(spellings.map((spelling) => [spelling, 404])));
    expect(reached.filter((url) => /metrics/i.test(decodeURIComponent(url)))).toEqual([]);
    // Not a blanket rule on the word: a page whose path only starts with it still reaches the app.
    expect((await rawGet(port(), "/metrics-of-a-kitchen")).status).toBe(200);
  });

  test("the instances' probes, /healthz and /readyz, are not answered at the edge, whatever their spelling", async () => {
    const spellings = [
      "/healthz",
      "/readyz",
      "/Healthz",
      "/READYZ?x",
      "/healthz/",
      "//readyz",
      "/%68ealthz",
      "/x/../readyz",
    ];
    const answers = await Promise.all(
      spellings.map(async (spelling) => [spelling, (await rawGet(port(), spelling)).status] as const),
    );
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(spellings.map((spelling) => [spelling, 404])));
    expect(reached.filter((url) => /healthz|readyz/i.test(decodeURIComponent(url)))).toEqual([]);
    expect((await rawGet(port(), "/_nginx/healthz")).status).toBe(200);
  });

  /** POSTs to `target` (a path as sent) from `ip` (X-Forwarded-For, trusted from loopback): the status. */
  const postTo = (target: string, ip: string) =>
    fetch(`${nginx.url}${target}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: "{}",
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  /** POSTs an event to the relay from `ip`: the status. */
  const post = (ip: string) => postTo("/api/meta-capi", ip);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** `count` posts to `target`, `concurrency` at a time, the i-th from `ipOf(i)`: their statuses and how long they took. */
  async function flood(target: string, count: number, ipOf: (i: number) => string, concurrency = 32) {
    const started = Date.now();
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) statuses.push(await postTo(target, ipOf(next++)));
      }),
    );
    return { statuses, seconds: (Date.now() - started) / 1000 };
  }

  test("the per-client limit counts an IPv6 client by its /64 (one subscriber's network), an IPv4 client by its address", async () => {
    const burst = defaults.TRACKING_RATE_LIMIT;
    const started = Date.now();
    // One address after another out of one /64, as a client that changes its address each time would.
    const statuses: number[] = [];
    for (let i = 1; i <= burst + 20; i++)
      statuses.push(await post(`2001:db8:1:2:${i.toString(16)}::${(i * 7).toString(16)}`));
    const seconds = (Date.now() - started) / 1000;
    const accepted = statuses.filter((s) => s === 202).length;
    expect(accepted).toBeGreaterThanOrEqual(burst);
    expect(accepted).toBeLessThanOrEqual(burst + Math.ceil(seconds) + 1);
    expect(statuses.filter((s) => s !== 202 && s !== 429)).toEqual([]);
    // The next /64 and an IPv4 client are clients of their own.
    expect(await post("2001:db8:1:3::1")).toBe(202);
    expect(await post("198.51.100.20")).toBe(202);
    // IPv4 addresses written as IPv6 (a dual-stack listener) are clients of their own, not one /64 for all of IPv4.
    const mapped: number[] = [];
    for (let i = 1; i <= burst + 10; i++) mapped.push(await post(`::ffff:198.51.${100 + (i >> 8)}.${i & 255}`));
    expect(mapped.filter((s) => s !== 202)).toEqual([]);
  }, 30_000);

  test("the relay has a global rate besides the per-client one: many clients at once cannot flood the outbox", async () => {
    const zone = directive("limit_req_zone").find((z) => /zone=relay:/.test(z))!;
    const [, rate] = /rate=(\d+)r\/s/.exec(zone)!;
    const relay = relayLocation();
    const globalBurst = Number(/limit_req zone=relay burst=(\d+)/.exec(relay)![1]);
    // The tests above posted to the relay too: let its bucket fill up again (burst ÷ rate).
    await new Promise((resolve) => setTimeout(resolve, (globalBurst / Number(rate)) * 1000 + 500));
    // Every request from a client of its own (a /64 each), so only the global limit can refuse
    // one; sent until it does (bounded: a slow machine sends more before the bucket runs dry).
    const started = Date.now();
    const deadline = started + 20_000;
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (!statuses.includes(429) && Date.now() < deadline && next < 20_000) {
          const i = next++;
          statuses.push(await post(`2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`));
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = statuses.filter((s) => s === 202).length;
    expect(statuses.filter((s) => s !== 202 && s !== 429)).toEqual([]);
    expect(statuses).toContain(429);
    expect(accepted).toBeGreaterThanOrEqual(globalBurst);
    expect(accepted).toBeLessThanOrEqual(globalBurst + Math.ceil(Number(rate) * seconds) + 1);
  }, 60_000);

  // Express matches routes ignoring case and a trailing slash; nginx matches locations on $uri,
  // which is percent-decoded with its slashes merged. Each of these reaches the relay's limits.
  const relaySpellings = [
    "/api/meta-capi",
    "/API/meta-capi",
    "/Api/Meta-Capi",
    "/api/meta-capi/",
    "/API/META-CAPI/",
    "//api//meta-capi",
    "/api/meta%2Dcapi",
    "/%41pi/meta-capi/",
  ];

  test("the relay's limits hold for every spelling of its path: 1,100 events in all its spellings at once, from 20 addresses", async () => {
    const zone = directive("limit_req_zone").find((z) => /zone=relay:/.test(z))!;
    const rate = Number(/rate=(\d+)r\/s/.exec(zone)![1]);
    const globalBurst = Number(/limit_req zone=relay burst=(\d+)/.exec(relayLocation())![1]);
    // Warm up (a cold process floods more slowly), from addresses no spelling uses; then the global bucket full again.
    await flood("/api/meta-capi", 300, (i) => `198.18.255.${1 + (i % 200)}`);
    await sleep((globalBurst / rate) * 1000 + 500);
    // One flood, the spellings taking turns, from 20 addresses (55 events each, under the
    // per-client burst, so only the relay's global limit refuses any). Past the burst the flood
    // outpaces the rate, so some ~90 events of each spelling meet a dry bucket: a spelling that
    // reached the limit sees 429s, one that escaped it (a location of its own) sees none, and
    // one limited by a bucket of its own lifts the total over the one bucket's bound. One flood
    // proves what a flood per spelling did, with an eighth of the requests.
    const spellingOf = (i: number) => relaySpellings[i % relaySpellings.length];
    const started = Date.now();
    const sent: Array<[string, number]> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 48 }, async () => {
        while (next < 1_100) {
          const i = next++;
          sent.push([spellingOf(i), await postTo(spellingOf(i), `198.18.0.${1 + (i % 20)}`)]);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(sent.filter(([, s]) => s !== 202 && s !== 429)).toEqual([]);
    const refused = Object.fromEntries(
      relaySpellings.map((spelling) => [spelling, sent.filter(([sp, s]) => sp === spelling && s === 429).length]),
    );
    const accepted = sent.filter(([, s]) => s === 202).length;
    console.log(
      `relay: ${accepted} of 1,100 accepted in ${seconds} s; refused by spelling: ${JSON.stringify(refused)}`,
    );
    expect(relaySpellings.filter((spelling) => refused[spelling] === 0)).toEqual([]);
    expect(accepted).toBeLessThanOrEqual(globalBurst + Math.ceil(rate * seconds) + 1);
  }, 120_000);

  test("the per-client limit holds for every spelling of the relay's, the webhook's and the error reports' paths", async () => {
    const burst = defaults.TRACKING_RATE_LIMIT;
    const spellings = [
      ...relaySpellings,
      "/api/prismic-webhook",
      "/API/prismic-webhook",
      "/api/Prismic-Webhook/",
      "//api/prismic-webhook",
      "/api/client-log",
      "/API/client-log",
      "/api/client-log/",
      "/api/client%2Dlog",
    ];
    // The relay's global bucket full again after the test above (burst ÷ rate, at most a few seconds).
    await sleep(3_000);
    const accepted: Record<string, number> = {};
    const tooMany: string[] = [];
    for (const [n, spelling] of spellings.entries()) {
      // One client of its own per spelling, sending twice its burst.
      const { statuses, seconds } = await flood(spelling, burst * 2, () => `198.19.${n}.1`, 8);
      expect(statuses.filter((s) => s !== 202 && s !== 429)).toEqual([]);
      accepted[spelling] = statuses.filter((s) => s === 202).length;
      if (accepted[spelling] > burst + Math.ceil(seconds) + 1) tooMany.push(spelling);
    }
    console.log(`/api/: posts accepted of ${burst * 2} from one address, by spelling: ${JSON.stringify(accepted)}`);
    expect(tooMany).toEqual([]);
  }, 60_000);
});

describe("deploy/nginx/nginx.conf in front of a stand-in instance: the visitors' request forms (/requests/, /us/requests/)", () => {
  let nginx: Nginx;
  /** The posts that reached the instance, by the path as nginx forwarded it. */
  const posts: string[] = [];
  /** What the stand-in answers a post with: a 303, here marked cacheable, as an app with a bug might. */
  let postCacheControl = "no-store";
  beforeAll(async () => {
    nginx = await startNginxBeforeStandIn((req, res) => {
      req.resume();
      req.on("end", () => {
        if (req.method === "POST") {
          posts.push(req.url!);
          res.writeHead(303, { location: "/requests/visit/sent", "cache-control": postCacheControl }).end();
        } else
          res
            .writeHead(200, { "content-type": "text/html", "cache-control": "public, s-maxage=5" })
            .end(`the form at ${req.url}`);
      });
    });
  });
  afterAll(async () => {
    await nginx?.stop();
  });
  const port = () => Number(new URL(nginx.url).port);

  /** A form's post to `target` exactly as written (fetch would normalise `/./x` or `/x/../y`), from `ip`. */
  const post = (target: string, ip: string, body = "name=Ada+Reed&email=ada%40example.com") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: port(),
          method: "POST",
          path: target,
          agent: false,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
            "x-forwarded-for": ip,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  // Every spelling the app might answer (or redirect) that nginx decodes to the forms' paths: case,
  // a trailing slash, repeated slashes, percent-encoding (a slash too), dot segments.
  const spellings = [
    "/requests/visit",
    "/Requests/visit",
    "/REQUESTS/VISIT/",
    "//requests//visit",
    "/requests/vis%69t",
    "/%72equests/visit",
    "/requests%2Fvisit",
    "/./requests/visit",
    "/x/../requests/samples",
    "/us/requests/consultation",
    "/US/Requests/quote",
    "//us//requests/samples",
    "/%75s/requests/quote",
    "/us%2Frequests/quote",
    "/us/./requests/quote/",
  ];

  test("a flood of posts from one address, in every spelling at once, meets nginx's 429 in each, and the instance sees only the zone's rate", async () => {
    posts.length = 0;
    const started = Date.now();
    const sent: Array<[string, number]> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < spellings.length * 4) {
          const spelling = spellings[next++ % spellings.length];
          sent.push([spelling, (await post(spelling, "198.22.0.1")).status]);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(sent.filter(([, status]) => status !== 303 && status !== 429)).toEqual([]);
    const accepted = sent.filter(([, status]) => status === 303).length;
    // One bucket for every spelling: its burst and the one a rate lets through, and one more each 6 s.
    expect(accepted).toBeGreaterThanOrEqual(REQUEST_FORM_BURST + 1);
    expect(accepted).toBeLessThanOrEqual(REQUEST_FORM_BURST + 1 + Math.ceil(seconds / REQUEST_FORM_EVERY_S));
    // Each spelling was refused: none reaches a location of its own, unlimited.
    expect(spellings.filter((spelling) => !sent.some(([sp, status]) => sp === spelling && status === 429))).toEqual([]);
    // What the instance saw is what was accepted: nginx answered every 429 itself.
    expect(posts).toHaveLength(accepted);

    // nginx's 429 is a page the visitor can read, never kept, saying when to come back.
    const refused = await post("/requests/visit", "198.22.0.1");
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["retry-after"]).toBe(String(REQUEST_FORM_EVERY_S));
    expect(refused.body).toContain("Too many requests");

    // The same address still gets the forms' pages (GET is not limited), and another address posts.
    for (const spelling of ["/requests/visit", "/us/requests/quote", "/requests/visit/sent"])
      expect({
        spelling,
        status: (await rawGet(port(), spelling, { "X-Forwarded-For": "198.22.0.1" })).status,
      }).toEqual({ spelling, status: 200 });
    expect((await post("/us/requests/quote", "198.22.0.2")).status).toBe(303);
  }, 60_000);

  test("the limit counts an IPv6 client by its /64, as the other limits do", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= REQUEST_FORM_BURST + 3; i++)
      statuses.push((await post("/requests/quote", `2001:db8:22:1:${i.toString(16)}::1`)).status);
    expect(statuses.slice(0, REQUEST_FORM_BURST + 1)).toEqual(Array(REQUEST_FORM_BURST + 1).fill(303));
    expect(statuses.slice(REQUEST_FORM_BURST + 1)).toEqual([429, 429]);
    expect((await post("/requests/quote", "2001:db8:22:2::1")).status).toBe(303);
  });

  test("a body over 16 KB is refused by nginx (413) in every spelling without reaching the instance; 15 KB passes", async () => {
    posts.length = 0;
    const big = `message=${"x".repeat(17 * 1024)}`;
    for (const [n, spelling] of spellings.entries())
      expect({ spelling, status: (await post(spelling, `198.23.${n}.1`, big)).status }).toEqual({
        spelling,
        status: 413,
      });
    expect(posts).toEqual([]);
    expect((await post("/requests/visit", "198.23.200.1", `message=${"x".repeat(15 * 1024)}`)).status).toBe(303);
  });

  test("a post's 303 is never kept, even marked cacheable: not for its spelling, not for the page at the canonical one", async () => {
    postCacheControl = "public, max-age=600, s-maxage=600";
    try {
      for (const [n, spelling] of ["/Requests/visit", "/requests/visit", "//us//requests/quote"].entries()) {
        posts.length = 0;
        const first = await post(spelling, `198.24.${n}.1`);
        const second = await post(spelling, `198.24.${n}.2`);
        expect([first.status, second.status]).toEqual([303, 303]);
        // Both reached the instance: neither was answered from the cache.
        expect(posts).toHaveLength(2);
        expect(second.headers["x-cache-status"]).toBeUndefined();
        for (const page of [spelling, "/requests/visit", "/us/requests/quote"]) {
          const get = await rawGet(port(), page);
          expect({ spelling, page, status: get.status }).toEqual({ spelling, page, status: 200 });
        }
      }
    } finally {
      postCacheControl = "no-store";
    }
    // The forms' pages themselves are cached as the app marks them, each spelling on its own.
    const again = await rawGet(port(), "/requests/visit");
    expect(again.headers["x-cache-status"]).toBe("HIT");
  });
});

describe("npm run offline-page", () => {
  test("renders the site's 503 page as one file: its stylesheet inlined, no script", async () => {
    const html = await renderOfflinePage({ nodePath: process.execPath });
    expect(html).toMatch(/<title>Back shortly \| /);
    expect(html).toContain("We’ll be back shortly");
    // One style element of over 1000 characters (CSS may hold a `<`, as `@property`'s `syntax: "<length>"`).
    expect(html).toMatch(/<style>(?:(?!<\/style>)[\s\S]){1000,}<\/style>/);
    expect(html).not.toMatch(/<script\b|rel="stylesheet"|rel="modulepreload"/);
    // Font URLs made root-relative (they were relative to the stylesheet).
    expect(html).not.toMatch(/url\(["']?\.\//);
  }, 20_000);
});

describe("deploy/kubernetes", () => {
  const files = fs.readdirSync(K8S).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml");
  const manifests = files.flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(K8S, file), "utf8")).map(
      (doc) => doc.toJS() as { kind: string; [key: string]: any },
    ),
  );
  const only = (kind: string) => {
    const found = manifests.filter((m) => m.kind === kind);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const deployment = only("Deployment");
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers;
  const configMap = only("ConfigMap");
  const secret = only("Secret");
  /** One of several of a kind, by name. */
  const named = (kind: string, name: string) => {
    const found = manifests.filter((m) => m.kind === kind && m.metadata.name === name);
    expect(found).toHaveLength(1);
    return found[0];
  };
  /** The Secret as an operator fills it in (secret.yaml's own values are placeholders, refused at start). */
  const madeUp = Object.fromEntries(Object.keys(secret.stringData).map((name, i) => [name, `k${i}Qz8vLr3Tn5Wb1Xm7Pd`]));
  const env = {
    ...configMap.data,
    ...madeUp,
    ...Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value])),
  };

  test("every manifest is valid against the Kubernetes API schema, and kustomization.yaml lists each file", () => {
    const result = spawnSync(
      process.execPath,
      [path.join(__dirname, "support/kubernetesSchema.mjs"), ...files.map((f) => path.join(K8S, f))],
      {
        encoding: "utf8",
      },
    );
    expect(result.stderr).toBe("");
    const checked = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { kind: string; error: string | null });
    expect(checked.map(({ kind, error }) => ({ kind, error })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      [
        "ConfigMap",
        "Deployment",
        "HorizontalPodAutoscaler",
        "NetworkPolicy",
        "NetworkPolicy",
        "PodDisruptionBudget",
        "Secret",
        "Service",
        "Service",
        "Service",
        "StatefulSet",
      ].map((kind) => ({ kind, error: null })),
    );
    const kustomization = parse(fs.readFileSync(path.join(K8S, "kustomization.yaml"), "utf8")) as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  test("the settings of the ConfigMap and the Secret start the app once the Secret holds real values; its placeholders stop it, naming each", () => {
    // Each placeholder named (EDGE_PURGE_TOKEN's is refused by Varnish's entrypoint too: deploy/varnish/entrypoint.sh).
    let refusal = "";
    try {
      loadConfig({ ...env, ...secret.stringData }, ROOT);
    } catch (error) {
      refusal = (error as Error).message;
    }
    for (const name of Object.keys(secret.stringData)) expect(refusal).toContain(`${name}: a placeholder`);
    const config = loadConfig(env, ROOT);
    expect(config.OUTBOX_STORE).toBe("firestore");
    expect(config.HOST).toBe("0.0.0.0");
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
    expect(container.command).toEqual(dockerCmd);
  });

  test("readiness asks /readyz, liveness and start-up /healthz, on the port the app listens on", () => {
    const port = container.ports.find((p: { name: string }) => p.name === "http");
    expect(port.containerPort).toBe(loadConfig(env, ROOT).PORT);
    expect(container.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(container.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.startupProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    // A draining pod leaves readiness at its first probe, well within the drain's delay.
    expect(
      container.readinessProbe.periodSeconds * container.readinessProbe.failureThreshold * 1000,
    ).toBeLessThanOrEqual(loadConfig(env, ROOT).SHUTDOWN_DELAY_MS);
  });

  test("the grace period outlasts the app's own shutdown bound, so Kubernetes never cuts a clean drain", () => {
    const { SHUTDOWN_TIMEOUT_MS } = loadConfig(env, ROOT);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(SHUTDOWN_TIMEOUT_MS + SHUTDOWN_SAFETY_NET_MS);
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
  });

  test("runs as the image's non-root user on a read-only root, writing only to an emptyDir that holds the media cache", () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    const mounts = container.volumeMounts as Array<{ name: string; mountPath: string }>;
    const volumes = pod.volumes as Array<{ name: string; emptyDir?: { sizeLimit: string } }>;
    expect(mounts.every((m) => volumes.find((v) => v.name === m.name)?.emptyDir)).toBe(true);
    const mediaCache = loadConfig(env, ROOT).MEDIA_CACHE_DIR;
    expect(mounts.some((m) => mediaCache.startsWith(`${m.mountPath}/`))).toBe(true);
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
  });

  test("the media cache's budget fits its emptyDir with room to spare", () => {
    const { MEDIA_CACHE_DIR, MEDIA_CACHE_BYTES } = loadConfig(env, ROOT);
    const mount = (container.volumeMounts as Array<{ name: string; mountPath: string }>).find((m) =>
      MEDIA_CACHE_DIR.startsWith(`${m.mountPath}/`),
    )!;
    const volume = (pod.volumes as Array<{ name: string; emptyDir?: { sizeLimit?: string } }>).find(
      (v) => v.name === mount.name,
    )!;
    expect(volume.emptyDir?.sizeLimit).toEqual(expect.any(String));
    expect(MEDIA_CACHE_BYTES).toBeLessThanOrEqual(bytes(volume.emptyDir!.sizeLimit!) * MEDIA_CACHE_SHARE_OF_VOLUME);
  });

  test("a NetworkPolicy lets in only the ingress controller and Prometheus, on the app's port, and lets out only DNS and HTTPS to public addresses", () => {
    const policy = named("NetworkPolicy", "site");
    expect(deployment.spec.template.metadata.labels).toMatchObject(policy.spec.podSelector.matchLabels);
    expect([...policy.spec.policyTypes].sort()).toEqual(["Egress", "Ingress"]);
    type Peer = {
      namespaceSelector?: { matchLabels: Record<string, string> };
      podSelector?: { matchLabels: Record<string, string> };
      ipBlock?: { cidr: string; except?: string[] };
    };
    type Rule = { from?: Peer[]; to?: Peer[]; ports: Array<{ port: string | number; protocol: string }> };
    const ingress = policy.spec.ingress as Rule[];
    // Each rule names its peers (no rule open to every source) and only the container's port.
    for (const rule of ingress) {
      expect(rule.from?.length).toBeGreaterThan(0);
      for (const peer of rule.from!) expect(peer.namespaceSelector ?? peer.podSelector).toBeDefined();
      expect(rule.ports).toEqual([{ port: "http", protocol: "TCP" }]);
    }
    const peers = ingress.flatMap((rule) =>
      rule.from!.map((peer) => peer.podSelector?.matchLabels["app.kubernetes.io/name"]),
    );
    expect(peers.sort()).toEqual(["ingress-nginx", "prometheus", "varnish"]);
    expect(container.ports.map((p: { name: string }) => p.name)).toContain("http");

    const egress = policy.spec.egress as Rule[];
    const ports = egress.flatMap((rule) => rule.ports.map((p) => `${p.port}/${p.protocol}`)).sort();
    expect(ports).toEqual(["443/TCP", "53/TCP", "53/UDP", `${varnishListeners.purge}/TCP`]);
    // The purges go to Varnish's pods only.
    const purges = egress.find((rule) => rule.ports.some((p) => p.port === varnishListeners.purge))!;
    expect(purges.to).toEqual([{ podSelector: { matchLabels: { "app.kubernetes.io/name": "varnish" } } }]);
    const https = egress.find((rule) => rule.ports.some((p) => p.port === 443))!;
    // Out to the internet (Prismic, Meta, Google's APIs), never to the cluster's or the cloud's
    // private addresses, nor any other range of IANA's special-purpose registries (multicast too):
    // a translation prefix (NAT64, 6to4, IPv4-mapped) would reach internal IPv4 addresses.
    const SPECIAL_V4 = [
      "0.0.0.0/8",
      "10.0.0.0/8",
      "100.64.0.0/10",
      "127.0.0.0/8",
      "169.254.0.0/16",
      "172.16.0.0/12",
      "192.0.0.0/24",
      "192.0.2.0/24",
      "192.31.196.0/24",
      "192.52.193.0/24",
      "192.88.99.0/24",
      "192.168.0.0/16",
      "192.175.48.0/24",
      "198.18.0.0/15",
      "198.51.100.0/24",
      "203.0.113.0/24",
      "224.0.0.0/4",
      "240.0.0.0/4",
    ];
    const SPECIAL_V6 = [
      "::/128",
      "::1/128",
      "::ffff:0:0/96",
      "64:ff9b::/96",
      "64:ff9b:1::/48",
      "100::/64",
      "2001::/23",
      "2001:db8::/32",
      "2002::/16",
      "2620:4f:8000::/48",
      "3fff::/20",
      "5f00::/16",
      "fc00::/7",
      "fe80::/10",
      "ff00::/8",
    ];
    expect(https.to!.map((peer) => peer.ipBlock?.cidr)).toEqual(["0.0.0.0/0", "::/0"]);
    for (const peer of https.to!)
      expect([...(peer.ipBlock!.except ?? [])].sort()).toEqual(
        [...(peer.ipBlock!.cidr.includes(":") ? SPECIAL_V6 : SPECIAL_V4)].sort(),
      );
  });

  test("Varnish: each pod named in the app's EDGE_PURGE_URLS, its purge listener open to the site's pods alone, its visitors' to the ingress", () => {
    const varnish = only("StatefulSet");
    const [cache] = varnish.spec.template.spec.containers;
    const labels = varnish.spec.template.metadata.labels;
    const pods = named("Service", varnish.spec.serviceName);
    expect(pods.spec.clusterIP).toBe("None");
    expect(labels).toMatchObject(pods.spec.selector);
    // The app purges every Varnish: one URL per pod, by its stable name, on the purge listener.
    const urls = loadConfig(env, ROOT).EDGE_PURGE_URLS!;
    expect(urls).toEqual(
      Array.from(
        { length: varnish.spec.replicas },
        (_, i) => `http://${varnish.metadata.name}-${i}.${pods.metadata.name}:${varnishListeners.purge}`,
      ),
    );
    expect(loadConfig(env, ROOT).EDGE_PURGER).toBe("varnish");
    expect(cache.ports).toEqual([
      { name: "http", containerPort: varnishListeners.http, protocol: "TCP" },
      { name: "purge", containerPort: varnishListeners.purge, protocol: "TCP" },
    ]);
    // The token the app purges with, from the same Secret.
    expect(cache.env).toContainEqual({
      name: "EDGE_PURGE_TOKEN",
      valueFrom: { secretKeyRef: { name: secret.metadata.name, key: "EDGE_PURGE_TOKEN" } },
    });
    expect(secret.stringData).toHaveProperty("EDGE_PURGE_TOKEN");
    // The visitors' Service, for the ingress.
    expect(named("Service", "varnish").spec.ports[0].targetPort).toBe("http");
    // Non-root on a read-only root; the workdir an emptyDir in memory.
    expect(varnish.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 999 });
    expect(cache.securityContext).toEqual(container.securityContext);
    expect(varnish.spec.template.spec.volumes[0].emptyDir.medium).toBe("Memory");
    expect(cache.volumeMounts).toEqual([{ name: "workdir", mountPath: "/var/lib/varnish" }]);

    const policy = named("NetworkPolicy", "varnish");
    expect(labels).toMatchObject(policy.spec.podSelector.matchLabels);
    const from = Object.fromEntries(
      policy.spec.ingress.map((rule: any) => [
        rule.ports.map((p: { port: string }) => p.port).join(),
        rule.from.map((peer: any) => peer.podSelector.matchLabels["app.kubernetes.io/name"]),
      ]),
    );
    expect(from).toEqual({ http: ["ingress-nginx"], purge: ["site"] });
    const to = policy.spec.egress.map((rule: any) => rule.ports.map((p: any) => `${p.port}/${p.protocol}`).join());
    expect(to).toEqual(["53/UDP,53/TCP", `${loadConfig(env, ROOT).PORT}/TCP`]);
    // Varnish's own instances: the site Service, on its port.
    const service = named("Service", "site");
    expect(vcl("backends.kubernetes.vcl")).toMatch(
      new RegExp(`\\.host = "${service.metadata.name}"; \\.port = "${service.spec.ports[0].port}"; \\.probe = ready;`),
    );
  });

  test("the Service, the disruption budget and the autoscaler select the Deployment's pods", () => {
    const labels = deployment.spec.template.metadata.labels;
    const service = named("Service", "site");
    expect(labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports[0].targetPort).toBe("http");
    const pdb = only("PodDisruptionBudget");
    expect(labels).toMatchObject(pdb.spec.selector.matchLabels);
    expect(pdb.spec.maxUnavailable).toBeLessThan(deployment.spec.replicas);
    const hpa = only("HorizontalPodAutoscaler");
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: "apps/v1",
      kind: "Deployment",
      name: deployment.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(deployment.spec.replicas);
    expect(hpa.spec.metrics[0].resource.name).toBe("cpu");
  });
});

describe("deploy/compose.yaml", () => {
  test("three app services running the image's command behind nginx, each draining within its stop grace period", () => {
    expect(appServices).toEqual(["app1", "app2", "app3"]);
    for (const name of appServices) {
      const service = compose.services[name];
      expect(service.command).toEqual(dockerCmd);
      const { SHUTDOWN_TIMEOUT_MS } = appConfig(service);
      expect(seconds(service.stop_grace_period!) * 1000).toBeGreaterThan(
        SHUTDOWN_TIMEOUT_MS + SHUTDOWN_SAFETY_NET_MS - 1,
      );
      expect(service.healthcheck!.test.slice(0, 3)).toEqual(["CMD", "node", "-e"]);
      expect(service.user).toBe("node");
      // Read-only, but for /tmp (the media cache) and its own outbox volume.
      expect(service.read_only).toBe(true);
      expect(appConfig(service).MEDIA_CACHE_DIR.startsWith(`${service.tmpfs![0].split(":")[0]}/`)).toBe(true);
      const [volume] = service.volumes!;
      expect(volume).toBe(`${name}-data:${service.environment!.DATA_DIR}`);
      expect(compose.volumes).toHaveProperty(`${name}-data`);
    }
    const nginx = compose.services.nginx;
    expect(Object.keys(nginx.depends_on!)).toEqual(["varnish"]);
    expect(nginx.volumes).toContain("./nginx/nginx.conf:/etc/nginx/nginx.conf:ro");
    expect(nginx.ports).toEqual([`8080:${/listen (\d+);/.exec(nginxConf)![1]}`]);
    expect(nginx.volumes).toContain("./nginx/offline:/usr/share/nginx/site-offline:ro");
    expect(nginxConf).toContain("alias /usr/share/nginx/site-offline/;");
  });

  test("Varnish between nginx and the instances: started after them, purged by each on its purge listener, its VCL for app1..app3 and the offline page mounted", () => {
    const varnish = compose.services.varnish;
    expect(Object.keys(varnish.depends_on!)).toEqual(appServices);
    expect(varnish.expose).toEqual([String(varnishListeners.http), String(varnishListeners.purge)]);
    // Neither listener on the host: nginx and the instances reach it on Compose's network.
    expect(varnish.ports).toBeUndefined();
    for (const name of appServices) {
      const config = appConfig(compose.services[name]);
      expect(config.EDGE_PURGER).toBe("varnish");
      expect(config.EDGE_KEYS_HEADER).toBe("Surrogate-Key");
      expect(config.EDGE_PURGE_URLS).toEqual([`http://varnish:${varnishListeners.purge}`]);
      // The token comes from site.env, never from this file.
      expect(compose.services[name].environment).not.toHaveProperty("EDGE_PURGE_TOKEN");
    }
    expect(varnish.volumes).toEqual([
      "./varnish/backends.compose.vcl:/etc/varnish/backends.vcl:ro",
      "./nginx/offline:/etc/varnish/offline:ro",
    ]);
    expect(vcl("default.vcl")).toContain('std.fileread("/etc/varnish/offline/503.html")');
    // varnishd's workdir: writable, and exec (the compiled VCL is loaded as code).
    expect(varnish.read_only).toBe(true);
    expect(varnish.tmpfs).toEqual([expect.stringMatching(/^\/var\/lib\/varnish:.*\bexec\b/)]);
    expect(vcl("entrypoint.sh")).toContain("WORKDIR=/var/lib/varnish");
    expect(vcl("default.vcl")).toContain('std.fileread("/var/lib/varnish/edge-purge-token")');
    const dockerfile = vcl("Dockerfile");
    expect(dockerfile).toContain("COPY default.vcl /etc/varnish/default.vcl");
    expect(dockerfile).toContain("COPY backends.kubernetes.vcl /etc/varnish/backends.vcl");
  });

  test("each instance's media cache budget fits its tmpfs with room to spare, and so does the default", () => {
    for (const name of appServices) {
      const service = compose.services[name];
      const { MEDIA_CACHE_DIR, MEDIA_CACHE_BYTES } = appConfig(service);
      const tmpfs = service
        .tmpfs!.map((entry) => /^([^:]+):.*\bsize=(\w+)/.exec(entry)!)
        .find(([, mountPath]) => MEDIA_CACHE_DIR.startsWith(`${mountPath}/`))!;
      expect(MEDIA_CACHE_BYTES).toBeLessThanOrEqual(bytes(tmpfs[2], true) * MEDIA_CACHE_SHARE_OF_VOLUME);
      // An operator who drops the setting still fits.
      expect(defaults.MEDIA_CACHE_BYTES).toBeLessThanOrEqual(bytes(tmpfs[2], true) * MEDIA_CACHE_SHARE_OF_VOLUME);
    }
  });

  test("the app service's command, environment and health check, replayed: healthy, ready, and a clean stop within the grace period", async () => {
    const service = compose.services.app1;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compose-app-"));
    const port = await freePort();
    // Only what cannot be the same here changes: the port, loopback, and the container's paths.
    const environment = Object.fromEntries(
      Object.entries(service.environment!).map(([key, value]) => [key, value.replace(/^\/(app|tmp)\//, `${dir}/$1/`)]),
    );
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...environment,
      ...SITE_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    };
    env.PATH = [path.dirname(process.execPath), env.PATH].join(path.delimiter);
    const [command, ...args] = service.command!;
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    try {
      const deadline = Date.now() + 15_000;
      let ready = "";
      while (ready !== "ready") {
        if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
        if (Date.now() > deadline)
          throw new Error(`/readyz did not answer "ready" within 15 s (last: ${ready}):\n${output}`);
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.text(),
          () => "",
        );
        await new Promise((r) => setTimeout(r, 100));
      }
      // nginx must drop an idle connection before the app does (keepalive_timeout in the upstream block).
      const keepAlive = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.headers.get("keep-alive"));
      const appKeepAlive = Number(/timeout=(\d+)/.exec(keepAlive ?? "")?.[1]);
      expect(seconds(directive("keepalive_timeout").find((v) => v !== "65s")!)).toBeLessThan(appKeepAlive);

      const [, shell, flag, script] = service.healthcheck!.test;
      const check = spawnSync(
        shell === "node" ? process.execPath : shell,
        [flag, script.replaceAll(":3000/", `:${port}/`)],
        { encoding: "utf8", timeout: 10_000 },
      );
      expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: "" });

      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(seconds(service.stop_grace_period!) * 1000);
      expect(fs.existsSync(path.join(environment.DATA_DIR, "outbox.sqlite"))).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
