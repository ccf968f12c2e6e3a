/**
 * `npm run bench:publish`: a publish under load. 50 connections request 20 pages for 10 s; a
 * publish (new master ref, through the webhook) lands at the start. Reports the pages rendered
 * in those 10 s and the latency (p50/p99) of every request in them. Run `npm run build` first.
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), SITE_DIR (another
 * checkout to measure, e.g. an older commit, with the same server harness copied in).
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import autocannon from "autocannon";
import { build } from "esbuild";

const root = path.resolve(process.env.SITE_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), ".."));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

// Two folders below the root, like test/support/, where the harness's ROOT is resolved from.
const outfile = path.join(root, ".cache", "bench", "publishUnderLoadServer.cjs");
await build({
  entryPoints: [path.join(root, "scripts", "publishUnderLoadServer.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  packages: "external",
  jsx: "automatic",
  loader: { ".json": "json" },
  logLevel: "error",
});
// React's production build, as the site runs.
const child = fork(outfile, {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const ask = async (message, field) => {
  child.send(message);
  for (;;) {
    const [reply] = await once(child, "message");
    if (field in reply) return reply;
  }
};
try {
  const [{ port }] = await once(child, "message");
  const base = `http://127.0.0.1:${port}`;
  // 20 pages that exist: the home pages, lists, and the first documents the home and lists link to.
  const candidates = [
    "/",
    "/us",
    "/gallery",
    "/us/gallery",
    "/info/blog",
    "/us/info/blog",
    "/materials/samples",
    "/us/materials/samples",
  ];
  for (const list of ["/gallery", "/info/blog", "/us/gallery", "/us/info/blog"]) {
    const html = await (await fetch(base + list)).text();
    for (const [, href] of html.matchAll(/href="(\/(?:us\/)?(?:gallery|info\/blog)\/[a-z0-9-]+)"/g))
      candidates.push(href);
  }
  const pages = [];
  for (const page of new Set(candidates)) {
    if (pages.length === 20) break;
    if ((await fetch(base + page)).status === 200) pages.push(page);
  }
  if (pages.length < 20) throw new Error(`only ${pages.length} pages found`);
  // Warm: every page cached at the current ref.
  for (let round = 0; round < 3; round++) for (const page of pages) await (await fetch(base + page)).text();
  const before = (await ask({ renders: true }, "renders")).renders;

  const run = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: pages.map((p) => ({ method: "GET", path: p })),
    headers: { "accept-encoding": "br" },
  });
  await new Promise((r) => setTimeout(r, 200));
  await ask({ publish: `Published at ${Date.now()}` }, "published");
  const result = await run;
  const after = (await ask({ renders: true }, "renders")).renders;
  console.log(
    JSON.stringify({
      site: root,
      pages: pages.length,
      connections,
      seconds,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      rendersAfterPublish: after - before,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
    }),
  );
} finally {
  child.kill("SIGTERM");
}
