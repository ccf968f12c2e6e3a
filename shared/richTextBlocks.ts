/** Block-level rich-text node types Prismic stores that hold text (group-list-item and friends are built by the renderer). */
export const TEXT_BLOCK_TYPES = [
  "paragraph",
  "preformatted",
  "heading1",
  "heading2",
  "heading3",
  "heading4",
  "heading5",
  "heading6",
  "list-item",
  "o-list-item",
] as const;
