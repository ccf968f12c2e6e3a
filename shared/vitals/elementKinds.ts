/**
 * The kinds of element a field report may name (decision record 026, docs/operations.md "Field
 * speed"): the LCP element, the control of the slowest interaction, the largest layout shift's
 * source. Our own small, fixed vocabulary, so that a kind is a label value and never a selector,
 * text or URL from the page (client/vitals/elementKind.ts derives it from the element). Each
 * metric allows the kinds it can meet, which keeps the label space bounded and small.
 */

export const ELEMENT_KINDS = [
  "hero-image",
  "gallery-image",
  "card-image",
  "heading-text",
  "body-text",
  "menu-button",
  "carousel-control",
  "consent-button",
  "form-control",
  "link",
  "other",
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/** Kinds that are controls: a tag of one of these on a container covers the buttons inside it. */
export const CONTROL_KINDS: readonly ElementKind[] = [
  "menu-button",
  "carousel-control",
  "consent-button",
  "form-control",
  "link",
];

/** What the largest contentful paint can be: an image or a block of text. */
export const LCP_ELEMENT_KINDS: readonly ElementKind[] = [
  "hero-image",
  "gallery-image",
  "card-image",
  "heading-text",
  "body-text",
  "other",
];

/** What a visitor taps or types into (a gallery's image opens it; a card is a link). */
export const INP_CONTROL_KINDS: readonly ElementKind[] = [...CONTROL_KINDS, "gallery-image", "other"];

/** What moves in a layout shift: content, or a form that appears late (Klaviyo's). */
export const CLS_SOURCE_KINDS: readonly ElementKind[] = [
  "hero-image",
  "gallery-image",
  "card-image",
  "heading-text",
  "body-text",
  "form-control",
  "other",
];

/** The attribute a view puts on the few elements whose kind their tag cannot tell. */
export const KIND_ATTRIBUTE = "data-vitals-kind";

export const isElementKind = (value: unknown): value is ElementKind =>
  typeof value === "string" && (ELEMENT_KINDS as readonly string[]).includes(value);
