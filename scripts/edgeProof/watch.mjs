/**
 * What the edge proof (scripts/edgeProof.mjs) reads: the instances' own request counts (their
 * /metrics), Varnish's fetches from the instances as they happen (varnishncsa in backend mode),
 * when a page turns fresh through nginx, and a gate in front of Varnish's purge listener that can
 * stop answering, as a listener that is down.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { BROWSER } from "./mix.mjs";

/** Routes that are not visitors' requests: Varnish's probes, the bench's own scrapes. */
const NOT_VISITORS = new Set(["readyz", "healthz", "metrics"]);

/** A metric's samples from /metrics text, as `{ labels, value }`. */
export function samples(text, name) {
  const out = [];
  for (const line of text.split("\n")) {
    const match = new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`).exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    out.push({ labels, value: Number(match[2]) });
  }
  return out;
}

export async function scrape(instanceUrl, token) {
  const res = await fetch(`${instanceUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${instanceUrl}/metrics: ${res.status}`);
  return res.text();
}

/** Visitors' requests an instance has answered since it started (http_requests_total, probes left out). */
export async function visitorRequests(instanceUrl, token) {
  return samples(await scrape(instanceUrl, token), "http_requests_total")
    .filter((s) => !NOT_VISITORS.has(s.labels.route))
    .reduce((sum, s) => sum + s.value, 0);
}

/**
 * varnishncsa in backend mode: one record per fetch from an instance, with the time it was read,
 * the URL, the status, the backend, its Cache-Control and its page cache's X-Cache. `since(t)` lists those read after t.
 */
export function backendLog(varnishncsa, workdir) {
  // X-Cache: the app's own page cache (HIT, STALE: the older copy while it renders the new one, MISS).
  const format = "%U%q\t%s\t%{VSL:BackendOpen[2]}x\t%{Cache-Control}o\t%{X-Cache}o";
  const child = spawn(varnishncsa, ["-n", workdir, "-b", "-F", format], { stdio: ["ignore", "pipe", "ignore"] });
  const records = [];
  let pending = "";
  child.stdout.on("data", (d) => {
    pending += d;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      const [url, status, backend, cacheControl, appCache] = line.split("\t");
      records.push({ at: performance.now(), url, status: Number(status), backend, cacheControl, appCache });
    }
  });
  return {
    since: (t) => records.filter((r) => r.at >= t && !r.url.startsWith("/readyz")),
    stop: () => child.kill("SIGTERM"),
  };
}

/**
 * Polls `url` every 100 ms (through nginx, as a visitor) until `isFresh(body)`; resolves with the
 * milliseconds from `from` (a performance.now() time), or null after `timeoutMs`.
 */
export async function timeToFresh(url, isFresh, from, timeoutMs = 120_000) {
  for (;;) {
    const body = await fetch(url, { headers: BROWSER }).then(
      (r) => r.text(),
      () => "",
    );
    if (isFresh(body)) return Math.round(performance.now() - from);
    if (performance.now() - from > timeoutMs) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A gate on loopback in front of Varnish's purge listener: the instances purge through it. Open,
 * it passes each PURGE on and hands back Varnish's answer; shut, it drops every connection
 * unanswered, as a listener that is down (the purger sees no answer). Counts what it passed.
 */
export async function purgeGate(purgePort) {
  let open = true;
  const passed = [];
  const server = http.createServer((req, res) => {
    if (!open) return req.socket.destroy();
    const upstream = http.request(
      { host: "127.0.0.1", port: purgePort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        passed.push({
          at: performance.now(),
          status: answer.statusCode,
          purged: Number(answer.headers["x-purged"] ?? 0),
          keys: String(req.headers["xkey-purge"] ?? ""),
        });
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    passed,
    shut() {
      open = false;
      server.closeAllConnections();
    },
    open() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
