/**
 * The SEO part of `<head>` as HTML: canonical, hreflang alternates with x-default, Open
 * Graph and Twitter cards, and JSON-LD. Every value is escaped; JSON-LD cannot end its script.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/locales";
import type { PageHead } from "../../shared/pageHead";
import { SITE_NAME } from "../../shared/site";
import { serializeJsonLd } from "../../shared/structuredData";
import { escapeHtml as e } from "./html";

const ogLocale = (language: string) => language.replace("-", "_");

export function headTags(head: PageHead, locale: Locale): string {
  const tags: string[] = [`<link rel="canonical" href="${e(head.canonical)}">`];
  for (const alt of head.alternates)
    tags.push(`<link rel="alternate" hreflang="${e(alt.language)}" href="${e(alt.url)}">`);
  const fallback = head.alternates.find((alt) => alt.language === DEFAULT_LOCALE.language);
  if (fallback) tags.push(`<link rel="alternate" hreflang="x-default" href="${e(fallback.url)}">`);

  const meta = (attr: "property" | "name", key: string, value: string | number) =>
    tags.push(`<meta ${attr}="${key}" content="${e(String(value))}">`);
  meta("property", "og:site_name", SITE_NAME);
  meta("property", "og:type", head.type);
  meta("property", "og:title", head.title);
  if (head.description) meta("property", "og:description", head.description);
  meta("property", "og:url", head.canonical);
  meta("property", "og:locale", ogLocale(locale.language));
  for (const other of LOCALES) {
    if (other.code !== locale.code && head.alternates.some((a) => a.language === other.language)) {
      meta("property", "og:locale:alternate", ogLocale(other.language));
    }
  }
  meta("property", "og:image", head.image.url);
  meta("property", "og:image:width", head.image.width);
  meta("property", "og:image:height", head.image.height);
  if (head.image.alt) meta("property", "og:image:alt", head.image.alt);
  meta("name", "twitter:card", "summary_large_image");
  meta("name", "twitter:title", head.title);
  if (head.description) meta("name", "twitter:description", head.description);
  meta("name", "twitter:image", head.image.url);

  // JSON-LD is data, not script (no CSP source needed), and it must never be able to end its element early.
  for (const data of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`);
  }
  return tags.join("");
}
