/**
 * `npm run dev`: the developer's loop. A development build (build.mjs `watchBuild`: React's
 * development build, source maps, the production layout) rebuilt on each save; the server
 * (dist-dev/server/index.js, exactly as production runs it, with NODE_ENV=development) restarted on
 * each rebuild; the open page told to reload or to swap its stylesheet (server/dev/devEvents.ts).
 *
 * The port stays and no request fails during a restart: the browser talks to a small proxy here
 * on PORT (default 3000), which forwards to the server of the moment on an ephemeral loopback
 * port. A restart starts the new server, waits until it listens, points new requests at it and
 * only then stops the old one with SIGTERM: its drain (server/http/shutdown.ts, SHUTDOWN_DELAY_MS=0
 * here) lets the requests in flight finish. A build error or a server that does not start keeps
 * the last good server serving.
 *
 * Settings: PORT (default 3000; 0 picks a free one), HOST (default 127.0.0.1), BUILD_DIR (default
 * dist-dev, never dist/: a test run or `npm start` beside the loop builds there), and
 * every setting of server/config.ts, passed on to the server (MEDIA_WARM defaults to off here).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { watchBuild } from "../build.mjs";
import { startPreviewEditorStandIn } from "./lib/previewEditorStandIn.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Its own folder: a production build into dist/ (npm start, a test run) never replaces it.
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "dist-dev");
const requestedPort = Number(process.env.PORT ?? 3000);
// As the server's configuration says it (server/config.ts), not Node's ERR_SOCKET_BAD_PORT stack.
if (!/^\d{1,5}$/.test(process.env.PORT ?? "3000") || requestedPort > 65535) {
  console.error(
    `Invalid configuration:\n  PORT: a port number from 0 to 65535 (it is ${JSON.stringify(process.env.PORT)})`,
  );
  process.exit(1);
}
const host = process.env.HOST ?? "127.0.0.1";
/** How long a new server may take to listen before the restart is given up. */
const START_TIMEOUT_MS = 20_000;
/** How long the old server may take to drain before it is killed (requests in flight finish first). */
const STOP_TIMEOUT_MS = 10_000;

// The server's own lines go through the same pino-pretty set-up (server/observability/logger.ts PRETTY_OPTIONS).
const log = pino({
  name: "dev",
  transport: {
    target: "pino-pretty",
    options: { translateTime: "SYS:HH:MM:ss.l", singleLine: true, ignore: "pid,hostname" },
  },
});

/** The server requests go to now: its process and port. */
let current;
let siteUrl;

/** esbuild's errors as the terminal shows them, in short: file:line:column, the message, the line. */
function buildErrorText(error) {
  const errors = error?.errors ?? [];
  if (!errors.length) return String(error?.message ?? error);
  return errors
    .slice(0, 5)
    .map(({ text, location }) =>
      location ? `${location.file}:${location.line}:${location.column}: ${text}\n    ${location.lineText}` : text,
    )
    .join("\n\n");
}

/** Headers about one connection, not the message: never forwarded. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];
const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

/**
 * Forwards one request to the current server. A request that could not even connect (it picked
 * a server that has just stopped accepting) is sent again to the new one when it has no body.
 */
function forward(req, res) {
  const target = current;
  if (!target) {
    res.writeHead(503, {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": "1",
      "Cache-Control": "no-store",
    });
    return void res.end("The development server is not running: see the terminal.\n");
  }
  const upstream = http.request(
    // A connection per request: none is left idle on a server about to stop.
    {
      host: "127.0.0.1",
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...withoutHopByHop(req.headers), connection: "close" },
      agent: false,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on("error", (error) => {
    const bodiless = req.method === "GET" || req.method === "HEAD";
    if (!res.headersSent && bodiless && current && current !== target) return forward(req, res);
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`The development server did not answer: ${error.message}\n`);
  });
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/**
 * A server process made ready ahead of need (scripts/devServer.mjs): it loads the packages now
 * and runs the build of the moment when `startServer` tells it to. Source maps make stacks
 * point at the TypeScript sources; the `development` condition loads packages' development
 * builds (react-router's), as the browser bundles do.
 */
function spawnSpare() {
  const child = spawn(
    process.execPath,
    [
      "--enable-source-maps",
      "--conditions=development",
      path.join(root, "scripts", "devServer.mjs"),
      path.join(buildDir, "server", "index.js"),
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: "0",
        HOST: "127.0.0.1",
        SITE_URL: process.env.SITE_URL ?? siteUrl,
        BUILD_DIR: buildDir,
        SHUTDOWN_DELAY_MS: "0",
        // Not every image of the site at each save: a restarted server would render every page
        // and transform images beside the developer's next build. Images are prepared when a page
        // asks for them and kept in MEDIA_CACHE_DIR across sessions (docs/development.md).
        MEDIA_WARM: process.env.MEDIA_WARM ?? "off",
      },
    },
  );
  // A spare that dies before it is used (nothing to report) is replaced when next needed.
  child.on("error", () => {});
  return child;
}
let spare;

