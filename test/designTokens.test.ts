/**
 * The design values docs/behaviour.md section 8 lists, where the stylesheets hold them: the colours
 * (views/styles/base.css), the sticky header's height that the page's `scroll-padding-top` follows
 * (80 px, 64 px in the mobile layout) and the mobile layout below lg (1280 px). The browser tests
 * show them on the page; this says which value changed.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./support/testApp";

const css = (name: string) => fs.readFileSync(path.join(ROOT, "views/styles", name), "utf8");
/** `--name: value;` declarations of a stylesheet's text, in order. */
const tokens = (text: string) =>
  Object.fromEntries([...text.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, k, v]) => [k, v.trim()]));
/** The text of each `@media (…) { … }` block, by its query (blocks do not nest in these files). */
function mediaBlocks(text: string): { query: string; body: string }[] {
  const blocks: { query: string; body: string }[] = [];
  for (const match of text.matchAll(/@media ([^{]+)\{/g)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    while (depth > 0 && at < text.length) {
      if (text[at] === "{") depth++;
      else if (text[at] === "}") depth--;
      at++;
    }
    blocks.push({ query: match[1].trim(), body: text.slice(start, at - 1) });
  }
  return blocks;
}

test("the colours: primary dark navy #14213d, accent light pink #f6dcdc, the progress bar's deeper #e8b4b8", () => {
  const base = tokens(css("base.css"));
  expect({ navy: base["--navy"], pink: base["--pink"], pinkDeep: base["--pink-deep"] }).toEqual({
    navy: "#14213d",
    pink: "#f6dcdc",
    pinkDeep: "#e8b4b8",
  });
});

test("the sticky header is 80 px, and the page's scroll-padding-top follows it", () => {
  const base = css("base.css");
  expect(tokens(base)["--header-height"]).toBe("80px");
  expect(base).toMatch(/html \{[^}]*scroll-padding-top: var\(--header-height\)/);
});

test("below lg (80em, 1280 px at the default text size) the mobile layout: a 64 px header and the menu behind its toggle", () => {
  const mobile = mediaBlocks(css("chrome.css")).filter((block) => block.body.includes("--header-height"));
  expect(mobile.map((block) => [block.query, tokens(block.body)["--header-height"]])).toEqual([
    ["(max-width: 79.999em)", "64px"],
  ]);
  expect(mobile[0].body).toMatch(/\.primary-nav[^{]*\{ display: none; \}/);
});
