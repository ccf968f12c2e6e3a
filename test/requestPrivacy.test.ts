/**
 * What the privacy policy tells a visitor about their requests (docs/requests.md, "Privacy") is
 * what the site does: the fields each form asks, where a request goes, the "keep me posted" box as
 * the only marketing opt-in, and how long the site keeps it, in days that are the configuration's
 * defaults. Every form links to the policy of its region.
 */
import request from "supertest";
import { loadConfig } from "../server/config";
import { createTestApp } from "./support/testApp";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const { app } = createTestApp();
const get = (path: string) => request(app).get(path).set("User-Agent", BROWSER);
const textOf = (html: string) =>
  (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;|&#x27;|&#39;/g, '"')
    .replace(/\s+/g, " ");
const defaults = loadConfig({});

describe.each([
  ["UK", "", ["showroom"], "/requests/visit"],
  ["US", "/us", ["consultation"], "/us/requests/consultation"],
])("the %s privacy policy on requests", (_region, prefix, kindWords, formPath) => {
  test("says what a request form collects, why, where it goes and that nothing is sold", async () => {
    const text = textOf((await get(`${prefix}/info/privacy-policy`)).text);
    for (const word of [...kindWords, "name, email address", "phone number", "samples", "quote", "Klaviyo"])
      expect(text).toContain(word);
    expect(text).toMatch(/never (sold|send marketing)|do not sell/);
    expect(text).toContain("never sends emails to the address typed into a form");
  });

  test('names "Keep me posted" as the only way a request leads to marketing', async () => {
    const text = textOf((await get(`${prefix}/info/privacy-policy`)).text);
    expect(text).toContain('"Keep me posted"');
  });

  test("gives the retention the site applies by default", async () => {
    const text = textOf((await get(`${prefix}/info/privacy-policy`)).text);
    expect(text).toContain(`${defaults.REQUESTS_RETENTION_DAYS} days after it has reached our team`);
    expect(text).toContain(`${defaults.REQUESTS_FAILED_RETENTION_DAYS} days if it could not be delivered`);
  });

  test("is linked from the region's form", async () => {
    const html = (await get(formPath)).text;
    expect(html).toContain(`href="${prefix}/info/privacy-policy"`);
    expect(html).toContain("how we handle your information");
  });
});

describe('"Keep me posted" starts unticked whatever the visitor or the region says', () => {
  const optOut = createTestApp({ env: { US_CONSENT_MODEL: "opt-out" } }).app;
  const marketingOn = encodeURIComponent(JSON.stringify({ v: 1, functional: true, marketing: true, ts: 1 }));
  test.each([
    ["gb, no choice yet", app, "/requests/quote", {}],
    ["gb, marketing allowed", app, "/requests/quote", { Cookie: `consent=${marketingOn}` }],
    ["us on the opt-out model", optOut, "/us/requests/quote", {}],
    ["us on the opt-out model, Global Privacy Control", optOut, "/us/requests/quote", { "Sec-GPC": "1" }],
    ["us, marketing allowed", app, "/us/requests/samples", { Cookie: `consent=${marketingOn}` }],
  ])("%s", async (_case, server, path, headers) => {
    const html = (await request(server).get(path).set("User-Agent", BROWSER).set(headers)).text;
    const box = html.match(/<input[^>]*name="keep_posted"[^>]*>/g) ?? [];
    expect(box).toHaveLength(1);
    expect(box[0]).toContain('type="checkbox"');
    expect(box[0]).not.toMatch(/\schecked/);
  });
});