/** Starts the current build in the spare server process; resolves once it listens. */
function startServer() {
  const started = Date.now();
  const child = spare && spare.exitCode === null && spare.signalCode === null ? spare : spawnSpare();
  spare = undefined;
  child.send({ type: "start" });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.on("message", (message) => {
      if (message?.type !== "listening") return;
      clearTimeout(timer);
      resolve({ child, port: message.port, startedMs: Date.now() - started });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? `code ${code}`}) before it listened`));
    });
  });
}

/** Stops a server that no longer gets requests: SIGTERM, its drain, and a kill if it hangs. */
function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    server.child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill("SIGTERM");
  });
}

let restarting = Promise.resolve();
let stopping = false;
/** Restarts are one at a time: the new server first, then the switch, then the old one's drain. */
function restart(reason) {
  restarting = restarting.then(async () => {
    try {
      const next = await startServer();
      const previous = current;
      current = next;
      next.child.once("exit", (code, signal) => {
        if (current !== next) return;
        current = undefined;
        log.error(`the server stopped (${signal ?? `code ${code}`}); save a file to start it again`);
      });
      log.info(`${previous ? "restarted" : "started"} the server in ${next.startedMs} ms (${reason})`);
      if (previous) void stopServer(previous);
      // The next restart's server gets ready while the developer edits.
      if (!stopping) spare = spawnSpare();
    } catch (error) {
      // A setting's error (Invalid configuration, above) is not fixed by a save: say how it is.
      log.error(
        `${error.message}; ${current ? "the previous server keeps serving" : "fix the error above and save (an invalid setting: Ctrl-C, and start again with it corrected)"}`,
      );
      // The next restart gets a spare that loaded its packages meanwhile, not a cold process that
      // must load them within the start's time too (on a busy machine, one failure led to the next).
      if (!stopping && !spare) spare = spawnSpare();
    }
  });
  return restarting;
}

const proxy = http.createServer(forward);
// Event streams stay open for as long as the page does.
proxy.requestTimeout = 0;
// Before the first build: a port in use is one line saying what to do, as npm start's check
// (scripts/portFree.mjs), not an unhandled EADDRINUSE stack.
await new Promise((resolve) => {
  proxy.once("error", (error) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${requestedPort} is already in use (another npm start or npm run dev?): stop it, or start on another port: PORT=${requestedPort + 1} npm run dev`
        : `Port ${requestedPort} cannot be used: ${error.message}`,
    );
    process.exit(1);
  });
  proxy.listen(requestedPort, host, resolve);
});
const port = proxy.address().port;
siteUrl = `http://localhost:${port}`;

/** The last build failed: the running server told the pages so. */
let failed = false;
const builder = await watchBuild({
  buildDir,
  async onBuild({ manifest, changed, error, durationMs }) {
    if (error) {
      log.error(
        `build failed after ${durationMs} ms (see above); ${current ? "the last good build keeps serving" : "fix it and save"}`,
      );
      // The open pages show it too.
      if (current?.child.connected) current.child.send({ type: "build-error", message: buildErrorText(error) });
      failed = true;
      return;
    }
    const what = changed.code ? "code" : changed.css ? "stylesheet" : undefined;
    log.info(
      `built in ${durationMs} ms${what ? ` (${what} changed)` : ", nothing changed"} (build ${manifest.buildId})`,
    );
    // Only the stylesheets: the open pages swap them now, while the server restarts to name them.
    if (what === "stylesheet" && current?.child.connected)
      current.child.send({ type: "stylesheets", css: manifest.css });
    // After a failed build the server is restarted even for the same code: the pages drop the error.
    if (what || !current || failed)
      await restart(current ? `${what ?? "build fixed"}${what ? " changed" : ""}` : "first build");
    failed = false;
  },
});
log.info(`development server on ${siteUrl} (Ctrl-C to stop)`);
// The stand-in editor: /preview framed on another origin, as Prismic's Live Preview (docs/prismic.md).
const editor = process.env.PRISMIC_REPOSITORY ? null : await startPreviewEditorStandIn({ siteUrl });
if (editor) log.info(`stand-in editor (Live Preview in a frame) on ${editor.url}`);
// slicemachine.config.json's simulator is on port 3000; `npm run slicemachine` takes PORT for its
// run (scripts/slicemachine.mjs, docs/prismic.md).
if (port !== 3000)
  log.info(`for Slice Machine's simulator on this port, start it with PORT=${port} npm run slicemachine`);

async function shutdown() {
  if (stopping) return;
  stopping = true;
  await builder.close();
  await restarting;
  const last = current;
  current = undefined;
  spare?.kill("SIGKILL");
  if (last) await stopServer(last);
  editor?.close();
  proxy.close();
  proxy.closeAllConnections();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
