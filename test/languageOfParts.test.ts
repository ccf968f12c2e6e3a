/**
 * Words in another language are marked as such, on the element that holds them and no wider
 * (docs/accessibility.md, "Words in another language"): editors choose the language beside the
 * text in Prismic (the navigation group's "Title language", the hero's "Eyebrow language"), and the
 * page as served carries `lang` on that element only. In the demo content the "Éditions Spéciales"
 * group of the primary navigation, and the eyebrow of the two pages under it, are French.
 */
import request from "supertest";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FRENCH = "Éditions Spéciales";
const { app } = createTestApp();
const get = (path: string) => request(app).get(path).set("User-Agent", BROWSER);

/** The markup a reader gets: scripts (the hydration payload, structured data) are not read out. */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, "");

/** An element's start tag, as a person reads it in the page's source: name, class and lang. */
function describeTag(name: string, attributes: string): string {
  const className = /\bclass="([^"]*)"/.exec(attributes)?.[1];
  const lang = /\slang="([^"]*)"/.exec(attributes)?.[1];
  return `${name}${className ? `.${className.split(" ")[0]}` : ""}${lang === undefined ? "" : ` lang=${lang}`}`;
}

/** Every element whose whole text is `text`, innermost first: where the words are. */
function elementsHolding(html: string, text: string): string[] {
  const holding = new RegExp(`<([a-z][a-z0-9]*)\\b([^>]*)>\\s*${text}\\s*</\\1>`, "g");
  return [...html.matchAll(holding)].map((m) => describeTag(m[1], m[2]));
}

/** Every element marked French (the region switcher's links carry their own region's lang, en-GB or en-US). */
function elementsInFrench(html: string): string[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*\slang="fr"[^>]*)>/g)].map((m) => describeTag(m[1], m[2]));
}

/** What a page says about the French words: where they are, and which elements are marked French. */
async function frenchOf(path: string) {
  const res = await get(path);
  const html = withoutScripts(res.text);
  return {
    status: res.status,
    holding: elementsHolding(html, FRENCH),
    inFrench: elementsInFrench(html),
    // Anywhere else (an attribute, a sentence) the words would be read in the page's language.
    mentions: html.split(FRENCH).length - 1,
  };
}

/** The primary navigation's group title: the desktop dropdown's summary and the phone menu's heading. */
const NAVIGATION = ["summary.primary-nav__title lang=fr", "h2 lang=fr"];

describe.each([
  ["UK", "", "en-GB"],
  ["US", "/us", "en-US"],
])("the %s site", (_region, prefix, pageLang) => {
  test(`the heritage page marks "${FRENCH}" as French on the hero's eyebrow and in the navigation, and nothing else`, async () => {
    const res = await get(`${prefix}/editions-speciales/heritage-collection`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<html lang="${pageLang}"`);
    expect(withoutScripts(res.text)).toContain(`<p class="eyebrow" lang="fr">${FRENCH}</p>`);
    expect(await frenchOf(`${prefix}/editions-speciales/heritage-collection`)).toEqual({
      status: 200,
      holding: [...NAVIGATION, "p.eyebrow lang=fr"],
      inFrench: [...NAVIGATION, "p.eyebrow lang=fr"],
      mentions: 3,
    });
  });

  test(`every page's navigation marks "${FRENCH}" as French on exactly the element holding it`, async () => {
    const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
    const pages = urls
      .map((u) => new URL(u.loc).pathname)
      .filter((p) => (prefix ? p === prefix || p.startsWith(`${prefix}/`) : p !== "/us" && !p.startsWith("/us/")));
    expect(pages.length).toBeGreaterThan(20);
    // The privacy choices page is outside the sitemap, under the same header.
    for (const page of [...pages, `${prefix}/privacy-choices`]) {
      const french = await frenchOf(page);
      // The pages under the group open with a hero whose eyebrow is the group's name.
      const eyebrow = french.holding.includes("p.eyebrow lang=fr") ? ["p.eyebrow lang=fr"] : [];
      expect({ page, ...french }).toEqual({
        page,
        status: 200,
        holding: [...NAVIGATION, ...eyebrow],
        inFrench: [...NAVIGATION, ...eyebrow],
        mentions: NAVIGATION.length + eyebrow.length,
      });
    }
  });
});
