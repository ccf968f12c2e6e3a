/**
 * A histogram that keeps each label set's lines written out, so a scrape of a few thousand series
 * is a join (about a millisecond) rather than prom-client's object per bucket (tens of
 * milliseconds at this size; docs/operations.md, "Field speed"). The field metrics' histograms
 * (vitalsMetrics.ts, fieldWhyMetrics.ts) are made of it; their label values come from fixed lists.
 */
interface Series {
  /** Each line's text up to its value: the buckets', then _sum's and _count's. */
  prefixes: string[];
  /** Cumulative counts per bucket (+Inf last), then the sum, then the count. */
  values: number[];
}

export interface TextHistogram {
  /**
   * Adds `value` to the series found by `key` (the label values alone, so an observation costs
   * one string); `labels` gives its label text (`a="b",c="d"`), asked once, for a new series.
   */
  observe(key: string, labels: () => string, value: number): void;
  /** The exposition text, HELP and TYPE lines included; empty with no series yet. */
  text(): string;
}

/** The HELP and TYPE lines of a metric, HELP escaped as the exposition format asks. */
export const metricHeader = (name: string, help: string, type: "histogram" | "counter") =>
  `# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}\n# TYPE ${name} ${type}\n`;

export function textHistogram(name: string, help: string, buckets: readonly number[]): TextHistogram {
  const series = new Map<string, Series>();
  const bounds = [...buckets.map(String), "+Inf"];
  const header = metricHeader(name, help, "histogram");
  return {
    observe(key, labels, value) {
      let one = series.get(key);
      if (!one) {
        const text = labels();
        one = {
          prefixes: [
            ...bounds.map((le) => `${name}_bucket{le="${le}",${text}} `),
            `${name}_sum{${text}} `,
            `${name}_count{${text}} `,
          ],
          values: Array(bounds.length + 2).fill(0),
        };
        series.set(key, one);
      }
      buckets.forEach((bound, i) => {
        if (value <= bound) one.values[i]++;
      });
      one.values[bounds.length - 1]++;
      one.values[bounds.length] += value;
      one.values[bounds.length + 1]++;
    },
    text() {
      if (series.size === 0) return "";
      const lines: string[] = [];
      for (const { prefixes, values } of series.values())
        for (let i = 0; i < prefixes.length; i++) lines.push(prefixes[i] + values[i]);
      return `${header}${lines.join("\n")}\n`;
    },
  };
}
