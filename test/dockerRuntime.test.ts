/**
 * The Docker image, checked without Docker (our machines cannot run it): the Dockerfile is read,
 * and its runtime stage is replayed in a temporary folder: the same COPY lines (the list comes
 * from the Dockerfile, so the two cannot drift apart), `npm ci --omit=dev` under the stage's ENV,
 * then its CMD, checked over HTTP and with the image's own HEALTHCHECK command.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config";
import type { AssetManifest } from "../server/http/assets";
import { SITE_NAME } from "../shared/site";
import { freePort, ROOT, startBuiltServer, type RunningServer } from "./support/builtServer";
import {
  argsOf,
  dockerIgnore,
  execForm,
  parseCopy,
  parseDockerfile,
  replayCopy,
  repoPathInStage,
  stageEnv,
  workdir,
  type Stage,
} from "./support/dockerfile";

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
const runtime = stages[stages.length - 1];
const runtimeDir = workdir(runtime);
const runtimeEnv = stageEnv(runtime);
const isIgnored = dockerIgnore(fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8"));

function stageNamed(name: string): Stage {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`COPY --from=${name}: no stage of that name`);
  return stage;
}

/** Each source the runtime stage copies: its path in the repository and where it lands under WORKDIR. */
const copyPlan = argsOf(runtime, "COPY").flatMap((args) => {
  const copy = parseCopy(args);
  const dest = path.posix.relative(runtimeDir, path.posix.resolve(runtimeDir, copy.dest)) || ".";
  if (dest.startsWith("..")) throw new Error(`COPY into ${copy.dest}, outside WORKDIR ${runtimeDir}`);
  const destIsFolder = copy.dest.endsWith("/") || copy.sources.length > 1;
  return copy.sources.map((source) => ({
    from: copy.from,
    repoPath: copy.from ? repoPathInStage(stageNamed(copy.from), source) : path.posix.normalize(source),
    dest,
    destIsFolder,
  }));
});

/** The single `RUN` of a stage that matches, so the test replays the command the image runs. */
function runLine(stage: Stage, pattern: RegExp): string {
  const lines = argsOf(stage, "RUN").filter((line) => pattern.test(line));
  expect(lines).toHaveLength(1);
  return lines[0];
}

/** A release's draft document (content/_releases/<name>/…). */
const isDraft = (file: string) => file === "content/_releases" || file.startsWith("content/_releases/");

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs.readdirSync(full).flatMap((name) => filesUnder(path.posix.join(relative, name)));
}

