/**
 * The way to the privacy choices without script (docs/tracking-privacy.md, "Without script"):
 * the footer's "Cookie settings" (UK) and "Your Privacy Choices" with its icon (US) are links in
 * the page as served, the same for every visitor; the privacy choices page is a server-rendered
 * form, the same for every visitor; and its POST (server/consent/privacyChoicesForm.ts) answers
 * with the consent cookie exactly as the built-in banner writes it (shared/consentCookie.ts) for
 * that region's consent model and the browser's Global Privacy Control signal, after refusing
 * posts from other sites and anything that is not the form.
 */
import request from "supertest";
import { CONSENT_COOKIE_MAX_AGE_S, parseConsentCookie } from "../shared/consentCookie";
import { createTestApp } from "./support/testApp";

const SITE = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
/** A tag that needs consent, so the built-in banner is the consent manager (server/tags/publicConfig.ts). */
const TAGS = { GTM_ID: "GTM-TEST123", GTM_SRC: "http://127.0.0.1:9/gtm.js" };

const optIn = createTestApp({ env: TAGS }).app;
const optOut = createTestApp({ env: { ...TAGS, US_CONSENT_MODEL: "opt-out" } }).app;

const page = (app: typeof optIn, path: string, cookie?: string) => {
  const req = request(app).get(path).set("User-Agent", BROWSER);
  return cookie ? req.set("Cookie", cookie) : req;
};
/** A form post as a browser sends it from the site's own page; a header given as "" is left out. */
const post = (app: typeof optIn, path: string, form: string, headers: Record<string, string> = {}) => {
  const all: Record<string, string> = {
    Origin: SITE,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": "application/x-www-form-urlencoded",
    ...headers,
  };
  return request(app)
    .post(path)
    .set(Object.fromEntries(Object.entries(all).filter(([, value]) => value !== "")))
    .send(form);
};

/** The footer's brand column, where the link is. */
const footerBrand = (html: string) => html.match(/<div class="site-footer__brand">[\s\S]*?<\/div>/)?.[0] ?? "";

describe("the footer's link to the choices is in the page as served", () => {
  test.each(["/", "/gallery", "/info/about-us", "/info/blog", "/materials/samples", "/privacy-choices"])(
    "UK %s: “Cookie settings”, a link to /privacy-choices",
    async (path) => {
      const res = await page(optIn, path);
      expect(res.status).toBe(200);
      expect(footerBrand(res.text)).toContain(
        '<a class="cookie-settings-button" href="/privacy-choices" data-consent-settings="">Cookie settings</a>',
      );
      expect(res.text).not.toContain("Your Privacy Choices");
    },
  );

  test.each(["/us", "/us/gallery", "/us/info/about-us", "/us/info/blog", "/us/privacy-choices"])(
    "US %s: “Your Privacy Choices” with its icon, a link to /us/privacy-choices",
    async (path) => {
      const brand = footerBrand((await page(optOut, path)).text);
      const link = brand.match(/<a class="privacy-choices-button" href="\/us\/privacy-choices"[^>]*>([\s\S]*?)<\/a>/);
      expect(link).not.toBeNull();
      // The icon, drawn, hidden from the accessibility tree; the link's name is its words.
      expect(link![1]).toMatch(/^<svg class="privacy-choices-button__icon"[^>]*aria-hidden="true"/);
      expect(link![1].replace(/<svg[\s\S]*<\/svg>/, "")).toBe("Your Privacy Choices");
      expect(brand).not.toContain("Cookie settings");
    },
  );

  test("the same page for every visitor: a stored choice changes no byte, and no page sets a cookie", async () => {
    for (const path of ["/", "/us", "/privacy-choices", "/us/privacy-choices"]) {
      const plain = await page(optOut, path);
      const chosen = await page(
        optOut,
        path,
        `consent=${encodeURIComponent('{"v":1,"functional":true,"marketing":false,"ts":1}')}`,
      );
      expect(chosen.text).toBe(plain.text);
      expect(plain.headers["set-cookie"]).toBeUndefined();
      expect(chosen.headers["set-cookie"]).toBeUndefined();
    }
  });

  test("without a tag that needs consent there is nothing to choose: no link, and the page says so", async () => {
    const { app } = createTestApp();
    expect((await page(app, "/")).text).not.toContain("cookie-settings-button");
    expect((await page(app, "/us")).text).not.toContain("privacy-choices-button");
    const choices = await page(app, "/privacy-choices");
    expect(choices.text).toContain("This site uses no optional cookies, so there is nothing to choose.");
    expect(choices.text).not.toContain("<form");
    expect((await post(app, "/privacy-choices", "choice=accept-all")).status).toBe(405);
  });
});

