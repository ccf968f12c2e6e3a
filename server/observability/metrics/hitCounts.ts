/**
 * Page-cache hits answered before the app (server/pageCache/fastHit.ts), counted in plain
 * numbers and added to the HTTP series only when they are read (a scrape): updating prom-client's
 * series on every hit (a label hash per series, three per hit) cost a few percent of a hit
 * (decision record 019). The series are the same ones the middleware writes (`http_requests_total`,
 * `http_request_duration_seconds`, `page_cache_requests_total{result="hit"}`), so a dashboard
 * sees a hit like any other response.
 */
import type { Counter, Histogram, MetricObjectWithValues, MetricValueWithName } from "prom-client";

/** Counts one hit: its method, route id, status and the seconds it took. */
export type HitRecorder = (method: string, route: string, status: number, seconds: number) => void;

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), the last one past every bound. */
  perBucket: number[];
  /** What the counters were already given. */
  counted: number;
}

export interface HitCounts {
  record: HitRecorder;
  /** Adds the hits counted since the last call to the two counters (from their `collect`). */
  flushCounters(requests: Counter<"method" | "route" | "status">, results: Counter<"route" | "result">): void;
  /** The histogram's values as read (`get`) with the hits added. */
  withHits(
    read: MetricObjectWithValues<MetricValueWithName<string>>,
  ): MetricObjectWithValues<MetricValueWithName<string>>;
}

export function createHitCounts(buckets: readonly number[]): HitCounts {
  const series = new Map<string, Series>();
  return {
    record(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      let found = series.get(key);
      if (!found) {
        found = {
          labels: { method, route, status: String(status) },
          count: 0,
          sum: 0,
          perBucket: new Array<number>(buckets.length + 1).fill(0),
          counted: 0,
        };
        series.set(key, found);
      }
      found.count++;
      found.sum += seconds;
      let i = 0;
      while (i < buckets.length && seconds > buckets[i]) i++;
      found.perBucket[i]++;
    },
    flushCounters(requests, results) {
      for (const s of series.values()) {
        const delta = s.count - s.counted;
        if (delta === 0) continue;
        s.counted = s.count;
        requests.inc(s.labels, delta);
        results.inc({ route: s.labels.route, result: "hit" }, delta);
      }
    },
    withHits(read) {
      const name = read.name;
      const values = [...read.values];
      const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        Object.keys(a).length === Object.keys(b).length &&
        Object.entries(a).every(([k, v]) => String(b[k]) === String(v));
      const add = (metricName: string, labels: Record<string, string | number>, value: number) => {
        const at = values.findIndex((v) => v.metricName === metricName && same(v.labels, labels));
        if (at === -1) values.push({ metricName, labels, value });
        else values[at] = { ...values[at], value: values[at].value + value };
      };
      for (const s of series.values()) {
        let cumulative = 0;
        buckets.forEach((le, i) => {
          cumulative += s.perBucket[i];
          add(`${name}_bucket`, { ...s.labels, le }, cumulative);
        });
        add(`${name}_bucket`, { ...s.labels, le: "+Inf" }, s.count);
        add(`${name}_sum`, s.labels, s.sum);
        add(`${name}_count`, s.labels, s.count);
      }
      return { ...read, values };
    },
  };
}

/**
 * Makes `histogram` report the hits along with what it observed itself, both where a registry
 * reads it: `get` (labels whole) and, for the text format, `getForPromString` (given the same
 * whole-label values, which that format prints alike).
 */
export function reportHits(histogram: Histogram<"method" | "route" | "status">, hits: HitCounts): void {
  // prom-client's own read for the text format (its `get` calls it too), labels made whole as its `get` does.
  // (Not in prom-client's types: the registry calls it when present: lib/registry.js getMetricsAsString.)
  const forText = histogram as unknown as {
    getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<string>>>;
  };
  const read = forText.getForPromString.bind(histogram);
  const withHits = async () => {
    const data = await read();
    const values = data.values.map(
      ({ sharedLabels, labels, ...value }: MetricValueWithName<string> & { sharedLabels?: object }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      }),
    );
    return hits.withHits({ ...data, values });
  };
  Object.assign(histogram, { get: withHits, getForPromString: withHits });
}