describe("Dockerfile", () => {
  test("builds and runs on the node:24 slim image, the Node major of package.json engines", () => {
    expect(stages.map((s) => s.image)).toEqual(["node:24-slim", "node:24-slim"]);
    expect(pkg.engines.node).toMatch(/^>=24 <25$/);
  });

  test("the runtime stage copies package.json, the lockfile, dist/, content/ and public/", () => {
    expect(copyPlan.map((c) => c.repoPath).sort()).toEqual([
      "content",
      "dist",
      "package-lock.json",
      "package.json",
      "public",
    ]);
    expect(copyPlan.filter((c) => !c.from).map((c) => c.repoPath)).toEqual(["package.json", "package-lock.json"]);
    for (const { repoPath, dest, destIsFolder } of copyPlan) {
      expect(fs.existsSync(path.join(ROOT, repoPath))).toBe(true);
      // Same name inside WORKDIR: the server finds its files relative to its working directory.
      expect(destIsFolder ? path.posix.join(dest, path.posix.basename(repoPath)) : dest).toBe(repoPath);
    }
  });

  test("nothing the image needs is left out by .dockerignore", () => {
    const build = stageNamed("build");
    // What the build stage produces itself (package.json's build script writes dist/) may be ignored in the context.
    expect(runLine(build, /\bbuild\.mjs\b/)).toBe(pkg.scripts.build);
    const fromContext = copyPlan.filter((c) => c.repoPath !== "dist").map((c) => c.repoPath);
    const buildInputs = [
      "build.mjs",
      "scripts/build",
      "tsconfig.json",
      "package.json",
      "package-lock.json",
      "client",
      "server",
      "shared",
      "views",
    ];
    // Release drafts are not sent: the image serves no preview of them (the next test).
    const needed = [...fromContext, ...buildInputs].flatMap(filesUnder).filter((file) => !isDraft(file));
    expect(needed.filter(isIgnored)).toEqual([]);
    expect(
      ["node_modules/x", "dist/server/index.js", ".git/HEAD", "npm-debug.log", "test/a.test.ts"].filter(isIgnored),
    ).toHaveLength(5);
  });

  test("installs production dependencies only, and runs `npm run serve` as the node user on the default port", () => {
    expect(runtimeEnv.NODE_ENV).toBe("production");
    expect(runLine(runtime, /\bnpm ci\b/)).toMatch(/^npm ci --omit=dev\b.*&& npm cache clean --force$/);
    expect(argsOf(runtime, "USER")).toEqual(["node"]);
    expect(argsOf(runtime, "EXPOSE")).toEqual([String(loadConfig({}, ROOT).PORT)]);
    expect(loadConfig({}, ROOT).HOST).toBe("0.0.0.0");
    const cmd = argsOf(runtime, "CMD");
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0])).toEqual(pkg.scripts.serve.split(" "));
    expect(pkg.scripts.serve).toBe("node dist/server/index.js");
  });

  test("carries no release draft: content/_releases never reaches the build context (a staging deployment mounts it)", () => {
    const drafts = filesUnder("content/_releases");
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.filter((file) => !isIgnored(file))).toEqual([]);
    expect(isIgnored("content/_releases")).toBe(true);
    // The published documents and their media still go in.
    expect(filesUnder("content").filter((file) => !isDraft(file) && isIgnored(file))).toEqual([]);
  });

  test("the bundle is built by the image's own node: no install script runs (the `node` package's fetches an unpinned binary), no npm script runs node_modules/.bin/node", () => {
    const build = stageNamed("build");
    expect(build.image).toBe("node:24-slim");
    const install = runLine(build, /\bnpm ci\b/);
    expect(install.split(/\s+/)).toContain("--ignore-scripts");
    expect(install).not.toMatch(/&&|;|\|/);
    // package.json's build script, spelled out so npm does not put node_modules/.bin first on PATH.
    expect(pkg.scripts.build).toMatch(/^node [\w./-]+\.mjs$/);
    expect(argsOf(build, "RUN")).toEqual([install, pkg.scripts.build]);
    for (const stage of stages)
      expect(
        argsOf(stage, "RUN").filter((line) => /\bnpm (run|start|test|exec|rebuild)\b|\bnpx\b|node_modules/.test(line)),
      ).toEqual([]);
    // The runtime stage installs without dev dependencies, so without the `node` package.
    expect(pkg.devDependencies.node).toBeDefined();
    expect(pkg.dependencies.node).toBeUndefined();
  });

  test("Compose's secrets file and any other env file are never sent to docker build, nor committed", () => {
    const envFiles = ["deploy/site.env", "deploy/staging.env", "deploy/secrets/prod.env", ".env", ".env.production"];
    expect(envFiles.filter((file) => !isIgnored(file))).toEqual([]);
    // The file compose.yaml reads is the one ignored.
    expect(fs.readFileSync(path.join(ROOT, "deploy/compose.yaml"), "utf8")).toMatch(/- path: site\.env\n/);
    const gitIgnored = spawnSync("git", ["check-ignore", "--no-index", "--stdin"], {
      cwd: ROOT,
      input: envFiles.slice(0, 3).join("\n"),
      encoding: "utf8",
    });
    expect(gitIgnored.stdout.trim().split("\n")).toEqual(envFiles.slice(0, 3));
    expect(
      spawnSync("git", ["ls-files", "--", "deploy/*.env", "deploy/**/*.env"], { cwd: ROOT, encoding: "utf8" }).stdout,
    ).toBe("");
  });

  test("the health check asks /healthz with node itself", () => {
    const [healthcheck] = argsOf(runtime, "HEALTHCHECK");
    expect(healthcheck).toMatch(/ CMD node -e ".*\/healthz.*"$/);
  });
});

/** Runs a command, resolving with its exit code and output; kills its process group after `timeoutMs`. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs} ms]`;
      process.kill(-child.pid!, "SIGTERM");
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The environment of a RUN in the image: ours without npm's script variables, plus the stage's ENV. */
function stageProcessEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  // The image has one node, Node 24: put ours (Jest runs on it) first.
  env.PATH = [path.dirname(process.execPath), env.PATH].join(path.delimiter);
  return { ...env, ...runtimeEnv };
}

