/**
 * `npm run dev` keeps its own build and sees every save of a file, however it is saved, for as long
 * as it runs (decision record 010). Its build is in dist-dev/: a production build beside it (a test
 * run, `npm start`) leaves the open page's assets served, and is stamped as the build of these
 * sources. Each save — written in place, written to a temporary file and renamed over it (what
 * editors do), rewritten by `sed -i`, restored by `git checkout` (both rename too), in turn and
 * repeatedly, for a view, a stylesheet and a content document — must build (or, for content,
 * reload) and show its new text.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { isCurrentBuild } from "./support/buildInputs";
import { pageContaining, startDevProject, waitFor, type DevProject } from "./support/devProject";

/** The marker each save writes; every file starts with MARK-start and `git checkout` brings MARK-git. */
const MARK = /MARK-[\w-]+/g;

interface Watched {
  kind: string;
  file: string;
  /** The file's text with the marker put in where the page shows it. */
  marked(original: string): string;
  /** Resolves to the served text once it contains `mark`. */
  shows(dev: DevProject, mark: string): () => Promise<string | undefined>;
}

const stylesheetContaining = (dev: DevProject, mark: string) => async () => {
  const html = await (await fetch(`${dev.url}/no-such-page`)).text();
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
  for (const href of hrefs) {
    const css = await (await fetch(`${dev.url}${href}`)).text();
    if (css.includes(mark)) return css;
  }
  return undefined;
};

const WATCHED: Watched[] = [
  {
    kind: "view",
    file: "views/pages/ErrorScreen.tsx",
    marked: (text) => text.replace(">Oops! Page Not Found<", ">Oops MARK-start<"),
    shows: (dev, mark) => pageContaining(`${dev.url}/no-such-page`, `Oops ${mark}`),
  },
  {
    kind: "stylesheet",
    file: "views/styles/chrome.css",
    marked: (text) => `${text}\n.not-found__title { --saved: "MARK-start"; }\n`,
    shows: (dev, mark) => stylesheetContaining(dev, `"${mark}"`),
  },
  {
    kind: "content document",
    file: "content/en-gb/page/worktops.json",
    marked: (text) => text.replace('"title": "Worktops"', '"title": "Worktops MARK-start"'),
    shows: (dev, mark) => pageContaining(`${dev.url}/products/worktops`, `Worktops ${mark}`),
  },
];

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.com", ...args], {
    cwd: dir,
    stdio: "pipe",
  }).toString();

