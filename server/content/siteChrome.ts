/** Reshapes the navigation and taxonomy documents of a language into the layout's data. */
import * as prismic from "@prismicio/client";
import type { NavGroupSlice, NavigationDocument, TaxonomyDocument } from "../../shared/documents";
import type { LocaleCode } from "../../shared/locales";
import type { LinkLike } from "../../shared/linkResolver";
import type { NavGroup, SiteChrome } from "../../shared/pageData";
import { buildSectionIndex } from "../../shared/sectionIndex";
import { isKlaviyoFormId } from "../../shared/klaviyoFormId";
import { deepFreeze } from "./deepFreeze";

function toNavGroups(doc: NavigationDocument | undefined): NavGroup[] {
  return (doc?.data.body ?? [])
    .filter((slice): slice is NavGroupSlice => slice.slice_type === "nav_group")
    .map((slice) => ({
      title: prismic.asText(slice.primary.title) ?? "",
      titleLang: slice.primary.title_lang ?? null,
      items: slice.items
        .filter((item) => prismic.isFilled.link(item.link))
        .map((item) => ({ label: item.label ?? "", link: item.link as LinkLike })),
    }));
}

/** `taxonomy.data.item` as a name → value lookup (docs/behaviour.md section 3.2). */
export function taxonomyLookup(doc: TaxonomyDocument | null): Record<string, string> {
  const lookup: Record<string, string> = {};
  for (const entry of doc?.data.item ?? []) {
    if (entry.name) lookup[entry.name] = entry.value ?? entry.name;
  }
  return lookup;
}

/** The footer's Klaviyo form id when it is one (shared/klaviyoFormId.ts); anything else is ignored, with a warning. */
function footerFormId(value: string | null | undefined, warn: (message: string) => void): string | null {
  if (!value) return null;
  if (isKlaviyoFormId(value)) return value;
  warn(
    `the footer's klaviyo_footer_form_id ${JSON.stringify(String(value).slice(0, 80))} is not a Klaviyo form id (letters and digits): no sign-up form`,
  );
  return null;
}

export function buildSiteChrome(
  locale: LocaleCode,
  navigation: NavigationDocument[],
  taxonomy: TaxonomyDocument | null,
  warn: (message: string) => void = () => {},
): SiteChrome {
  const primary = navigation.find((doc) => doc.uid === "primary-nav");
  const footer = navigation.find((doc) => doc.uid === "footer");
  // Shared by every render at one ref (server/render/loaders.ts keeps it per ref): frozen (deepFreeze.ts).
  return deepFreeze({
    locale,
    sections: buildSectionIndex(primary?.data.body),
    primaryNav: toNavGroups(primary),
    footerNav: toNavGroups(footer),
    footerFormId: footerFormId(footer?.data.klaviyo_footer_form_id, warn),
    taxonomy: taxonomyLookup(taxonomy),
  });
}
