/**
 * Anchor ids of headings in running text, so a URL like `/info/blog/x#our-advice` (or an
 * in-page link `#our-advice`) has something to scroll to: the text lower-cased,
 * accent-stripped, each run of other characters one hyphen. Repeats in one field get `-2`, `-3`.
 */
export function anchorId(text: string): string {
  const hyphenated = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, "-");
  // Stryker disable next-line Regex: the line above leaves at most one hyphen at each end, so -+ and - match the same
  return hyphenated.replace(/^-+|-+$/g, "");
}

/** Hands out unique anchor ids for one block of text, in document order. */
export function anchorIds(): (text: string) => string | undefined {
  const used = new Map<string, number>();
  return (text) => {
    const base = anchorId(text);
    if (!base) return undefined;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  };
}
