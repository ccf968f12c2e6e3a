/**
 * The tag settings (docs/behaviour.md section 4): each tag configured by one validated setting and left
 * out when unset; the head carries the Consent Mode default before any tag, the public
 * configuration, and the CMP and Tag Manager loaders, all with the response's nonce; the CSP
 * lets the configured tags reach their hosts and nothing more.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import vm from "node:vm";
import request from "supertest";
import { ConfigError, loadConfig } from "../server/config";
import { CONSENT_DEFAULT, US_OPT_OUT_DEFAULT } from "../server/tags/tagHead";
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

  test("US_CONSENT_MODEL is opt-in unless set to opt-out; anything else stops start-up naming it", () => {
    expect(load({}).US_CONSENT_MODEL).toBe("opt-in");
    expect(load({ US_CONSENT_MODEL: "opt-out" }).US_CONSENT_MODEL).toBe("opt-out");
    for (const value of ["optout", "OPT-OUT", "yes"])
      expect(configError({ US_CONSENT_MODEL: value })).toContain(
        "US_CONSENT_MODEL: opt-in (ask first, the default) or opt-out",
      );
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
      gtmSrc: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD",
      klaviyoSrc: "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123",
      reviewsWidgetSrc: "https://widget.reviews.example/embed.js",
      privacyPolicySrc: null,
      usConsentModel: "opt-in",
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

describe("the head's consent defaults per region, and Global Privacy Control", () => {
  /** Runs the head's inline scripts as a browser would, with or without the signal: the dataLayer and the scripts they add. */
  async function runHead(env: Record<string, string>, gpc: boolean) {
    const res = await request(createTestApp({ env: { GTM_ID: "GTM-AB12CD", ...env } }).app).get("/us");
    const head = res.text.slice(0, res.text.indexOf("</head>"));
    const added: string[] = [];
    const page: Record<string, unknown> = {
      navigator: gpc ? { globalPrivacyControl: true } : {},
      document: {
        createElement: () => ({
          setAttribute(name: string, value: string) {
            if (name === "src") added.push(value);
          },
        }),
        head: { appendChild: () => {} },
      },
    };
    page.window = page;
    const context = vm.createContext(page);
    for (const script of scriptsOf(head).filter((s) => !attribute(s.attributes, "type")))
      vm.runInContext(script.body, context);
    const layer = (page.dataLayer as unknown[]).map((e) =>
      typeof e === "object" && e && "length" in e ? Array.from(e as ArrayLike<unknown>) : e,
    );
    return {
      layer,
      added,
      config: JSON.parse(scriptsOf(head).find((s) => attribute(s.attributes, "id") === "site-config")!.body),
    };
  }
  const grantedInTheUs = {
    ...Object.fromEntries(Object.keys(CONSENT_DEFAULT).map((k) => [k, "granted"])),
    wait_for_update: 500,
    region: ["US"],
  };
  const marketingDenied = {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    personalization_storage: "denied",
  };

  test("opt-in (the default): one global default, everything denied; Tag Manager loads without the signal", async () => {
    const { layer, added, config } = await runHead({}, false);
    expect(layer).toEqual([
      ["consent", "default", CONSENT_DEFAULT],
      { "gtm.start": expect.any(Number), event: "gtm.js" },
    ]);
    expect(added).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"]);
    expect(config.usConsentModel).toBe("opt-in");
  });

  test("opt-in with the signal: the same default, and neither Tag Manager's start nor its script", async () => {
    const { layer, added } = await runHead({}, true);
    expect(layer).toEqual([["consent", "default", CONSENT_DEFAULT]]);
    expect(added).toEqual([]);
  });

  test("opt-out: the global default denies (the UK, the EEA, the rest), a default for the US region grants", async () => {
    const { layer, added, config } = await runHead({ US_CONSENT_MODEL: "opt-out" }, false);
    expect(layer).toEqual([
      ["consent", "default", CONSENT_DEFAULT],
      ["consent", "default", grantedInTheUs],
      { "gtm.start": expect.any(Number), event: "gtm.js" },
    ]);
    expect(US_OPT_OUT_DEFAULT).toEqual(grantedInTheUs);
    expect(added).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"]);
    expect(config.usConsentModel).toBe("opt-out");
  });

  test("opt-out with the signal: the US default keeps the marketing signals (the ad signals among them) denied, and no Tag Manager", async () => {
    const { layer, added } = await runHead({ US_CONSENT_MODEL: "opt-out" }, true);
    expect(layer).toEqual([
      ["consent", "default", CONSENT_DEFAULT],
      ["consent", "default", { ...grantedInTheUs, ...marketingDenied }],
    ]);
    expect(added).toEqual([]);
  });

  test("the head is the same bytes for every visitor: the signal is read by its scripts, never by the server", async () => {
    const app = createTestApp({ env: { GTM_ID: "GTM-AB12CD", US_CONSENT_MODEL: "opt-out" } }).app;
    const plain = await request(app).get("/us");
    const signalled = await request(app).get("/us").set("Sec-GPC", "1");
    expect(signalled.text).toBe(plain.text);
    expect(signalled.headers.vary ?? "").not.toMatch(/sec-gpc/i);
  });
});
