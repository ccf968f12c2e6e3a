/**
 * What tracing costs a cache hit: the production build serving one cached page under autocannon,
 * with tracing off, then on (every request sampled, spans exported over OTLP to a local sink that
 * answers 200), then on with 10 % of traces kept, then off again (the two "off" runs show how much
 * the machine itself drifted meanwhile). One run each, on loopback. Besides requests per second
 * (which a shared machine's other work moves a lot), each row has the server's answers per
 * CPU-second (its user + system time from /proc, as docs/capacity.md counts), which it moves less. Run `npm run build` first. Options: TRACE_COST_SECONDS (10),
 * TRACE_COST_CONNECTIONS (50), TRACE_COST_PATH (/gallery).
 */
import http from "node:http";
import autocannon from "autocannon";
import { startBuiltSite } from "../lib/builtSite.mjs";
import { cpuSeconds } from "../lib/processCpu.mjs";

const seconds = Number(process.env.TRACE_COST_SECONDS ?? 10);
const connections = Number(process.env.TRACE_COST_CONNECTIONS ?? 50);
const pagePath = process.env.TRACE_COST_PATH ?? "/gallery";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A collector stand-in: takes every export, counts the bytes, answers 200.
let exportedBytes = 0;
const sink = http.createServer((req, res) => {
  req.on("data", (chunk) => (exportedBytes += chunk.length));
  req.on("end", () => res.writeHead(200, { "content-type": "application/x-protobuf" }).end());
});
await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
const collector = `http://127.0.0.1:${sink.address().port}`;

async function measure(name, env) {
  const site = await startBuiltSite({ name: "trace-cost", env });
  for (let i = 0; i < 40 && (await fetch(site.url + pagePath)).headers.get("x-cache") !== "HIT"; i++) await sleep(25);
  const before = exportedBytes;
  const cpuBefore = cpuSeconds(site.pid);
  const result = await autocannon({
    url: site.url + pagePath,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br" },
  });
  const cpu = cpuSeconds(site.pid) - cpuBefore;
  await site.stop();
  const row = {
    name,
    "req/s": Math.round(result.requests.average),
    "per CPU-s": Math.round(result.requests.total / cpu),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    "exported KB": Math.round((exportedBytes - before) / 1024),
  };
  console.log(JSON.stringify(row));
  return row;
}

const rows = [
  await measure("tracing off", {}),
  await measure("tracing on, every request", {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector,
    OTEL_TRACES_SAMPLER: "always_on",
  }),
  await measure("tracing on, 10 % sampled", {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector,
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: "0.1",
  }),
  await measure("tracing off, again", {}),
];
console.table(rows);
for (const key of ["req/s", "per CPU-s"]) {
  const off = (rows[0][key] + rows[3][key]) / 2;
  console.log(
    `${key}: on / off ${(rows[1][key] / off).toFixed(2)}; sampled 10 % / off ${(rows[2][key] / off).toFixed(2)} (off = the mean of the two off runs)`,
  );
}
sink.close();