describe("the privacy choices page", () => {
  const form = (html: string) => html.match(/<form[\s\S]*?<\/form>/)?.[0] ?? "";
  const checkbox = (html: string, name: string) =>
    html.match(new RegExp(`<input type="checkbox"[^>]*name="${name}"[^>]*>`))?.[0];

  test("UK: a form posting to itself, the switches off until the visitor says yes, three buttons", async () => {
    const res = await page(optIn, "/privacy-choices");
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1 class="page__title">Cookie settings</h1>');
    expect(res.text).toContain("<title>Cookie settings | Hartley &amp; Reed</title>");
    const html = form(res.text);
    expect(html).toMatch(/^<form [^>]*action="\/privacy-choices" method="post">/);
    expect(checkbox(html, "functional")).not.toContain("checked");
    expect(checkbox(html, "marketing")).not.toContain("checked");
    expect(html).toContain(
      '<label for="choice-marketing" class="privacy-choices__label">Marketing and analytics</label>',
    );
    expect(
      [...html.matchAll(/<button type="submit" value="([a-z-]+)"[^>]* name="choice">([^<]+)<\/button>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ["save", "Save choices"],
      ["accept-all", "Accept all"],
      ["reject-all", "Reject all"],
    ]);
    expect(html).toContain("If your browser sends Global Privacy Control, we honour it");
    expect(res.text).not.toContain('role="status"');
  });

  test("US under opt-out: sale and sharing is on until the visitor opts out; under opt-in it is off", async () => {
    const out = form((await page(optOut, "/us/privacy-choices")).text);
    expect(out).toMatch(/^<form [^>]*action="\/us\/privacy-choices" method="post">/);
    expect(out).toContain(
      '<label for="choice-marketing" class="privacy-choices__label">Sale, sharing and targeted advertising</label>',
    );
    expect(checkbox(out, "marketing")).toContain("checked");
    expect(checkbox(out, "functional")).toContain("checked");
    const into = form((await page(optIn, "/us/privacy-choices")).text);
    expect(checkbox(into, "marketing")).not.toContain("checked");
  });

  test("after a post, ?saved=1 says the choices are saved, as a status that takes the focus", async () => {
    const res = await page(optIn, "/privacy-choices?saved=1");
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '<p class="privacy-choices__saved" role="status" tabindex="-1" autofocus="">Your choices are saved for this browser.</p>',
    );
  });
});

