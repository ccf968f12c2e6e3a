/**
 * Which section a page belongs to (spec §2.3): a page linked from a group of the primary
 * navigation lives under that group's section, `/{section}/{uid}`.
 */

/** Document id → section slug. Plain object so it survives the hydration payload. */
export type SectionIndex = Record<string, string>;

/** The raw shape of a primary navigation group as Prismic returns it (spec §3). */
export interface RawNavGroup {
  primary?: { title?: Array<{ text?: string }> | null } | null;
  items?: ReadonlyArray<{ link?: unknown } | null> | null;
}

/**
 * A group title as a path segment: lower-cased and accent-stripped, as the spec says;
 * we also turn runs of spaces into one hyphen, since a space is not a usable URL segment.
 */
export function sectionSlug(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-");
}

/** Builds the id → section map from the primary navigation's groups. */
export function buildSectionIndex(groups: readonly RawNavGroup[] | null | undefined): SectionIndex {
  const index: SectionIndex = {};
  try {
    for (const group of groups ?? []) {
      const title = group.primary?.title?.[0]?.text;
      if (!title) continue;
      const section = sectionSlug(title);
      for (const item of group.items ?? []) {
        const id = (item?.link as { id?: unknown } | null | undefined)?.id;
        // The first group that links a page wins, so a page has one canonical URL.
        if (typeof id === "string" && id && !(id in index)) index[id] = section;
      }
    }
  } catch (error) {
    // Spec §8: a malformed navigation must not break link resolution, only be reported.
    console.error("Error iterating primary nav", error);
  }
  return index;
}