/** The text React writes for a string: & < > " ' escaped. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );
}

describe("the runtime stage, replayed in a temporary folder", () => {
  let dir: string;
  let server: RunningServer | undefined;
  let manifest: AssetManifest;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "docker-runtime-"));
    for (const { repoPath, dest, destIsFolder } of copyPlan) {
      replayCopy([path.join(ROOT, repoPath)], path.join(dir, dest), destIsFolder);
      // What .dockerignore keeps out of the build context never reaches the build stage (content/_releases).
      if (repoPath === "dist") continue;
      // A folder's contents land in dest (replayCopy, as Docker's COPY).
      for (const file of filesUnder(repoPath).filter(isIgnored)) {
        // The outermost ignored folder goes whole (Docker sends nothing of it).
        const parts = file.split("/");
        const outermost = parts.map((_, i) => parts.slice(0, i + 1).join("/")).find(isIgnored)!;
        fs.rmSync(path.join(dir, dest, path.posix.relative(repoPath, outermost)), { recursive: true, force: true });
      }
    }
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "dist/client/manifest.json"), "utf8"));

    // The image's `npm ci --omit=dev` (not its `npm cache clean`), from the local cache where it can.
    expect(runLine(runtime, /\bnpm ci\b/)).toContain("npm ci --omit=dev");
    const npmArgs = ["ci", "--omit=dev", "--ignore-scripts=false", "--prefer-offline", "--no-audit", "--no-fund"];
    const install = await run("npm", npmArgs, { cwd: dir, env: stageProcessEnv(), timeoutMs: 180_000 });
    if (install.code !== 0) {
      // npm's reason comes first; its usage text after it is noise.
      const head = install.output.split("\n").slice(0, 40).join("\n");
      throw new Error(`npm ${npmArgs.join(" ")} failed with ${install.code}:\n${head}`);
    }

    // The CMD, with the stage's ENV; on loopback and a free port rather than 0.0.0.0:3000.
    const neutral = {
      CONTENT_DIR: "",
      BUILD_DIR: "",
      PRISMIC_REPOSITORY: "",
      PRISMIC_ACCESS_TOKEN: "",
      EMBEDDED_PREVIEWS: "",
    };
    server = await startBuiltServer({ ...neutral, ...runtimeEnv, HOST: "127.0.0.1" }, dir);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("installs every dependency and no dev-only dependency", () => {
    const installed = (name: string) => fs.existsSync(path.join(dir, "node_modules", name, "package.json"));
    expect(Object.keys(pkg.dependencies).filter((name) => !installed(name))).toEqual([]);
    // Dev dependencies that are also optional peers of production ones (@types/react) are
    // "devOptional" in the lockfile and installed; the dev-only ones, `node` among them, must not be.
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev);
    expect(devOnly).toEqual(expect.arrayContaining(["node", "jest", "esbuild"]));
    expect(devOnly.filter(installed)).toEqual([]);
    // Module resolution walks up: nothing above the folder may supply a missing package.
    expect(fs.existsSync(path.join(path.dirname(dir), "node_modules"))).toBe(false);
  });

  test("serves no release draft: the issue's /preview by the release's name is a 404 that sets no cookie, and the home is the published one", async () => {
    expect(fs.existsSync(path.join(dir, "content/_releases"))).toBe(false);
    const entry = await fetch(
      `${server!.url}/preview?token=${encodeURIComponent("https://embedded.invalid/previews/spring-refresh")}&documentId=home-gb`,
      { redirect: "manual" },
    );
    expect(entry.status).toBe(404);
    expect(entry.headers.get("set-cookie")).toBeNull();
    const forged = encodeURIComponent(
      JSON.stringify({ "embedded.prismic.io": { preview: "https://embedded.invalid/previews/spring-refresh" } }),
    );
    const home = await (await fetch(`${server!.url}/`, { headers: { cookie: `io.prismic.preview=${forged}` } })).text();
    expect(home).toContain("Kitchens made to measure, built to last a lifetime");
    expect(home).not.toContain("Spring in the workshop");
  });

  test("answers /healthz with 200", async () => {
    const res = await fetch(`${server!.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
  });

  test("renders the home page with the site's title and the hashed entry script", async () => {
    const homeDir = path.join(dir, "content/en-gb/home");
    const [homeFile] = fs.readdirSync(homeDir).filter((f) => f.endsWith(".json"));
    const home = JSON.parse(fs.readFileSync(path.join(homeDir, homeFile), "utf8")) as { data: { meta_title: string } };

    const res = await fetch(`${server!.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<title>${escapeHtml(`${home.data.meta_title} | ${SITE_NAME}`)}</title>`);
    expect(manifest.entry).toMatch(/^\/assets\/entry-[A-Z0-9]+\.js$/);
    // The entry runs as a module added by the page's hashed inline loader (a CSP a cache may keep).
    const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
    expect(
      scripts.some((script) => script.includes('s.type="module"') && script.includes(JSON.stringify(manifest.entry))),
    ).toBe(true);
  });

  test("serves the manifest's assets and the public files", async () => {
    const assets = [manifest.entry, ...manifest.entryImports, ...manifest.css];
    expect(manifest.css.length).toBeGreaterThan(0);
    for (const url of assets) {
      const res = await fetch(server!.url + url);
      expect([url, res.status]).toEqual([url, 200]);
      expect(res.headers.get("content-type")).toMatch(
        url.endsWith(".css") ? /^text\/css/ : /^(text|application)\/javascript/,
      );
      expect(res.headers.get("cache-control")).toContain("immutable");
      await res.arrayBuffer();
    }
    const publicFiles = fs.readdirSync(path.join(dir, "public"));
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const file of publicFiles) {
      const res = await fetch(`${server!.url}/${file}`);
      expect([file, res.status]).toEqual([file, 200]);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(fs.readFileSync(path.join(ROOT, "public", file)));
    }
  });

  test("passes the image's own HEALTHCHECK command, which fails when nothing listens", async () => {
    const [healthcheck] = argsOf(runtime, "HEALTHCHECK");
    const command = healthcheck.slice(healthcheck.indexOf(" CMD ") + " CMD ".length);
    const check = (port: string) =>
      run("sh", ["-c", command], { cwd: dir, env: { ...stageProcessEnv(), PORT: port }, timeoutMs: 15_000 });
    expect(await check(new URL(server!.url).port)).toEqual({ code: 0, output: "" });
    expect((await check(String(await freePort()))).code).toBe(1);
  });
});
