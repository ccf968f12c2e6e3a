/**
 * The check that React's part of a page runs no inline script of its own (docs/behaviour.md section 6.1): it counts
 * what the browser would run, in any case and spelling of the tag, and never data blocks.
 */
import { executableInlineScripts } from "../server/render/scriptHashes";

/** The reference: the pattern the check was first written with, over the whole text. */
function byPattern(markup: string): number {
  let found = 0;
  for (const [, attributes] of markup.matchAll(/<script\b([^>]*)>/gi)) {
    if (/(?:^|\s)src(?:\s*=|\s|$)/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const value = (type?.slice(1).find((v) => v !== undefined) ?? "").trim().toLowerCase();
    if (["", "text/javascript", "application/javascript", "module", "speculationrules", "importmap"].includes(value))
      found++;
  }
  return found;
}

const count = (markup: string) => executableInlineScripts(markup);

test.each([
  ["<p>no scripts</p>", 0],
  ["<script>x()</script>", 1],
  ["<SCRIPT>x()</SCRIPT>", 1],
  ["<ScRiPt\ttype=module>x()</script>", 1],
  ['<script type="application/json">{}</script><script type="application/ld+json">{}</script>', 0],
  ['<script src="/a.js"></script><script async src=/b.js></script>', 0],
  ['<script type="speculationrules">{}</script><script type=importmap>{}</script>', 2],
  ["<scripts>not a script</scripts><script-x></script-x><scriptx>", 1],
  ["<script/>", 1],
  ["<script", 0],
  ["a < b <s <sc <script>", 1],
])("%j has %i", (markup, expected) => {
  expect(count(markup)).toBe(expected);
  expect(byPattern(markup)).toBe(expected);
});

test("random markup: the same count as the pattern", () => {
  const pieces = [
    "<",
    ">",
    "script",
    "SCRIPT",
    "Script",
    " ",
    "\n",
    "/",
    "src=x",
    'type="module"',
    "type=text/plain",
    "a",
    "_",
    "-",
    "é",
    "</script>",
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 10_000; i++) {
    let markup = "";
    for (let j = 0; j < 12; j++) markup += pieces[Math.floor(random() * pieces.length)];
    expect([markup, count(markup)]).toEqual([markup, byPattern(markup)]);
  }
});
