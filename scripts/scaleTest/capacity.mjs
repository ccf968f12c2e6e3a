/**
 * `npm run capacity` (after `npm run build`): what one core does, for docs/capacity.md. Measured
 * as requests per CPU-second of the process that answers (from /proc, every thread included), not
 * per wall-clock second, so a machine shared with other work still gives a fair figure:
 *
 * - a page from nginx's cache (deploy/nginx/nginx.conf in front of one instance; nginx's workers);
 * - a page from the app's own page cache (the instance, no nginx);
 * - a page rendered (an instance with PAGE_CACHE_BYTES=0: every request runs the loaders and React);
 * - the `/_data` JSON of a client navigation (the instance);
 * - a tracking event posted to the relay and stored in the (SQLite) outbox;
 * - an image transform (an instance whose media cache cannot be written: every request is a resize
 *   and re-encode by sharp).
 *
 * CAPACITY_SECONDS (default 5) per measurement. Prints a table and writes .cache/capacity-report.json.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { writeLocalNginxConfig } from "./nginxConfig.mjs";
import { freePort } from "../lib/freePort.mjs";
import { cpuSeconds } from "../lib/processCpu.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 5);
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-GB,en;q=0.9",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

function memoryMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024);
  return { rss: mib("VmRSS"), peak: mib("VmHWM") };
}

async function waitUntil(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// MEDIA_WARM=off: the image warm-up would spend a core in the background while requests are timed.
async function startInstance(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // SITE_URL is the one origin the tracking relay takes (docs/tracking-privacy.md).
  const child = spawn(process.execPath, [path.join(ROOT, "dist/server/index.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      LOG_LEVEL: "warn",
      SHUTDOWN_DELAY_MS: "0",
      MEDIA_WARM: "off",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntil(`${url}/readyz`, async () => (await fetch(`${url}/readyz`)).ok, 20_000);
  return { url, port, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** autocannon for SECONDS against `paths` (drawn at random), with the CPU the given processes used meanwhile. */
async function measure(label, origin, paths, pids, { connections = 16, headers = BROWSER, method = "GET", body } = {}) {
  // Once each first: a measurement of the warm state.
  if (method === "GET") for (const p of paths) await fetch(origin + p, { headers }).then((r) => r.arrayBuffer());
  const before = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        connections,
        duration: SECONDS,
        timeout: 30,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              method,
              path: paths[(Math.random() * paths.length) | 0],
              headers: typeof headers === "function" ? headers() : headers,
              body: body?.(),
            }),
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - before;
  const ok = result["2xx"];
  const row = {
    label,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    wallRequestsPerSecond: Math.round(result.requests.average),
    cpuSeconds: Math.round(cpu * 100) / 100,
    requestsPerCoreSecond: cpu > 0 ? Math.round(ok / cpu) : null,
    p50ms: result.latency.p50,
    // Headers included: what one answer costs on the wire.
    bytesPerAnswer: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : null,
  };
  console.log(
    `${label}: ${row.requestsPerCoreSecond} req per CPU-second (${ok} answers in ${row.cpuSeconds} CPU-s; ${row.wallRequestsPerSecond} req/s wall, p50 ${row.p50ms} ms, ${row.bytesPerAnswer} bytes each)`,
  );
  return row;
}

export async function runCapacity() {
  const unwritable = path.join(os.tmpdir(), `capacity-no-cache-${process.pid}`);
  fs.writeFileSync(unwritable, ""); // a file, so the media cache folder cannot be created under it
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capacity-outbox-"));
  // TRUST_PROXY: the load speaks for many visitors (the tracking limit is per address).
  const cached = await startInstance({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
  // One client asking for renders as fast as it can: no budget of uncached renders (docs/security.md).
  const uncached = await startInstance({
    PAGE_CACHE_BYTES: "0",
    RENDER_BUDGET_PER_MINUTE: "0",
    MEDIA_CACHE_DIR: path.join(unwritable, "media"),
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capacity-nginx-"));
  const nginxPort = await freePort();
  const conf = writeLocalNginxConfig({ dir, port: nginxPort, upstreams: [`127.0.0.1:${cached.port}`] });
  const nginxBin = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((f) => fs.existsSync(f)) ?? "nginx";
  const nginx = spawn(nginxBin, ["-c", conf, "-e", path.join(dir, "startup.log"), "-g", "daemon off;"], {
    stdio: "ignore",
  });
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  try {
    await waitUntil("nginx", async () => (await fetch(`${nginxUrl}/_nginx/healthz`)).ok, 10_000);
    const pages = ["/gallery", "/info/blog", "/us/gallery", "/"];
    const dataPaths = [];
    for (const page of pages.slice(0, 3)) {
      const html = await fetch(cached.url + page, { headers: BROWSER }).then((r) => r.text());
      // The hydration data: a JSON block on shared pages (decision record 004).
      const block = /<script type="application\/json" id="router-hydration">([\s\S]*?)<\/script>/.exec(html)?.[1];
      const route = block && Object.keys(JSON.parse(block).loaderData ?? {}).at(-1);
      if (route) dataPaths.push(`/_data${page}?_route=${encodeURIComponent(route)}`);
    }
    const media = "/media/kitchen-navy-shaker.jpg?auto=format%2Ccompress&w=828";
    const imageHeaders = { ...BROWSER, accept: "image/avif,image/webp,*/*;q=0.8" };
    const assets = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/manifest.json"), "utf8"));
    const firstView = [assets.entry, ...assets.entryImports, ...assets.css];
    const rows = [
      await measure("page from nginx's cache", nginxUrl, pages, [nginx.pid], { connections: 32 }),
      await measure("asset of a first view from nginx's cache", nginxUrl, firstView, [nginx.pid], {
        connections: 32,
        headers: { ...BROWSER, accept: "*/*" },
      }),
      await measure("page from the app's page cache", cached.url, pages, [cached.pid]),
      await measure("page rendered (no cache)", uncached.url, pages, [uncached.pid]),
      await measure("/_data JSON", cached.url, dataPaths, [cached.pid], {
        headers: { ...BROWSER, accept: "application/json" },
      }),
      await measure("tracking event stored (SQLite outbox)", cached.url, ["/api/meta-capi"], [cached.pid], {
        method: "POST",
        headers: () => ({
          "content-type": "application/json",
          origin: cached.url,
          "user-agent": BROWSER["user-agent"],
          "x-forwarded-for": `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${1 + ((Math.random() * 253) | 0)}`,
        }),
        body: () =>
          JSON.stringify({
            event_name: "PageView",
            region: "uk",
            custom_data: { page_url: `${cached.url}/gallery`, page_title: "Gallery" },
          }),
      }),
      await measure("image transform (828 px, WebP)", uncached.url, [media], [uncached.pid], {
        connections: 4,
        headers: imageHeaders,
      }),
    ];
    const memory = { cached: memoryMiB(cached.pid), uncached: memoryMiB(uncached.pid) };
    console.log(
      `memory (MiB): instance with caches ${JSON.stringify(memory.cached)}, without ${JSON.stringify(memory.uncached)}`,
    );
    return { seconds: SECONDS, cpus: os.cpus().length, loadAverage: os.loadavg(), rows, memory };
  } finally {
    nginx.kill("SIGQUIT");
    cached.stop();
    uncached.stop();
    fs.rmSync(unwritable, { force: true });
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 2_000);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCapacity().then(
    (report) => {
      fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
      fs.writeFileSync(path.join(ROOT, ".cache/capacity-report.json"), `${JSON.stringify(report, null, 2)}\n`);
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
