/**
 * `npm run lighthouse`: Lighthouse (mobile preset, the default) with Debian's Chromium against
 * the built server, on the home page, a gallery item, an article and the samples page. Prints
 * the four category scores per page, then each audit that cost a score its points (a score below
 * 100 says what to fix). Run `npm run build` first. LIGHTHOUSE_PATHS overrides the pages.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "./lib/freePort.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const paths = (
  process.env.LIGHTHOUSE_PATHS ?? "/,/gallery/braybrook-st,/info/blog/choosing-a-worktop,/materials/samples"
).split(",");

const port = await freePort();
const origin = `http://localhost:${port}`;
const server = spawn(process.execPath, ["dist/server/index.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: origin, LOG_LEVEL: "silent" },
  stdio: "inherit",
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {}
  if (i > 150) throw new Error("site did not start");
  await new Promise((r) => setTimeout(r, 100));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-")),
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const rows = [];
const missed = [];
try {
  for (const p of paths) {
    // Warm the page cache first, as a visitor after the first would find it.
    await (await fetch(origin + p)).text();
    const result = await lighthouse(origin + p, { port: chrome.port, output: "json", logLevel: "error" });
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const audit = (k) => result.lhr.audits[k]?.displayValue ?? "";
    rows.push({
      page: p,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      LCP: audit("largest-contentful-paint"),
      CLS: audit("cumulative-layout-shift"),
      TBT: audit("total-blocking-time"),
    });
    // Performance's audits are measurements with a share each; the other categories' are pass or fail.
    for (const key of ["accessibility", "best-practices", "seo"]) {
      for (const ref of c[key]?.auditRefs ?? []) {
        const a = result.lhr.audits[ref.id];
        if (ref.weight > 0 && a?.score !== null && a?.score < 1)
          missed.push({ page: p, category: key, audit: a.title });
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
console.table(rows);
if (missed.length > 0) console.table(missed);
