/**
 * Heading levels for rich text that keep the page's outline valid whatever an editor wrote
 * (no level skipped, no second h1): the first heading of a field takes the level the view
 * gives it (the view knows its own outline: after a slice's h2, the copy's headings start at
 * h3), and each later heading is one level below the nearest earlier heading the editor set
 * higher, or level with the earlier one the editor set at the same level. An editor's h2, h4,
 * h4, h3 in a text block under the page's h1 becomes h2, h3, h3, h3; the look still follows
 * the editor's choice (views/parts/RichText.tsx adds `rt-h{editor's level}`).
 */

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

const HEADING = /^heading([1-6])$/;

/** The editor's level of a rich-text node, or null for a node that is not a heading. */
export function editorLevel(nodeType: string): HeadingLevel | null {
  const match = HEADING.exec(nodeType);
  return match ? (Number(match[1]) as HeadingLevel) : null;
}

/**
 * Returns a function that, called with each heading's editor level in document order, gives
 * the level to render. `start` is the level of the field's first heading.
 */
export function headingOutline(start: HeadingLevel): (level: HeadingLevel) => HeadingLevel {
  // The open sections: the editor's level of each and the level it was rendered at.
  const open: Array<{ editor: number; rendered: number }> = [];
  return (level) => {
    while (open.length && open[open.length - 1].editor >= level) open.pop();
    const rendered = Math.min(6, open.length ? open[open.length - 1].rendered + 1 : start) as HeadingLevel;
    open.push({ editor: level, rendered });
    return rendered;
  };
}

/** The level for copy under a heading rendered as `tag` (`"h2"` → 3), or 2 when the view shows no heading there. */
export function levelBelow(tag: string | null | false | undefined): HeadingLevel {
  return tag ? (Math.min(6, Number(tag.slice(1)) + 1) as HeadingLevel) : 2;
}
