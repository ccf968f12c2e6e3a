/**
 * The samples a visitor may order: the swatches of their region's samples page, by name, as the
 * editors publish them (docs/requests.md). A name not on the page is not a sample.
 */
import type { Locale } from "../../shared/locales";
import type { ContentService } from "../content/contentService";

export async function sampleNames(content: ContentService, locale: Locale): Promise<string[]> {
  const page = await content.samplePage(locale.lang);
  const names = (page?.data.swatches ?? []).map((swatch) => swatch.name?.trim() ?? "").filter(Boolean);
  return [...new Set(names)];
}
