/**
 * The metric names a PromQL expression reads (what /metrics must expose for an alert or a panel
 * to mean anything): identifiers left once strings, label matchers, grouping clauses, ranges and
 * Grafana's variables are removed, minus functions, aggregations and keywords.
 */
const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "inf",
  "nan",
]);

export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\$\w+/g, " ");
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*(?=\s*(\()?)/g)) {
    const [name, call] = [match[0], match[1]];
    // Not after a digit or a dot: a number's exponent (1e3) is no name.
    if (!call && !KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}
