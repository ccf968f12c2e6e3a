/**
 * The edge proof's visitors (scripts/edgeProof.mjs): a realistic URL mix with a long tail, drawn by
 * a Zipf-like popularity (weight 1/rank), sent open-loop at a fixed rate so both edges are asked
 * the same thing whatever their latency. Each request speaks for one of many visitors
 * (X-Forwarded-For, nginx's real-IP block on for loopback; 250 here), as a browser would (brotli, HTML).
 */
import http from "node:http";

export const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-GB,en;q=0.9",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

const CAMPAIGNS = [
  "?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
  "?utm_source=instagram&utm_medium=social",
  "?utm_source=google&utm_medium=cpc&utm_campaign=kitchens",
];
const randomId = () => Math.random().toString(36).slice(2, 14);

/**
 * Every page of the sitemap (both regions), the lists' `?page=N`, campaign variants (fixed UTM
 * tags, and a fresh fbclid/gclid per request on the popular pages), and a few 404s; ranked by a
 * plausible popularity (home pages, lists, then the rest in a fixed shuffle).
 * @param {string} instanceUrl an instance, asked for its sitemap
 * @returns {Promise<Array<{ path: string | (() => string), kind: string, weight: number }>>}
 */
export async function urlMix(instanceUrl) {
  const sitemap = await (await fetch(`${instanceUrl}/sitemap.xml`)).text();
  const pages = [...new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/"))];
  if (pages.length < 20) throw new Error(`the sitemap lists only ${pages.length} pages`);
  const head = ["/", "/us", "/gallery", "/info/blog", "/us/gallery", "/us/info/blog"].filter(
    (p) => p === "/" || pages.includes(p),
  );
  // A fixed shuffle (a linear congruential step): the same ranks on every run.
  let seed = 7;
  const rest = pages
    .filter((p) => !head.includes(p))
    .map((p) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return [seed, p];
    })
    .sort((a, b) => a[0] - b[0])
    .map(([, p]) => p);
  const ranked = [];
  for (const p of head) ranked.push({ path: p, kind: "page" });
  for (const list of ["/gallery", "/info/blog", "/us/gallery", "/us/info/blog"])
    for (const n of [1, 2]) ranked.push({ path: `${list}?page=${n}`, kind: "list page" });
  for (const p of head) ranked.push({ path: () => `${p}?fbclid=${randomId()}`, kind: "campaign click" });
  for (const p of rest) ranked.push({ path: p, kind: "page" });
  for (const [i, p] of [...head, ...rest.slice(0, 20)].entries())
    ranked.push({ path: p + CAMPAIGNS[i % CAMPAIGNS.length], kind: "campaign tag" });
  for (const p of rest.slice(0, 10)) ranked.push({ path: () => `${p}?gclid=${randomId()}`, kind: "campaign click" });
  for (const p of [
    "/no-such-page",
    "/info/blog/no-such-post",
    "/gallery/no-such-project",
    "/us/no-such-page",
    "/wp-login.php",
  ])
    ranked.push({ path: p, kind: "404" });
  return ranked.map((entry, i) => ({ ...entry, weight: 1 / (i + 1) }));
}

/**
 * Sends `ratePerSecond` requests a second for `seconds` (or until `stop()`), each drawn from the
 * mix, through `origin` (`stop()` ends it early). Resolves with the count sent, their statuses and nginx's cache results.
 */
export function openLoad(origin, mix, { ratePerSecond = 50, seconds = 60 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(origin);
  const total = mix.reduce((sum, r) => sum + r.weight, 0);
  const pick = () => {
    let x = Math.random() * total;
    for (const entry of mix) {
      x -= entry.weight;
      if (x < 0) return entry;
    }
    return mix.at(-1);
  };
  const statuses = {};
  const cache = {};
  let sent = 0;
  let failed = 0;
  let inFlight = 0;
  let stopped = false;
  let timer;
  const done = new Promise((resolve) => {
    const started = performance.now();
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      if (stopped || elapsed >= seconds) {
        clearInterval(timer);
        const finish = () => (inFlight === 0 ? resolve() : setTimeout(finish, 50));
        return finish();
      }
      while (sent < elapsed * ratePerSecond) {
        sent++;
        inFlight++;
        const entry = pick();
        const path = typeof entry.path === "function" ? entry.path() : entry.path;
        const visitor = `198.51.100.${sent % 250}`;
        const req = http.get(
          { host: url.hostname, port: url.port, path, agent, headers: { ...BROWSER, "x-forwarded-for": visitor } },
          (res) => {
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            const status = res.headers["x-cache-status"] ?? "none";
            cache[status] = (cache[status] ?? 0) + 1;
            res.resume();
            res.on("end", () => inFlight--);
          },
        );
        req.setTimeout(30_000, () => req.destroy());
        req.on("error", () => {
          failed++;
          inFlight--;
        });
      }
    };
    timer = setInterval(tick, 20);
  });
  return {
    stop: () => {
      stopped = true;
    },
    result: done.then(() => {
      agent.destroy();
      return { sent, failed, statuses, cache };
    }),
  };
}
