/**
 * The accessibility statement: a `page` document editors own in Prismic, in both regions, at
 * /accessibility-statement and /us/accessibility-statement (docs/behaviour.md section 1.2: a page outside the
 * main menu is routed by its uid alone). It names the standard (WCAG 2.2 AA), how the site was
 * tested, what does not conform and when that will change (the third-party Klaviyo form and
 * Usercentrics banner), how to report a problem and its date; it is in the sitemap, and every
 * page's footer links to it.
 */
import request from "supertest";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const { app } = createTestApp();
const ORIGIN = "http://localhost:3000";
const get = (path: string) => request(app).get(path).set("User-Agent", BROWSER);
/** The page's text without its markup, as a reader gets it. */
const textOf = (html: string) =>
  (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe.each([
  ["UK", "", "workshop@hartleyandreed.co.uk", "28 November 2026", "/privacy-choices"],
  ["US", "/us", "newyork@hartleyandreed.com", "November 28, 2026", "/us/privacy-choices"],
])("the %s accessibility statement", (_region, prefix, email, date, choices) => {
  const path = `${prefix}/accessibility-statement`;

  test("is a page of its own, titled as a statement", async () => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1 class="page__title">Accessibility statement</h1>');
    expect(res.text).toContain("<title>Accessibility statement | Hartley &amp; Reed</title>");
  });

  test("says the standard, how it was tested, what does not conform and until when, how to report, and its date", async () => {
    const res = await get(path);
    const text = textOf(res.text);
    expect(text).toContain("Web Content Accessibility Guidelines (WCAG) version 2.2 at level AA");
    for (const check of [
      "keyboard journeys",
      "Chromium, Firefox and WebKit",
      "focus indicator",
      "400%",
      "text spacing",
      "forced colo",
      "accessibility tree",
      "axe",
    ])
      expect(text).toContain(check);
    expect(text).toMatch(/Klaviyo’s script\. We do not write its markup/);
    expect(text).toMatch(/Usercentrics consent banner .* outside our markup/);
    expect(text).toMatch(/does not conform by (31 March 2027|March 31, 2027)/);
    expect(res.text).toContain(`<a href="mailto:${email}">${email}</a>`);
    expect(text).toContain(`prepared on ${date}`);
    expect(res.text).toMatch(new RegExp(`<a href="${choices}"[^>]*>`));
  });

  test("is in the sitemap", async () => {
    const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
    expect(urls.map((u) => u.loc)).toContain(`${ORIGIN}${path}`);
  });

  test("every page of the region links to it from the footer, the not-found screen too", async () => {
    const { urls } = parseUrlset((await request(app).get("/sitemap.xml").expect(200)).text);
    const pages = urls
      .map((u) => new URL(u.loc).pathname)
      .filter((p) => (prefix ? p === prefix || p.startsWith(`${prefix}/`) : p !== "/us" && !p.startsWith("/us/")));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of [...pages, `${prefix}/privacy-choices`, `${prefix}/no-such-page`]) {
      const res = await get(page);
      const footer = res.text.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? "";
      expect({
        page,
        link: footer.includes(`<a href="${path}" data-discover="true">Accessibility statement</a>`),
      }).toEqual({
        page,
        link: true,
      });
    }
  });
});
