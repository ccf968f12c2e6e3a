/**
 * Which section a page belongs to (docs/behaviour.md section 1.6): a page linked from a group of the primary
 * navigation lives under that group's section, `/{section}/{uid}`.
 */

/** Document id → section slug. Plain object so it survives the hydration payload. */
export type SectionIndex = Record<string, string>;

/** The raw shape of a primary navigation group as Prismic returns it (docs/behaviour.md section 3.2). */
export interface RawNavGroup {
  /** A rich-text field: any block may come (an embed has no text), only a text block names a section. */
  primary?: { title?: ReadonlyArray<object> | null } | null;
  items?: ReadonlyArray<{ link?: unknown } | null> | null;
}

/**
 * A group title as a path segment: lower-cased and accent-stripped (docs/behaviour.md section 1.6); we
 * also turn each run of spaces or punctuation into one hyphen ("Kitchens & Pantries" →
 * "kitchens-pantries"), so the segment is a valid uid-like slug the routes accept.
 */
export function sectionSlug(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Nd}_-]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** Builds the id → section map from the primary navigation's groups. */
export function buildSectionIndex(groups: readonly RawNavGroup[] | null | undefined): SectionIndex {
  const index: SectionIndex = {};
  if (groups == null) return index;
  if (!Array.isArray(groups)) {
    console.error("Error iterating primary nav", new TypeError("the primary navigation body is not a list"));
    return index;
  }
  for (const group of groups) {
    // A malformed group must not break link resolution, only be reported;
    // the groups after it still count.
    try {
      const block = group.primary?.title?.[0];
      const title = typeof block === "object" && block !== null && "text" in block ? block.text : null;
      if (typeof title !== "string" || !title) continue;
      const section = sectionSlug(title);
      // Stryker disable next-line ArrayDeclaration: any stand-in list holds no link with an id, so it adds nothing either
      for (const item of group.items ?? []) {
        const id = (item?.link as { id?: unknown } | null | undefined)?.id;
        // The first group that links a page wins, so a page has one canonical URL.
        if (typeof id === "string" && id && !(id in index)) index[id] = section;
      }
    } catch (error) {
      console.error("Error iterating primary nav", error);
    }
  }
  return index;
}
