/**
 * Steady mixed load through the load balancer (autocannon): each request drawn by weight from a
 * mix of `{ kind, path, method?, headers, body?, expect, weight }`, where `path`, `headers` and
 * `body` may be functions (a fresh campaign click id, a fresh tracking event per request). Tallies
 * every answer by status and by nginx's X-Cache-Status, so the share answered by the cache and
 * the share that reached an instance come out of the same run as the latency.
 */
import autocannon from "autocannon";

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}

/** Cache statuses whose answer came from nginx without asking an instance. */
export const SERVED_BY_CACHE = new Set(["HIT", "STALE", "UPDATING"]);

/**
 * Runs the load for `durationSeconds`, or until `stopWhen` settles (whichever comes first), and
 * resolves with the tallies. Never rejects for bad answers: the caller asserts on them.
 */
export function driveMix(origin, mix, { connections = 20, durationSeconds = 10, stopWhen } = {}) {
  const total = mix.reduce((sum, r) => sum + r.weight, 0);
  const pick = () => {
    let x = Math.random() * total;
    for (const request of mix) {
      x -= request.weight;
      if (x < 0) return request;
    }
    return mix.at(-1);
  };
  const value = (v) => (typeof v === "function" ? v() : v);
  const unexpected = new Map();
  const byKind = new Map(); // kind → { latencies, cache: Map }
  const cache = new Map(); // X-Cache-Status (or "none") → count
  const latencies = [];
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationSeconds,
        // As long as nginx waits for an instance (proxy_read_timeout): longer is a failure.
        timeout: 30,
        requests: [
          {
            setupRequest: (req, context) => {
              const request = pick();
              context.request = request;
              context.sentAt = performance.now();
              const body = value(request.body);
              const headers = value(request.headers);
              return { ...req, method: request.method ?? "GET", path: value(request.path), headers, body };
            },
            onResponse: (status, _body, context, headers) => {
              const { request, sentAt } = context;
              if (!request) return;
              const ms = performance.now() - sentAt;
              latencies.push(ms);
              const cacheStatus = headers?.["x-cache-status"] ?? headers?.["X-Cache-Status"] ?? "none";
              cache.set(cacheStatus, (cache.get(cacheStatus) ?? 0) + 1);
              if (!byKind.has(request.kind)) byKind.set(request.kind, { latencies: [], cache: new Map() });
              const kind = byKind.get(request.kind);
              kind.latencies.push(ms);
              kind.cache.set(cacheStatus, (kind.cache.get(cacheStatus) ?? 0) + 1);
              const expected = Array.isArray(request.expect) ? request.expect : [request.expect];
              if (!expected.includes(status)) {
                const key = `${request.method ?? "GET"} ${request.kind} → ${status} (expected ${expected.join(" or ")})`;
                unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        const answered = sorted.length;
        const fromCache = [...cache]
          .filter(([status]) => SERVED_BY_CACHE.has(status))
          .reduce((sum, [, n]) => sum + n, 0);
        resolve({
          seconds: Math.round((performance.now() - startedAt) / 100) / 10,
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.average),
          errors: result.errors,
          timeouts: result.timeouts,
          statuses: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
          ),
          unexpected: Object.fromEntries(unexpected),
          // autocannon's errors include its timeouts.
          failed: result.errors + [...unexpected.values()].reduce((a, b) => a + b, 0),
          latency: {
            p50: Math.round(percentile(sorted, 50) * 10) / 10,
            p99: Math.round(percentile(sorted, 99) * 10) / 10,
          },
          cache: Object.fromEntries(cache),
          shareFromCache: answered ? fromCache / answered : 0,
          kinds: Object.fromEntries(
            [...byKind].map(([kind, { latencies: times, cache: kindCache }]) => {
              const s = times.sort((a, b) => a - b);
              const hits = [...kindCache]
                .filter(([status]) => SERVED_BY_CACHE.has(status))
                .reduce((sum, [, n]) => sum + n, 0);
              return [
                kind,
                {
                  requests: s.length,
                  p50: Math.round(percentile(s, 50)),
                  p99: Math.round(percentile(s, 99)),
                  shareFromCache: s.length ? hits / s.length : 0,
                },
              ];
            }),
          ),
        });
      },
    );
    stopWhen?.then(
      () => instance.stop(),
      () => instance.stop(),
    );
  });
}
