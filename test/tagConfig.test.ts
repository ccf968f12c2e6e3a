/**
 * The tag settings (docs/behaviour.md §4): each tag configured by one validated setting and left
 * out when unset; the head carries the Consent Mode default before any tag, the public
 * configuration, and the CMP and Tag Manager loaders, all with the response's nonce; the CSP
 * lets the configured tags reach their hosts and nothing more.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import { CONSENT_DEFAULT } from "../server/tags/tagHead";
import { attribute, cspDirectives, inlineScriptSources, scriptsOf } from "./support/html";
import { createTestApp, ROOT } from "./support/testApp";

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env }, ROOT);
const configError = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("the settings", () => {
  test.each(["gtm-ABC123", "GTM-abc123", "GTM-", "UA-12345", "GTM-AB 12"])(
    "GTM_ID %j stops start-up naming GTM_ID",
    (id) => {
      expect(configError({ GTM_ID: id })).toMatch(/GTM_ID: a Google Tag Manager id/);
    },
  );

  test("a GTM id of GTM- and upper-case letters or digits is accepted; the script URLs default to production", () => {
    const config = load({ GTM_ID: "GTM-AB12CD" });
    expect(config.GTM_ID).toBe("GTM-AB12CD");
    expect(config.GTM_SRC).toBe("https://www.googletagmanager.com/gtm.js");
    expect(config.KLAVIYO_SRC).toBe("https://static.klaviyo.com/onsite/js/klaviyo.js");
    expect(config.USERCENTRICS_SRC).toBe("https://web.cmp.usercentrics.eu/ui/loader.js");
    expect(config.KLAVIYO_COMPANY_ID).toBeUndefined();
  });

  test.each([
    ["KLAVIYO_COMPANY_ID", "abc"],
    ["KLAVIYO_COMPANY_ID", "AbC12!"],
    ["USERCENTRICS_SETTINGS_ID", "a b"],
    ["KLAVIYO_SRC", "http://cdn.example/klaviyo.js"],
    ["REVIEWS_WIDGET_SRC", "javascript:alert(1)"],
    ["PRIVACY_POLICY_SCRIPT_SRC", "//cdn.example/policy.js"],
    ["GTM_SRC", "https://user:pass@cdn.example/gtm.js"],
  ])("%s=%j stops start-up naming it", (name, value) => {
    expect(configError({ [name]: value })).toContain(`${name}:`);
  });

  test("script URLs may be plain http on this machine only (local stand-ins)", () => {
    expect(load({ KLAVIYO_SRC: "http://127.0.0.1:9999/klaviyo.js" }).KLAVIYO_SRC).toBe(
      "http://127.0.0.1:9999/klaviyo.js",
    );
  });

  test("the built server refuses to start with a bad GTM_ID and names it", () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, "dist/server/index.js")], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", GTM_ID: "GTM-lower" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("GTM_ID");
  });
});

describe("a page without tag settings", () => {
  test("has no consent default, no public configuration and no third-party host in its CSP", async () => {
    const res = await request(createTestApp().app).get("/");
    expect(res.text).not.toContain("gtag(");
    expect(res.text).not.toContain('id="site-config"');
    const csp = cspDirectives(res.headers["content-security-policy"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
  });
});

describe("a page with Tag Manager, Klaviyo and Usercentrics", () => {
  const env = {
    GTM_ID: "GTM-AB12CD",
    KLAVIYO_COMPANY_ID: "AbC123",
    USERCENTRICS_SETTINGS_ID: "XyZ987abc",
    REVIEWS_WIDGET_SRC: "https://widget.reviews.example/embed.js",
  };
  let res: request.Response;
  beforeAll(async () => {
    res = await request(createTestApp({ env }).app).get("/");
  });
  test("the head starts with the Consent Mode default, then the configuration, the CMP loader and Tag Manager's, with no nonce", () => {
    const head = res.text.slice(0, res.text.indexOf("</head>"));
    const scripts = scriptsOf(head);
    expect(
      scripts
        .slice(0, 4)
        .map((s) => attribute(s.attributes, "id") ?? (s.body.includes("createElement") ? "loader" : "inline")),
    ).toEqual(["inline", "site-config", "loader", "loader"]);
    // The loaders add the CMP's and Tag Manager's script elements, with their attributes.
    expect(scripts[2].body).toContain(
      '{"id":"usercentrics-cmp","src":"https://web.cmp.usercentrics.eu/ui/loader.js","data-settings-id":"XyZ987abc","async":""}',
    );
    expect(scripts[3].body).toContain('{"src":"https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD","async":""}');
    for (const script of scripts) expect(attribute(script.attributes, "nonce")).toBeUndefined();
    expect(scripts[0].body).toContain(`gtag("consent","default",${JSON.stringify(CONSENT_DEFAULT)})`);
    expect(CONSENT_DEFAULT).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
      security_storage: "granted",
      wait_for_update: 500,
    });
    expect(head.indexOf("gtm.js?id=")).toBeGreaterThan(head.indexOf('gtag("consent","default"'));
    // Klaviyo waits for consent in the browser: never in the server's markup.
    const loaders = scriptsOf(res.text).filter(
      (s) => s.body.includes("createElement") || attribute(s.attributes, "src"),
    );
    expect(loaders.some((s) => s.body.includes("klaviyo") || attribute(s.attributes, "src")?.includes("klaviyo"))).toBe(
      false,
    );
  });

  test("the public configuration names the tags and the consent manager, and nothing secret", () => {
    const json = scriptsOf(res.text).find((s) => attribute(s.attributes, "id") === "site-config")!;
    expect(attribute(json.attributes, "type")).toBe("application/json");
    expect(JSON.parse(json.body)).toEqual({
      consentManager: "usercentrics",
      gtmId: "GTM-AB12CD",
      klaviyoSrc: "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123",
      reviewsWidgetSrc: "https://widget.reviews.example/embed.js",
      privacyPolicySrc: null,
    });
  });

  test("the CSP lets the tags reach their hosts, admits their loaders only by hash, and has no 'unsafe-inline'", () => {
    const csp = cspDirectives(res.headers["content-security-policy"]);
    expect(csp["script-src"]).toEqual([...inlineScriptSources(res.text), "'strict-dynamic'", "'self'"]);
    expect(res.headers["content-security-policy"]).not.toContain("unsafe-inline");
    for (const host of [
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.klaviyo.com",
      "https://static.klaviyo.com",
      "https://*.usercentrics.eu",
      "https://widget.reviews.example",
    ]) {
      expect(csp["connect-src"]).toContain(host);
    }
    expect(csp["img-src"]).toEqual(
      expect.arrayContaining([
        "https://*.google-analytics.com",
        "https://*.klaviyo.com",
        "https://widget.reviews.example",
      ]),
    );
    expect(csp["frame-src"]).toEqual(
      expect.arrayContaining(["https://www.googletagmanager.com", "https://widget.reviews.example"]),
    );
    expect(csp["frame-src"]).not.toContain("https://static.klaviyo.com");
  });
});

test("with only Tag Manager the built-in banner is the consent manager; with only a privacy policy there is none", async () => {
  const configOf = async (env: Record<string, string>) => {
    const res = await request(createTestApp({ env }).app).get("/");
    return JSON.parse(scriptsOf(res.text).find((s) => attribute(s.attributes, "id") === "site-config")!.body);
  };
  expect(await configOf({ GTM_ID: "GTM-AB12CD" })).toMatchObject({ consentManager: "banner", klaviyoSrc: null });
  expect(await configOf({ PRIVACY_POLICY_SCRIPT_SRC: "https://policy.example/p.js" })).toMatchObject({
    consentManager: null,
    gtmId: null,
    privacyPolicySrc: "https://policy.example/p.js",
  });
});
