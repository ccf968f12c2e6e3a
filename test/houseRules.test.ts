/**
 * The repository stands alone: comments and docs cite the project's own docs/ pages and decision
 * records (docs/behaviour.md for what the site does), never an issue number or a section of the
 * product owner's specification, neither of which travels with a clone; and the Markdown pages
 * link only to what is inside the repository. Every tracked text file is read (`git ls-files`),
 * except the demo content (content/), which is editors' text, not ours.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SECTION_SIGN = "\u00a7";

/** A number in the project's issue tracker: the word, then the number (with or without "#"). */
const ISSUE_NUMBER = /\b[Ii]ssues? #?[0-9]+/;
/**
 * A section of the product specification: the word "spec" before a section sign, or a section
 * sign before a number, unless it is a section of a public standard or regulation in prose (an
 * RFC, the California Code of Regulations), which travels. Code cites docs/behaviour.md's
 * sections as "docs/behaviour.md section 4.2", so a section sign in code is never ours.
 */
const SPEC_SECTION = new RegExp(`\\b[Ss]pec ${SECTION_SIGN}|(?<!(?:RFC [0-9]+|CCR) )${SECTION_SIGN} ?[0-9]`);
/** Documents of the product owner's that are not in the repository. */
const OUTSIDE_DOCUMENT = /\b(?:SPEC|STYLE|DESIGN)\.md\b/;
/** An absolute path of the machine the project was written on. */
const MACHINE_PATH = /(?<![\w.])\/work\//;
/** A citation of one of docs/behaviour.md's sections. */
const BEHAVIOUR_CITATION = /behaviour\.md section ([0-9]+(?:\.[0-9]+)*)/g;

const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\0")
  .filter((file) => file && !file.startsWith("content/") && !file.startsWith("node_modules/"));
const trackedSet = new Set(tracked);
const trackedFolders = new Set(
  tracked.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);

/** Each tracked text file with its lines (a file with a NUL byte is binary and skipped). */
const textFiles = tracked.flatMap((file) => {
  const absolute = path.join(ROOT, file);
  if (!fs.existsSync(absolute)) return [];
  const text = fs.readFileSync(absolute, "utf8");
  return text.includes("\0") ? [] : [{ file, lines: text.split("\n") }];
});

const markdownFiles = textFiles.filter(({ file }) => file.endsWith(".md"));

/** Every line of `files` on which `rule` finds something, as `path:line: text`. */
function offences(files: typeof textFiles, rule: (line: string) => boolean): string[] {
  return files.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => (rule(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );
}

test("the rules find what they name, and pass the citations that are ours", () => {
  const cited = (text: string) => ISSUE_NUMBER.test(text) || SPEC_SECTION.test(text);
  for (const citation of [
    ["as iss", "ue 25 measured"],
    ["Iss", "ues #13 and 23"],
    ["(sp", `ec ${SECTION_SIGN}4)`],
    ["Spec ", `${SECTION_SIGN}9: the fallback`],
    ["rules of ", `${SECTION_SIGN}2.4`],
    ["docs/behaviour.md ", `${SECTION_SIGN}3.2`],
  ])
    expect([citation.join(""), cited(citation.join(""))]).toEqual([citation.join(""), true]);
  for (const fine of [
    "docs/behaviour.md section 3.2",
    `RFC 9110 ${SECTION_SIGN}12.4.2`,
    `11 CCR ${SECTION_SIGN}7025(c)(3)`,
    "https://github.com/prismicio/slice-machine/issues/1768",
    "settings.error.issues",
  ])
    expect([fine, cited(fine)]).toEqual([fine, false]);
  expect(MACHINE_PATH.test(["see /wo", "rk/shared/x"].join(""))).toBe(true);
  expect(MACHINE_PATH.test("node_modules/framework/index.js")).toBe(false);
});

test("the files it reads include the code, the deployment files and the docs", () => {
  const read = new Set(textFiles.map(({ file }) => file));
  for (const file of ["README.md", "Dockerfile", "build.mjs", "docs/behaviour.md", "deploy/nginx/nginx.conf"])
    expect(read).toContain(file);
  for (const folder of ["server/", "client/", "shared/", "views/", "scripts/", "packages/", "test/", "docs/decisions/"])
    expect(textFiles.some(({ file }) => file.startsWith(folder))).toBe(true);
  expect(textFiles.some(({ file }) => file.startsWith("content/"))).toBe(false);
});

test("no file cites an issue number", () => {
  expect(offences(textFiles, (line) => ISSUE_NUMBER.test(line))).toEqual([]);
});

test("no file cites a section of the product specification", () => {
  expect(offences(textFiles, (line) => SPEC_SECTION.test(line))).toEqual([]);
});

test("no file names a document or a path outside the repository", () => {
  expect(offences(textFiles, (line) => OUTSIDE_DOCUMENT.test(line) || MACHINE_PATH.test(line))).toEqual([]);
});

test("every section of docs/behaviour.md that is cited exists", () => {
  const headings = fs.readFileSync(path.join(ROOT, "docs/behaviour.md"), "utf8").match(/^#{2,3} [0-9.]+/gm) ?? [];
  const sections = new Set(headings.map((heading) => heading.replace(/^#+ /, "").replace(/\.$/, "")));
  expect(sections.size).toBeGreaterThan(10);
  let cited = 0;
  const missing = textFiles.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) =>
      [...line.matchAll(BEHAVIOUR_CITATION)]
        .map((match) => {
          cited++;
          return match;
        })
        .map((match) => match[1])
        .filter((section) => !sections.has(section))
        .map((section) => `${file}:${i + 1}: section ${section}`),
    ),
  );
  expect(missing).toEqual([]);
  // The code cites the behaviour document as it should: the check has something to check.
  expect(cited).toBeGreaterThan(100);
});

test("the Markdown pages link only to files inside the repository", () => {
  const outside: string[] = [];
  let links = 0;
  for (const { file, lines } of markdownFiles)
    lines.forEach((line, i) => {
      // Link targets, and bare paths that climb out of the page's folder.
      const targets = [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
      targets.push(...[...line.matchAll(/(?:^|[\s`(])((?:\.\.\/)+[\w./-]*)/g)].map((m) => m[1]));
      for (const target of targets) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
        links++;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target.split("#")[0]));
        const inside = !resolved.startsWith("../") && resolved !== "..";
        const known = trackedSet.has(resolved) || trackedFolders.has(resolved.replace(/\/$/, ""));
        if (!inside || !known) outside.push(`${file}:${i + 1}: ${target}`);
      }
    });
  expect(links).toBeGreaterThan(20);
  expect(outside).toEqual([]);
});
