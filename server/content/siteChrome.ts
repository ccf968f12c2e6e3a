/** Reshapes the navigation and taxonomy documents of a language into the layout's data. */
import * as prismic from "@prismicio/client";
import type { NavGroupSlice, NavigationDocument, TaxonomyDocument } from "../../shared/documents";
import type { LocaleCode } from "../../shared/locales";
import type { LinkLike } from "../../shared/linkResolver";
import type { NavGroup, SiteChrome } from "../../shared/pageData";
import { buildSectionIndex } from "../../shared/sectionIndex";

function toNavGroups(doc: NavigationDocument | undefined): NavGroup[] {
  return (doc?.data.body ?? [])
    .filter((slice): slice is NavGroupSlice => slice.slice_type === "nav_group")
    .map((slice) => ({
      title: prismic.asText(slice.primary.title) ?? "",
      items: slice.items
        .filter((item) => prismic.isFilled.link(item.link))
        .map((item) => ({ label: item.label ?? "", link: item.link as LinkLike })),
    }));
}

/** `taxonomy.data.item` as a name → value lookup (spec §3). */
export function taxonomyLookup(doc: TaxonomyDocument | null): Record<string, string> {
  const lookup: Record<string, string> = {};
  for (const entry of doc?.data.item ?? []) {
    if (entry.name) lookup[entry.name] = entry.value ?? entry.name;
  }
  return lookup;
}

export function buildSiteChrome(
  locale: LocaleCode,
  navigation: NavigationDocument[],
  taxonomy: TaxonomyDocument | null,
): SiteChrome {
  const primary = navigation.find((doc) => doc.uid === "primary-nav");
  const footer = navigation.find((doc) => doc.uid === "footer");
  return {
    locale,
    sections: buildSectionIndex(primary?.data.body),
    primaryNav: toNavGroups(primary),
    footerNav: toNavGroups(footer),
    footerFormId: footer?.data.klaviyo_footer_form_id || null,
    taxonomy: taxonomyLookup(taxonomy),
  };
}
