/**
 * The Nu Html Checker (vnu-jar, needs Java) over every page the sitemap lists, in both regions:
 * prints each error and warning with its page, then `N pages, N errors, N warnings`, and exits
 * 1 on any error. Usage: `npm run validate:markup -- [baseUrl]` against a running site (default
 * http://127.0.0.1:3000; start it with `npm start`). Too slow for CI (a JVM start and ~70
 * pages); axe covers every page there (test/browser/accessibility.test.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vnu from "vnu-jar";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

const index = await (await fetch(`${base}/sitemap.xml`)).text();
const files = index.includes("<sitemapindex") ? locs(index) : [`${base}/sitemap.xml`];
const paths = [];
for (const file of files)
  paths.push(
    ...locs(await (await fetch(`${base}${new URL(file).pathname}`)).text()).map((loc) => new URL(loc).pathname),
  );

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
const fileOf = new Map();
for (const [i, p] of paths.entries()) {
  const response = await fetch(`${base}${p}`);
  if (!response.ok) throw new Error(`${p}: ${response.status}`);
  const file = path.join(dir, `${String(i).padStart(3, "0")}.html`);
  fs.writeFileSync(file, await response.text());
  fileOf.set(`file:${file}`, p);
}

// vnu writes its JSON report to stderr, and exits 1 when it found errors.
const run = spawnSync("java", ["-Xss1m", "-jar", String(vnu), "--format", "json", "--also-check-css", dir], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) throw run.error;
const report = JSON.parse(run.stderr);
if (!Array.isArray(report.messages)) throw new Error(`unexpected report from vnu: ${run.stderr.slice(0, 300)}`);
const messages = report.messages;
const kind = (m) =>
  m.type === "error" || m.subType === "fatal" ? "error" : m.subType === "warning" ? "warning" : "info";
for (const m of messages)
  if (kind(m) !== "info") console.log(`${kind(m)} ${fileOf.get(m.url) ?? m.url}:${m.lastLine ?? "?"} ${m.message}`);
// Notes (vnu's "info") counted by message, not listed per page.
const notes = Object.entries(
  Object.groupBy(
    messages.filter((m) => kind(m) === "info"),
    (m) => m.message,
  ),
);
for (const [message, list] of notes) console.log(`info ×${list.length}: ${message}`);
const errors = messages.filter((m) => kind(m) === "error").length;
const warnings = messages.filter((m) => kind(m) === "warning").length;
console.log(`${paths.length} pages, ${errors} errors, ${warnings} warnings`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(errors ? 1 : 0);