describe("POST /privacy-choices answers with the banner's consent cookie", () => {
  /** The consent cookie the answer sets: its value as the banner's parser reads it, and its attributes. */
  function consentSet(res: request.Response) {
    const headers = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    expect(headers).toHaveLength(1);
    const [pair, ...attributes] = headers[0].split("; ");
    const [name, raw] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    const text = decodeURIComponent(raw);
    return { name, raw, json: JSON.parse(text), parsed: parseConsentCookie(text), attributes };
  }

  test.each([
    [
      "UK, save with functional ticked",
      optIn,
      "/privacy-choices",
      "functional=on&choice=save",
      {},
      { functional: true, marketing: false },
    ],
    ["UK, accept all", optIn, "/privacy-choices", "choice=accept-all", {}, { functional: true, marketing: true }],
    [
      "UK, reject all (boxes ticked are not read)",
      optIn,
      "/privacy-choices",
      "functional=on&marketing=on&choice=reject-all",
      {},
      { functional: false, marketing: false },
    ],
    [
      "UK, accept all with GPC: not marketing",
      optIn,
      "/privacy-choices",
      "choice=accept-all",
      { "Sec-GPC": "1" },
      { functional: true, marketing: false },
    ],
    [
      "UK, marketing ticked and saved over GPC: the override",
      optIn,
      "/privacy-choices",
      "marketing=on&choice=save",
      { "Sec-GPC": "1" },
      { functional: false, marketing: true, gpc_opt_in: true },
    ],
    [
      "US opt-in, save marketing",
      optIn,
      "/us/privacy-choices",
      "marketing=on&choice=save",
      {},
      { functional: false, marketing: true },
    ],
    [
      "US opt-out, opted out",
      optOut,
      "/us/privacy-choices",
      "functional=on&choice=save",
      {},
      { functional: true, marketing: false, model: "opt-out" },
    ],
    [
      "US opt-out, reject all",
      optOut,
      "/us/privacy-choices",
      "choice=reject-all",
      {},
      { functional: false, marketing: false, model: "opt-out" },
    ],
    [
      "US opt-out, accept all with GPC",
      optOut,
      "/us/privacy-choices",
      "choice=accept-all",
      { "Sec-GPC": "1" },
      { functional: true, marketing: false, model: "opt-out" },
    ],
    [
      "UK page under opt-out: the UK is opt-in",
      optOut,
      "/privacy-choices",
      "choice=accept-all",
      {},
      { functional: true, marketing: true },
    ],
  ])("%s", async (_name, app, path, body, headers, stored) => {
    const before = Date.now();
    const res = await post(app, path, body, headers);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${path}?saved=1`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = consentSet(res);
    expect(cookie.name).toBe("consent");
    // The banner's format, field for field and in its order, with the time of the answer.
    expect(cookie.json).toEqual({ v: 1, ...stored, ts: expect.any(Number) });
    expect(Object.keys(cookie.json)).toEqual(["v", "functional", "marketing", "ts", ...Object.keys(stored).slice(2)]);
    expect(cookie.json.ts).toBeGreaterThanOrEqual(before);
    expect(cookie.raw).toBe(encodeURIComponent(JSON.stringify(cookie.json)));
    expect(cookie.parsed).not.toBeNull();
    // As client/cookies.ts writes it: 180 days, the whole site, SameSite=Lax, readable by the banner.
    expect(cookie.attributes).toEqual(
      expect.arrayContaining([`Max-Age=${CONSENT_COOKIE_MAX_AGE_S}`, "Path=/", "SameSite=Lax"]),
    );
    expect(cookie.attributes.join(";")).not.toMatch(/HttpOnly|Secure|Domain/i);
  });

  test("Secure over HTTPS, as the banner writes it there", async () => {
    const { app } = createTestApp({ env: { ...TAGS, SITE_URL: "https://www.example.com", TRUST_PROXY: "loopback" } });
    const res = await post(app, "/privacy-choices", "choice=reject-all", {
      Origin: "https://www.example.com",
      "X-Forwarded-Proto": "https",
    });
    expect(res.status).toBe(303);
    expect(String(res.headers["set-cookie"])).toContain("; Secure");
  });

  test.each(["/US/Privacy-Choices/", "/us/Privacy-Choices", "/us/privacy-choices/"])(
    "another spelling of the path (%s) is not the form's: the generic answer, no cookie (docs/security.md)",
    async (path) => {
      const res = await post(optOut, path, "choice=reject-all");
      expect([404, 405]).toContain(res.status);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers["set-cookie"]).toBeUndefined();
    },
  );
});

describe("POST /privacy-choices refuses what is not the site's own form, and sets nothing", () => {
  test.each([
    ["no Origin", { Origin: "" }, 403],
    ["another site's Origin", { Origin: "https://evil.example" }, 403],
    ["Origin null", { Origin: "null" }, 403],
    ["the site's origin on another port", { Origin: "http://localhost:3001" }, 403],
    // Compared as sent: a browser sends the serialized origin, never user info, a path or capitals.
    ["the site's host with credentials before it", { Origin: "http://evil@localhost:3000" }, 403],
    ["the site's origin with a trailing slash", { Origin: "http://localhost:3000/" }, 403],
    ["the site's origin in capitals", { Origin: "HTTP://LOCALHOST:3000" }, 403],
    ["a cross-site fetch with the site's Origin", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["a same-site (other subdomain) fetch", { "Sec-Fetch-Site": "same-site" }, 403],
  ])("%s: %d", async (_name, headers, status) => {
    const res = await post(optIn, "/privacy-choices", "choice=accept-all", headers as Record<string, string>);
    expect(res.status).toBe(status);
    expect(res.text).toBe("Your choices can only be sent from this site's own page.");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("without Sec-Fetch-Site (an older browser), the Origin alone decides", async () => {
    const res = await post(optIn, "/privacy-choices", "choice=accept-all", { "Sec-Fetch-Site": "" });
    expect(res.status).toBe(303);
  });

  test.each([
    ["no choice", "functional=on", 400, "choice: save, accept-all or reject-all"],
    ["an unknown choice", "choice=sell-everything", 400, "choice: save, accept-all or reject-all"],
    ["a box with another value", "functional=yes&choice=save", 400, "functional: on, or left out"],
    ["a field the form has not", "choice=save&analytics=on", 400, ""],
    ["a field twice", "choice=save&choice=accept-all", 400, "choice: save, accept-all or reject-all"],
    ["more fields than the form has", "choice=save&functional=on&marketing=on&x=1", 413, ""],
    ["a body larger than the form", `choice=save&functional=${"a".repeat(2000)}`, 413, ""],
  ])("%s: %d", async (_name, body, status, message) => {
    const res = await post(optIn, "/privacy-choices", body);
    expect(res.status).toBe(status);
    if (message) expect(res.text).toBe(message);
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  test("JSON, or the form as another type: 415", async () => {
    const json = await post(optIn, "/privacy-choices", '{"choice":"accept-all"}', {
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(415);
    const text = await post(optIn, "/privacy-choices", "choice=accept-all", { "Content-Type": "text/plain" });
    expect(text.status).toBe(415);
    expect(json.headers["set-cookie"]).toBeUndefined();
  });

  test("with the hosted consent manager (Usercentrics) the form is not there: its cookie is not ours to write", async () => {
    const { app } = createTestApp({ env: { ...TAGS, USERCENTRICS_SETTINGS_ID: "abcDEF123" } });
    const res = await post(app, "/privacy-choices", "choice=accept-all");
    expect(res.status).toBe(405);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const choices = await page(app, "/privacy-choices");
    expect(choices.text).not.toContain("<form");
    expect(choices.text).toContain('data-consent-settings="">Open cookie settings</a>');
  });
});
