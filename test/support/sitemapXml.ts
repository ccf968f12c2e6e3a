/**
 * Reading sitemaps in tests with a real XML parser (fast-xml-parser): well-formedness is
 * checked by its validator, then the document is parsed with attributes and namespaces kept.
 */
import fs from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const XHTML_NS = "http://www.w3.org/1999/xhtml";

export interface SitemapLink {
  hreflang: string;
  href: string;
  rel: string;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  links: SitemapLink[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "url" || name === "sitemap" || name === "xhtml:link",
});

/** Throws with the parser's message when `xml` is not well-formed. */
export function parseXml(xml: string): Record<string, any> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return parser.parse(xml) as Record<string, any>;
}

export interface ParsedUrlset {
  attributes: Record<string, string>;
  urls: SitemapUrl[];
}

export function parseUrlset(xml: string): ParsedUrlset {
  const doc = parseXml(xml);
  const urlset = doc.urlset;
  if (!urlset) throw new Error(`no <urlset> root: ${xml.slice(0, 200)}`);
  const attributes = Object.fromEntries(
    Object.entries(urlset as Record<string, unknown>)
      .filter(([key]) => key.startsWith("@"))
      .map(([key, value]) => [key.slice(1), String(value)]),
  );
  const urls = ((urlset.url ?? []) as any[]).map((url) => ({
    loc: String(url.loc),
    lastmod: url.lastmod === undefined ? undefined : String(url.lastmod),
    links: ((url["xhtml:link"] ?? []) as any[]).map((link) => ({
      hreflang: String(link["@hreflang"]),
      href: String(link["@href"]),
      rel: String(link["@rel"]),
    })),
  }));
  return { attributes, urls };
}

export function parseIndex(xml: string): { attributes: Record<string, string>; locs: string[] } {
  const doc = parseXml(xml);
  const index = doc.sitemapindex;
  if (!index) throw new Error(`no <sitemapindex> root: ${xml.slice(0, 200)}`);
  const attributes = Object.fromEntries(
    Object.entries(index as Record<string, unknown>)
      .filter(([key]) => key.startsWith("@"))
      .map(([key, value]) => [key.slice(1), String(value)]),
  );
  return { attributes, locs: ((index.sitemap ?? []) as any[]).map((entry) => String(entry.loc)) };
}

/** Every Prismic document JSON below `dir` (the embedded repository's layout, any depth). */
export function readAllDocuments(dir: string): any[] {
  const out: any[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name.startsWith("_")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...readAllDocuments(full));
    else if (entry.name.endsWith(".json")) out.push(JSON.parse(fs.readFileSync(full, "utf8")));
  }
  return out;
}
