/**
 * The privacy choices page after its form was sent (`?saved=1`, where the server's 303 leads):
 * the "saved" message is a status that takes the focus as the page loads (served with
 * `tabindex="-1"` and `autofocus`, so without script too), and the title says it first, in both
 * regions (docs/accessibility.md, "Where focus goes after the consent notice"). The page without
 * the parameter is as before. test/browser/consentFocus.test.ts holds the focus in a browser.
 */
import request from "supertest";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
/** A tag that needs consent, so the built-in banner is the consent manager and the page has its form. */
const { app } = createTestApp({ env: { GTM_ID: "GTM-TEST123", GTM_SRC: "http://127.0.0.1:9/gtm.js" } });
const get = (path: string) => request(app).get(path).set("User-Agent", BROWSER);
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const status = (html: string) => html.match(/<p [^>]*role="status"[^>]*>[^<]*<\/p>/)?.[0];

describe.each([
  ["UK", "/privacy-choices", "Cookie settings"],
  ["US", "/us/privacy-choices", "Your Privacy Choices"],
])("the %s privacy choices page", (_, path, name) => {
  test("after a save: the title starts with “Choices saved”, and the status is served to take the focus", async () => {
    const res = await get(`${path}?saved=1`);
    expect(res.status).toBe(200);
    expect(title(res.text)).toBe(`Choices saved – ${name} | Hartley &amp; Reed`);
    const message = status(res.text);
    expect(message).toContain(">Your choices are saved for this browser.</p>");
    expect(message).toContain('tabindex="-1"');
    expect(message).toMatch(/ autofocus(="")?[ >]/);
    // One element asks for the focus.
    expect(res.text.match(/ autofocus(="")?[ >]/g)).toHaveLength(1);
    // The heading and the breadcrumb keep the page's own name.
    expect(res.text).toContain(`<h1 class="page__title">${name}</h1>`);
    expect(res.text).toContain(`"name":"${name}"`);
  });

  test("before a save: the title is the page's name, and nothing takes the focus", async () => {
    const res = await get(path);
    expect(title(res.text)).toBe(`${name} | Hartley &amp; Reed`);
    expect(status(res.text)).toBeUndefined();
    expect(res.text).not.toMatch(/ autofocus(="")?[ >]/);
  });
});
