/**
 * The docs lead somewhere: every relative link in README.md and docs/**\/*.md names a file or
 * folder of the repository (and, into a Markdown page, one of its headings), and every code path
 * named in backticks in docs/architecture.md and docs/request-path.md (`server/render/render.tsx`,
 * `packages/prismic-stand-in/`) exists. A file moved without its docs fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./support/testApp";

/** README.md and every Markdown page under docs/, relative to the root. */
function docPages(): string[] {
  const pages = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".md")) pages.push(relative);
    }
  };
  walk("docs");
  return pages;
}

/** The text outside fenced code blocks. */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
/** The text Markdown renders as links: outside fenced code blocks and inline code. */
const prose = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, "");

/** Inline links and images `[text](target "title")`, and reference definitions `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsOf(file: string): Set<string> {
  const headings = withoutFences(fs.readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm);
  return new Set([...headings].map((m) => slug(m[1])));
}

/** The relative links of `markdown` (the page at `page`, relative to `root`) that lead nowhere. */
function brokenLinks(page: string, markdown: string, root = ROOT): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // another site, mailto:
    const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
    const file = pathPart
      ? path.resolve(root, path.dirname(page), decodeURIComponent(pathPart.split("?")[0]))
      : path.join(root, page);
    if (!file.startsWith(root) || !fs.existsSync(file)) broken.push(`${page}: ${target} (no such file)`);
    else if (anchor && file.endsWith(".md") && !anchorsOf(file).has(anchor.toLowerCase()))
      broken.push(`${page}: ${target} (no heading #${anchor})`);
  }
  return broken;
}

/** Code paths from the root named in backticks (`server/...`, `client/...`): those that do not exist. */
function missingCodePaths(page: string, markdown: string, root = ROOT): string[] {
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
    .map((entry) => entry.name);
  const codePath = new RegExp(`^(?:${folders.join("|")})/[\\w./-]*$`);
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1])
    .filter((span) => codePath.test(span))
    .filter(
      (span) =>
        !fs.existsSync(path.join(root, span)) ||
        (span.endsWith("/") && !fs.statSync(path.join(root, span)).isDirectory()),
    )
    .map((span) => `${page}: \`${span}\``);
}

test("every relative link in README.md and docs/ leads to a file of the repository (and a heading in it)", () => {
  const pages = docPages();
  expect(pages.length).toBeGreaterThan(20);
  let links = 0;
  const broken = pages.flatMap((page) => {
    const markdown = fs.readFileSync(path.join(ROOT, page), "utf8");
    links += linkTargets(markdown).length;
    return brokenLinks(page, markdown);
  });
  expect(broken).toEqual([]);
  expect(links).toBeGreaterThan(50);
});

test("every code path named in docs/architecture.md and docs/request-path.md exists", () => {
  let named = 0;
  const missing = ["docs/architecture.md", "docs/request-path.md"].flatMap((page) => {
    const markdown = fs.readFileSync(path.join(ROOT, page), "utf8");
    named += [...markdown.matchAll(/`(server|client|shared|views|packages)\/[^`]*`/g)].length;
    return missingCodePaths(page, markdown);
  });
  expect(missing).toEqual([]);
  expect(named).toBeGreaterThan(40);
});

test("a broken link, a missing heading and a moved file are each found", () => {
  const page = [
    "See [the architecture](architecture.md), [its folders](architecture.md#folders-and-what-each-owns),",
    "[a missing page](gone.md), [a missing heading](architecture.md#no-such-heading),",
    "[outside the repository](../../etc/passwd), [Prismic](https://prismic.io) and",
    "[a reference][ref].",
    "",
    "[ref]: decisions/999-never-written.md",
    "",
    "```",
    "[in a code block](not-a-link.md)",
    "```",
    "",
    "The renderer is `server/render/render.tsx`, once `server/render.tsx`.",
  ].join("\n");
  expect(brokenLinks("docs/example.md", page)).toEqual([
    "docs/example.md: gone.md (no such file)",
    "docs/example.md: architecture.md#no-such-heading (no heading #no-such-heading)",
    "docs/example.md: ../../etc/passwd (no such file)",
    "docs/example.md: decisions/999-never-written.md (no such file)",
  ]);
  expect(missingCodePaths("docs/example.md", page)).toEqual(["docs/example.md: `server/render.tsx`"]);
});
