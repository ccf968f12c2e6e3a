/**
 * The deploy files' lock-down (deploy/README.md): every Compose service drops every Linux
 * capability and sets no-new-privileges, nginx keeps only the three its root master needs to start
 * unprivileged workers, and nginx.conf runs under exactly that set; and the release step that pins
 * each image by digest (deploy/pin-images.mjs), run against a registry stand-in (a `crane` that
 * answers for the tags it knows), since this machine reaches no registry.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { writeLocalNginxConfig } from "../scripts/scaleTest/nginxConfig.mjs";
import { freePort, ROOT } from "./support/builtServer";
import { nginxBinary } from "./support/siteCluster";
import { until } from "./support/waitFor";

const DEPLOY = path.join(ROOT, "deploy");
interface Service {
  user?: string;
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
}
const compose = parse(fs.readFileSync(path.join(DEPLOY, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};

describe("deploy/compose.yaml", () => {
  test("every service drops every capability and can gain none; only nginx adds back CHOWN, SETGID, SETUID", () => {
    expect(Object.keys(compose.services)).toContain("varnish");
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, drop: service.cap_drop }).toEqual({ name, drop: ["ALL"] });
      expect({ name, opt: service.security_opt }).toEqual({ name, opt: ["no-new-privileges:true"] });
      expect({ name, add: service.cap_add ?? [] }).toEqual({
        name,
        add: name === "nginx" ? ["CHOWN", "SETGID", "SETUID"] : [],
      });
      // The app's image's user, or Varnish's image's (deploy/varnish/Dockerfile); nginx's master is root.
      if (name === "varnish") expect(service.user).toBe("varnish");
      else if (name !== "nginx") expect(service.user).toBe("node");
    }
  });

  /**
   * nginx.conf started as the image starts it (a root master, workers switched to an unprivileged
   * user) with only the capabilities nginx's service keeps, and no new privileges: `setpriv` limits
   * the bounding set, which is all a root process without file capabilities then holds.
   */
  async function nginxWithCapabilities(capabilities: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-caps-"));
    const port = await freePort();
    const file = writeLocalNginxConfig({ dir, port, upstreams: ["127.0.0.1:1"] });
    fs.writeFileSync(path.join(dir, "offline/503.html"), "offline");
    const bounding = ["-all", ...capabilities.map((c) => `+${c.toLowerCase()}`)].join(",");
    const child: ChildProcess = spawn(
      "setpriv",
      [
        "--no-new-privs",
        `--bounding-set=${bounding}`,
        "--inh-caps=-all",
        nginxBinary(),
        "-c",
        file,
        "-e",
        path.join(dir, "startup.log"),
        "-g",
        "daemon off;",
      ],
      { stdio: "ignore" },
    );
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { child, port, dir, stop };
  }

  test("nginx.conf serves under exactly nginx's capabilities, its workers unprivileged; with none, it does not start", async () => {
    // The image's master runs as root: so must this one, or there is no user to switch from.
    expect(process.getuid?.()).toBe(0);
    const kept = await nginxWithCapabilities(compose.services.nginx.cap_add!);
    try {
      await until(
        "nginx answering under its capabilities",
        async () => {
          if (kept.child.exitCode !== null)
            throw new Error(fs.readFileSync(path.join(kept.dir, "startup.log"), "utf8"));
          return (await fetch(`http://127.0.0.1:${kept.port}/_nginx/healthz`).catch(() => null))?.ok === true;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      const workers = spawnSync("ps", ["-o", "user=", "--ppid", String(kept.child.pid)], { encoding: "utf8" });
      const users = workers.stdout.split("\n").filter(Boolean);
      expect(users.length).toBeGreaterThan(0);
      expect(users).not.toContain("root");
    } finally {
      await kept.stop();
    }
    // Without them the master cannot hand its folders to the workers' user: it stops at once.
    const none = await nginxWithCapabilities([]);
    try {
      const code = await new Promise((resolve) => none.child.once("exit", resolve));
      expect(code).not.toBe(0);
    } finally {
      await none.stop();
    }
  }, 30_000);
});

