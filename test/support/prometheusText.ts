/**
 * Reads Prometheus' text exposition format (what a scraper reads from /metrics) into samples,
 * so tests assert on series the way an operator queries them.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL))
      labels[key] = value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include every label of `where`. */
export function samplesOf(samples: Sample[], name: string, where: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the matching samples (0 when there are none). */
export function sumOf(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  return samplesOf(samples, name, where).reduce((sum, s) => sum + s.value, 0);
}
