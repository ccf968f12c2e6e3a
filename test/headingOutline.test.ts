/**
 * Heading levels for rich text that keep the page's outline valid whatever an editor wrote
 * (views/parts/headingOutline.ts): the first heading takes the level the view gives, each later
 * one goes one below the nearest earlier heading the editor set higher, or level with an earlier
 * one at the same level; never a level skipped, never past h6.
 */
import { editorLevel, type HeadingLevel, headingOutline, levelBelow } from "../views/parts/headingOutline";

const outline = (start: HeadingLevel, levels: HeadingLevel[]) => levels.map(headingOutline(start));

test.each([
  ["the example of its comment: h2, h4, h4, h3 under the page's h1", 2, [2, 4, 4, 3], [2, 3, 3, 3]],
  ["an editor's levels already in order", 2, [2, 3, 3, 2, 3], [2, 3, 3, 2, 3]],
  ["a second h1 under the page's h1", 2, [1, 1], [2, 2]],
  ["a skipped level", 3, [3, 5], [3, 4]],
  ["the first heading deeper than later ones", 3, [4, 2, 3], [3, 3, 4]],
  ["going back up to a level the editor used before", 2, [2, 3, 4, 3, 2], [2, 3, 4, 3, 2]],
  ["as deep as it goes: h6 at most", 5, [1, 2, 3, 4], [5, 6, 6, 6]],
] as const)("%s", (_case, start, levels, rendered) => {
  expect(outline(start, [...levels])).toEqual(rendered);
});

test("no heading is ever more than one level below the one before it", () => {
  const levels: HeadingLevel[] = [6, 1, 4, 4, 2, 6, 3, 5, 1, 2];
  const rendered = outline(2, levels);
  expect(rendered[0]).toBe(2);
  for (let i = 1; i < rendered.length; i++) expect(rendered[i] - rendered[i - 1]).toBeLessThanOrEqual(1);
  for (const level of rendered) expect(level).toBeGreaterThanOrEqual(2);
});

test.each([
  ["heading1", 1],
  ["heading6", 6],
  ["heading7", null],
  ["paragraph", null],
  ["list-item", null],
  ["xheading2", null],
])("editorLevel(%s)", (type, level) => {
  expect(editorLevel(type)).toBe(level);
});

test.each<[string | null | false | undefined, number]>([
  ["h1", 2],
  ["h2", 3],
  ["h6", 6],
  [null, 2],
  [false, 2],
  [undefined, 2],
  ["", 2],
])("copy under a %j is at level %i", (tag, level) => {
  expect(levelBelow(tag)).toBe(level);
});