/** The ways a developer's tools save a file. */
const SAVES: Record<string, (dir: string, file: string, mark: string) => void> = {
  "in place": (dir, file, mark) => {
    const full = path.join(dir, file);
    fs.writeFileSync(full, fs.readFileSync(full, "utf8").replace(MARK, mark));
  },
  "temporary file renamed over it": (dir, file, mark) => {
    const full = path.join(dir, file);
    const temporary = `${full}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, fs.readFileSync(full, "utf8").replace(MARK, mark));
    fs.renameSync(temporary, full);
  },
  "sed -i": (dir, file, mark) => void execFileSync("sed", ["-i", `s/MARK-[A-Za-z0-9_-]*/${mark}/`, file], { cwd: dir }),
  "git checkout": (dir, file) => void git(dir, "checkout", "marked", "--", file),
};
/** The order of the saves: the first rename comes early, so every later save proves the file is still watched. */
const SEQUENCE = [
  "temporary file renamed over it",
  "in place",
  "temporary file renamed over it",
  "git checkout",
  "in place",
  "sed -i",
  "in place",
];

/** The first full development build on an idle two-core machine (test/devLoop.test.ts). */
const IDLE_FULL_BUILD_MS = 1_100;
/**
 * How long a save may take to show: 10 s on an idle machine, longer as this one is busier (measured
 * by the loop's first build), up to a minute. A save that is not seen at all never shows.
 */
let showWithinMs = 10_000;

/** What the log says the loop did, counted. */
const LOGGED = {
  builds: /built in \d+ ms \((?:code|stylesheet) changed\)/g,
  restarts: /restarted the server/g,
  "content reloads": /content reloaded in \d+ ms/g,
};
const counts = (output: string) =>
  Object.fromEntries(Object.entries(LOGGED).map(([name, line]) => [name, (output.match(line) ?? []).length]));

const indented = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");

let dev: DevProject;
/** What each save did: builds (or content reloads) counted in the log, and whether its text showed. */
const record: string[] = [];

beforeAll(async () => {
  dev = await startDevProject({
    // A git repository whose branch `marked` holds each file with MARK-git, while the work tree
    // has MARK-start: `git checkout marked -- <file>` is then a save of that file.
    prepare(dir) {
      for (const { file, marked } of WATCHED)
        fs.writeFileSync(path.join(dir, file), marked(fs.readFileSync(path.join(dir, file), "utf8")));
      git(dir, "init", "-q", "-b", "main");
      git(dir, "add", ...WATCHED.map(({ file }) => file));
      git(dir, "commit", "-q", "-m", "start");
      git(dir, "checkout", "-q", "-b", "marked");
      for (const { file } of WATCHED) SAVES["in place"](dir, file, "MARK-git");
      git(dir, "commit", "-q", "-am", "marked");
      git(dir, "checkout", "-q", "main");
    },
  });
  const firstBuild = Number(/built in (\d+) ms/.exec(dev.output())?.[1]);
  showWithinMs = Math.min(60_000, Math.round(10_000 * Math.max(1, firstBuild / IDLE_FULL_BUILD_MS)));
}, 90_000);

afterAll(async () => {
  if (process.env.DEV_LOOP_DEBUG) console.log(dev?.output());
  await dev?.stop();
  if (record.length) console.log(`saves seen by npm run dev:\n${record.join("\n")}`);
}, 20_000);

describe("npm run dev keeps its own build", () => {
  /** The URLs of the scripts and stylesheets a page of the dev server loads. */
  const pageAssets = async () => {
    const html = await (await fetch(`${dev.url}/no-such-page`)).text();
    return [...html.matchAll(/"(\/assets\/[\w.-]+\.(?:js|css))"/g)].map((match) => match[1]);
  };

  test("in dist-dev/, never in dist/", () => {
    expect(fs.existsSync(path.join(dev.dir, "dist-dev", "server", "index.js"))).toBe(true);
    expect(fs.existsSync(path.join(dev.dir, "dist"))).toBe(false);
    // Each server says the loopback port it took (PORT=0 behind the proxy), and the site's address.
    const listening = /Listening on port (\d+) \(the site: (\S+)\)/.exec(dev.output());
    expect(Number(listening?.[1])).toBeGreaterThan(0);
    expect(listening?.[2]).toBe(dev.url.replace("127.0.0.1", "localhost"));
  });

  test("a production build beside it (what a test run or npm start does) leaves the open page's assets served, and is stamped as the build of these sources", async () => {
    const before = await pageAssets();
    expect(before.some((url) => url.startsWith("/assets/entry-"))).toBe(true);
    expect(before.some((url) => url.startsWith("/assets/dev-client-"))).toBe(true);
    // Not a synchronous call: an idle connection to the dev server must be seen closing meanwhile.
    await promisify(execFile)(process.execPath, ["build.mjs"], { cwd: dev.dir });
    const statuses: string[] = [];
    for (const url of before) statuses.push(`${url} ${(await fetch(`${dev.url}${url}`)).status}`);
    expect(statuses).toEqual(before.map((url) => `${url} 200`));
    expect(await pageAssets()).toEqual(before);
    // The tests' check (test/support/globalSetup.ts) takes this build as current: no build of its own.
    expect(isCurrentBuild(dev.dir, path.join(dev.dir, "dist"))).toBe(true);
  }, 120_000);
});

describe("npm run dev sees every save", () => {
  test.each(WATCHED.map((watched) => [watched.kind, watched] as const))(
    "of a %s: in place, renamed over, by sed -i and by git checkout, each time",
    async (_kind, { kind, file, shows }) => {
      const missed: string[] = [];
      let n = 0;
      for (const how of SEQUENCE) {
        const mark = how === "git checkout" ? "MARK-git" : `MARK-${kind.split(" ")[0]}-${++n}`;
        const logged = dev.output();
        const before = counts(logged);
        SAVES[how](dev.dir, file, mark);
        const seen = await waitFor(`${mark} after a save ${how}`, shows(dev, mark), showWithinMs).then(
          ({ ms }) => `shown after ${ms} ms`,
          () => "never shown",
        );
        const after = counts(dev.output());
        const done = Object.keys(LOGGED).map((name) => `${name} +${after[name] - before[name]}`);
        record.push(`${kind}, ${how}: ${done.join(", ")}; ${seen}`);
        if (seen === "never shown") {
          missed.push(how);
          // What the loop said after that save: a build, a restart that failed or took too long.
          record.push(`  its log since:\n${indented(dev.output().slice(logged.length))}`);
        }
      }
      expect(missed).toEqual([]);
    },
    // Seven saves of up to a minute each on a busy machine.
    600_000,
  );
});
