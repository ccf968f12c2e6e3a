/**
 * The accessibility statement: a `page` document editors own in Prismic, in both regions, at
 * /accessibility-statement and /us/accessibility-statement (docs/behaviour.md section 1.2: a page outside the
 * main menu is routed by its uid alone). It names the standard (WCAG 2.2 AA), how the site was
 * tested, what does not conform and when that will change (the third-party Klaviyo form and
 * Usercentrics banner), the problems found in our own pages and when each was fixed (its dated
 * "Known issues"), how to report a problem and its dates; it is in the sitemap, and every page's
 * footer links to it. What it says of the privacy choices page with Usercentrics is what that
 * page renders.
 */
import request from "supertest";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const { app } = createTestApp();
/** A site whose consent manager is Usercentrics (server/tags/publicConfig.ts): a tag that needs consent and its settings id. */
const withUsercentrics = createTestApp({
  env: { GTM_ID: "GTM-TEST123", GTM_SRC: "http://127.0.0.1:9/gtm.js", USERCENTRICS_SETTINGS_ID: "abcDEF123" },
}).app;
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
  ["UK", "", "workshop@hartleyandreed.co.uk", "28 November 2026", "/privacy-choices", "7 December 2026"],
  ["US", "/us", "newyork@hartleyandreed.com", "November 28, 2026", "/us/privacy-choices", "December 7, 2026"],
])("the %s accessibility statement", (_region, prefix, email, date, choices, fixed) => {
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

  test("has a dated Known issues part: what was found in our own pages, and when each was fixed", async () => {
    const res = await get(path);
    const text = textOf(res.text);
    expect(res.text).toMatch(/<h2[^>]*>Known issues<\/h2>/);
    // It no longer says our own pages met the standard while these problems existed.
    expect(text).not.toContain("our own pages meet the standard");
    expect(text).toContain(`Our own pages did not fully meet the standard until ${fixed}`);
    const known = text.slice(text.indexOf("Known issues"), text.indexOf("Content that is not within our control"));
    for (const [criterion, what] of [
      ["2.4.11 Focus Not Obscured", /privacy notice .* covered the open phone menu/],
      ["2.4.3 Focus Order", /sent keyboard focus back to the start of the page/],
      ["4.1.3 Status Messages", /neither announced by screen readers nor in the page title/],
    ] as const) {
      expect(known).toContain(`Fixed on ${fixed} (WCAG ${criterion})`);
      expect(known).toMatch(what);
    }
    expect(known).toMatch(/Corrected on .*Usercentrics/);
  });

  test("its dates are true: tested and reviewed on the day the known issues were fixed", async () => {
    const text = textOf((await get(path)).text);
    expect(text).toContain(`We last tested this website on ${fixed}`);
    expect(text).toContain(`prepared on ${date} and last reviewed on ${fixed}`);
    expect(text).not.toMatch(/We last tested this website on (27 November 2026|November 27, 2026)/);
  });

  test("says what the privacy choices page does with Usercentrics, as the page renders it: no form, JavaScript needed", async () => {
    const text = textOf((await get(path)).text);
    expect(text).not.toContain("plain form that works in any browser");
    expect(text).toMatch(/Usercentrics’ settings .*need JavaScript/);
    expect(text).toContain("no form that works without JavaScript");
    // The list of what a visitor can do says the same.
    expect(text).toMatch(
      /make your privacy choices without JavaScript, on our [^,]+ page ?, except where the site uses the Usercentrics/,
    );
    // And the page, with Usercentrics as the consent manager, is that: no form, a button that needs script.
    const page = await request(withUsercentrics).get(choices).set("User-Agent", BROWSER).expect(200);
    expect(page.text).not.toContain("<form");
    expect(page.text).toContain("need JavaScript");
    expect((await request(withUsercentrics).post(choices).type("form").send("choice=reject-all")).status).not.toBe(303);
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