describe("deploy/pin-images.mjs", () => {
  const NGINX_DIGEST = `sha256:${"a1".repeat(32)}`;
  const SITE_DIGEST = `sha256:${"b2".repeat(32)}`;
  let dir: string;
  let bin: string;
  const files = () => ["compose.yaml", "deployment.yaml"].map((name) => path.join(dir, name));
  const run = (pathEnv: string) =>
    spawnSync(process.execPath, [path.join(DEPLOY, "pin-images.mjs"), ...files()], {
      encoding: "utf8",
      env: { ...process.env, PATH: pathEnv },
    });
  const read = () => files().map((file) => fs.readFileSync(file, "utf8"));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pin-images-"));
    fs.copyFileSync(path.join(DEPLOY, "compose.yaml"), path.join(dir, "compose.yaml"));
    fs.copyFileSync(path.join(DEPLOY, "kubernetes", "deployment.yaml"), path.join(dir, "deployment.yaml"));
    // The registry stand-in: `crane digest REF` answers for the two tags the files name.
    bin = path.join(dir, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(
      path.join(bin, "crane"),
      [
        "#!/bin/sh",
        '[ "$1" = digest ] || exit 2',
        'case "$2" in',
        `  nginx:1.27) echo ${NGINX_DIGEST} ;;`,
        `  registry.example.com/hartley-reed/site:1.0.0) echo ${SITE_DIGEST} ;;`,
        '  *) echo "MANIFEST_UNKNOWN: $2" >&2; exit 1 ;;',
        "esac",
      ].join("\n"),
      { mode: 0o755 },
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const imagesOf = (text: string) => [...text.matchAll(/^\s*image:\s*(\S+)/gm)].map((m) => m[1]);

  test("pins each image by the digest the registry gives for its tag, keeping the tag; again, to the tag's digest now", () => {
    const result = run(`${bin}:${path.dirname(process.execPath)}`);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const [composeText, deploymentText] = read();
    // The images Compose builds here (the site, Varnish) are left as they are.
    expect(imagesOf(composeText)).toEqual([
      "hartley-reed-site:latest",
      "hartley-reed-varnish:latest",
      `nginx:1.27@${NGINX_DIGEST}`,
    ]);
    expect(imagesOf(deploymentText)).toEqual([`registry.example.com/hartley-reed/site:1.0.0@${SITE_DIGEST}`]);
    // Only the image lines changed.
    const original = fs.readFileSync(path.join(DEPLOY, "compose.yaml"), "utf8").split("\n");
    expect(composeText.split("\n").filter((line, i) => line !== original[i])).toEqual([
      `    image: nginx:1.27@${NGINX_DIGEST}`,
    ]);
    // The tag moved on: pinned again, to its new digest.
    const moved = `sha256:${"c3".repeat(32)}`;
    fs.writeFileSync(
      path.join(bin, "crane"),
      fs.readFileSync(path.join(bin, "crane"), "utf8").replace(NGINX_DIGEST, moved),
    );
    expect(run(`${bin}:${path.dirname(process.execPath)}`).status).toBe(0);
    expect(imagesOf(read()[0])).toEqual([
      "hartley-reed-site:latest",
      "hartley-reed-varnish:latest",
      `nginx:1.27@${moved}`,
    ]);
  });

  test("changes nothing, and says why, without crane or when the registry has no digest for a tag", () => {
    const before = read();
    const withoutCrane = run(path.dirname(process.execPath));
    expect(withoutCrane.status).toBe(1);
    expect(withoutCrane.stderr).toMatch(/crane .*is not installed; nothing was changed/);
    expect(read()).toEqual(before);

    fs.writeFileSync(path.join(dir, "deployment.yaml"), before[1].replace("site:1.0.0", "site:9.9.9"));
    const unknown = run(`${bin}:${path.dirname(process.execPath)}`);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(
      /no digest for registry\.example\.com\/hartley-reed\/site:9\.9\.9: MANIFEST_UNKNOWN/,
    );
    expect(read()[0]).toEqual(before[0]);
  });
});
