/**
 * A navigation group titled in another language (its "Title language" in Prismic) is marked with
 * that language wherever the title is shown: the desktop dropdown, the phone menu and the footer,
 * whose landmark takes its name from that heading (docs/accessibility.md, "Words in another
 * language"). A group without one is in the page's language and carries no `lang`.
 */
import type { NavGroup } from "../shared/pageData";
import { Footer } from "../views/parts/Footer";
import { Header } from "../views/parts/Header";
import { attribute } from "./support/html";
import { renderInSite } from "./support/renderInSite";

const link = (url: string) => ({ link_type: "Web", url }) as NavGroup["items"][number]["link"];
const groups: NavGroup[] = [
  { title: "Inspiration", titleLang: null, items: [{ label: "Gallery", link: link("/gallery") }] },
  { title: "Éditions Spéciales", titleLang: "fr", items: [{ label: "Heritage", link: link("/heritage") }] },
];

/** The start tag of every element whose whole text is `text`. */
const tagsHolding = (html: string, text: string) =>
  [...html.matchAll(new RegExp(`(<([a-z0-9]+)\\b[^>]*>)${text}</\\2>`, "g"))].map((m) => m[1]);

describe("the header", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Header />, { chrome: { primaryNav: groups } });
  });

  test("marks the French title, in the desktop dropdown and in the phone menu, and nothing around it", () => {
    expect(tagsHolding(html, "Éditions Spéciales")).toEqual([
      '<summary class="primary-nav__title" lang="fr">',
      '<h2 lang="fr">',
    ]);
    expect(html.match(/ lang="fr"/g)).toHaveLength(2);
  });

  test("leaves a title in the page's language unmarked", () => {
    expect(tagsHolding(html, "Inspiration")).toEqual(['<summary class="primary-nav__title">', "<h2>"]);
  });
});

describe("the footer", () => {
  let html: string;
  beforeAll(async () => {
    html = await renderInSite(<Footer />, { chrome: { footerNav: groups } });
  });

  test("marks the French heading, and names its landmark by that heading rather than by an unmarked label", () => {
    const [heading] = tagsHolding(html, "Éditions Spéciales");
    expect(attribute(heading, "lang")).toBe("fr");
    const navs = [...html.matchAll(/<nav\b[^>]*>/g)].map((m) => m[0]);
    expect(navs).toHaveLength(2);
    for (const nav of navs) expect(attribute(nav, "aria-label")).toBeUndefined();
    expect(attribute(navs[1], "aria-labelledby")).toBe(attribute(heading, "id"));
    expect(html).not.toContain('aria-label="Éditions Spéciales"');
  });

  test("leaves a heading in the page's language unmarked, its landmark named by it too", () => {
    const [heading] = tagsHolding(html, "Inspiration");
    expect(attribute(heading, "lang")).toBeUndefined();
    expect(attribute(heading, "id")).toMatch(/\S/);
    expect(attribute([...html.matchAll(/<nav\b[^>]*>/g)][0][0], "aria-labelledby")).toBe(attribute(heading, "id"));
  });
});
