/**
 * `npm run offline-page [-- <file>]`: writes the site's own "We'll be back shortly" page (the 503
 * the app renders when content is unavailable) as one static file, for the load balancer to show
 * when no instance answers (deploy/nginx/nginx.conf, `error_page … /_offline/503.html`).
 *
 * The built server (run `npm run build` first) is started on loopback in hosted mode with Prismic
 * out of reach, so it renders the 503 page exactly as visitors would see it; the stylesheets are
 * inlined and the scripts dropped, so the page needs nothing from an instance. Default output:
 * deploy/nginx/offline/503.html (what compose.yaml mounts into nginx).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./lib/freePort.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRELOAD = path.join(ROOT, "scripts/scaleTest/prismicOnLoopback.mjs");
export const DEFAULT_OFFLINE_PAGE = path.join(ROOT, "deploy/nginx/offline/503.html");

/** The page as one file: each stylesheet of the build inlined, every script and preload removed. */
export function selfContained(html, buildDir) {
  const css = (href) => {
    const file = path.join(buildDir, "client", decodeURIComponent(href));
    if (!href.startsWith("/assets/") || !fs.existsSync(file))
      throw new Error(`stylesheet ${href} is not in ${buildDir}/client`);
    // `</style` cannot occur in our CSS; refuse rather than break the page if it ever does.
    const text = fs.readFileSync(file, "utf8");
    if (/<\/style/i.test(text)) throw new Error(`${href} contains </style`);
    // Relative URLs (the fonts) were relative to the stylesheet: make them root-relative, served
    // by nginx from its cache of /assets while it holds them, else the fallback fonts apply.
    const base = path.posix.dirname(href);
    return `<style>${text.replace(/url\((["']?)\.\//g, `url($1${base}/`)}</style>`;
  };
  return html
    .replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (_, href) => css(href))
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** Renders the 503 page with the build in `root/<buildDir>` and returns it self-contained. */
export async function renderOfflinePage({ root = ROOT, buildDir = "dist", nodePath = process.execPath } = {}) {
  const port = await freePort();
  const closed = await freePort(); // nothing listens there: Prismic is "down"
  const child = spawn(nodePath, ["--import", PRELOAD, path.join(root, buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      PRISMIC_REPOSITORY: "offline-page",
      PRISMIC_LOOPBACK_ORIGIN: `http://127.0.0.1:${closed}`,
      CONTENT_TIMEOUT_MS: "500",
      LOG_LEVEL: "silent",
      SHUTDOWN_DELAY_MS: "0",
      // Tags stay off in the static page: no consent banner, no Tag Manager.
      GTM_ID: "",
      KLAVIYO_COMPANY_ID: "",
      USERCENTRICS_SETTINGS_ID: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  try {
    // Idle, the server answers in under 2 s; a cold machine (a fresh CI runner, a busy build
    // host) has been seen to need more than 15, and a slow start is no reason to fail a build.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (res?.ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz within 60 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "user-agent": "Mozilla/5.0 (offline-page)", "accept-language": "en-GB", accept: "text/html" },
    });
    const html = await res.text();
    if (res.status !== 503) throw new Error(`expected the site's 503 page, got ${res.status}`);
    return selfContained(html, path.join(root, buildDir));
  } finally {
    child.kill("SIGTERM");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? DEFAULT_OFFLINE_PAGE);
  // No top-level await: Jest loads this file as CommonJS.
  renderOfflinePage().then(
    (html) => {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, html);
      console.log(
        `Wrote the offline page (${Math.round(html.length / 1024)} KB) to ${path.relative(process.cwd(), out)}`,
      );
    },
    (error) => {
      console.error(`offline-page: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
