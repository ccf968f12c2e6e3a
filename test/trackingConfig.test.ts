/** The tracking settings of server/config.ts: defaults, TRUST_PROXY forms, and the pairs that must go together. */
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config";
import { metaCredentials } from "../server/outbox/fromConfig";

const ROOT = path.resolve(__dirname, "..");
const load = (env: Record<string, string> = {}) => loadConfig(env, ROOT);
const failure = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

test("defaults: no proxy trusted, 60 events a minute, the SQLite outbox in .data, Meta off", () => {
  const config = load();
  expect(config).toMatchObject({
    TRUST_PROXY: false,
    TRACKING_RATE_LIMIT: 60,
    OUTBOX_STORE: "sqlite",
    DATA_DIR: path.join(ROOT, ".data"),
    META_GRAPH_URL: "https://graph.facebook.com",
    META_API_VERSION: "v21.0",
    OUTBOX_RETENTION_HOURS: 168,
  });
  expect(metaCredentials(config)).toBeUndefined();
});

test.each([
  ["1", 1],
  ["false", false],
  ["loopback", ["loopback"]],
  ["10.0.0.0/8, 2001:db8::/32,192.0.2.1", ["10.0.0.0/8", "2001:db8::/32", "192.0.2.1"]],
])("TRUST_PROXY=%s", (value, expected) => {
  expect(load({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
});

test.each(["true", "everything", "10.0.0.0/33", "1.2.3"])(
  "TRUST_PROXY=%s stops the start naming the variable",
  (value) => {
    expect(failure({ TRUST_PROXY: value })).toContain("TRUST_PROXY");
  },
);

test("Meta credentials come as a pair; the token is kept for the worker", () => {
  expect(failure({ META_PIXEL_ID: "123" })).toContain("META_ACCESS_TOKEN: required when META_PIXEL_ID is set");
  expect(failure({ META_ACCESS_TOKEN: "x" })).toContain("META_PIXEL_ID");
  expect(failure({ META_PIXEL_ID: "abc", META_ACCESS_TOKEN: "x" })).toContain("META_PIXEL_ID");
  const config = load({
    META_PIXEL_ID: "123",
    META_ACCESS_TOKEN: "secret",
    META_TEST_EVENT_CODE: "TEST42",
    META_GRAPH_URL: "http://127.0.0.1:9/",
  });
  expect(metaCredentials(config)).toEqual({
    pixelId: "123",
    accessToken: "secret",
    testEventCode: "TEST42",
    graphUrl: "http://127.0.0.1:9",
    apiVersion: "v21.0",
  });
});

test("the Firestore outbox needs its project id", () => {
  expect(failure({ OUTBOX_STORE: "firestore" })).toContain(
    "FIRESTORE_PROJECT_ID: required when OUTBOX_STORE is firestore",
  );
  expect(load({ OUTBOX_STORE: "firestore", FIRESTORE_PROJECT_ID: "my-project-1" }).OUTBOX_STORE).toBe("firestore");
  expect(failure({ OUTBOX_STORE: "mongo" })).toContain("OUTBOX_STORE");
});

describe("privacy signals and click cookies (server/tracking/trackingSettings.ts)", () => {
  test("defaults: Global Privacy Control opt-outs dropped, cookies at SITE_URL's registrable domain, the policy's date", () => {
    expect(load()).toMatchObject({ TRACKING_GPC: "drop", GPC_LAST_UPDATE: "2026-11-26" });
    expect(load().TRACKING_COOKIE_DOMAIN).toBeUndefined();
    expect(load({ TRACKING_GPC: "ldu" }).TRACKING_GPC).toBe("ldu");
  });

  test.each(["send", "LDU ", "true"])("TRACKING_GPC=%s stops the start naming the variable", (value) => {
    expect(failure({ TRACKING_GPC: value })).toContain("TRACKING_GPC: drop or ldu");
  });

  test("TRACKING_COOKIE_DOMAIN: SITE_URL's host or a parent of it, written any way", () => {
    const site = { SITE_URL: "https://www.shop.example.co.uk" };
    expect(load({ ...site, TRACKING_COOKIE_DOMAIN: ".Shop.Example.co.uk" }).TRACKING_COOKIE_DOMAIN).toBe(
      "shop.example.co.uk",
    );
    expect(load({ ...site, TRACKING_COOKIE_DOMAIN: "www.shop.example.co.uk" }).TRACKING_COOKIE_DOMAIN).toBe(
      "www.shop.example.co.uk",
    );
  });

  test.each([
    ["another site's domain", "https://www.example.com", "example.org", "neither example.org nor under it"],
    ["a public suffix", "https://www.example.co.uk", "co.uk", "public suffix"],
    ["an IP address site", "http://127.0.0.1:3000", "0.0.1", "IP address"],
    ["the default site, localhost", "", "localhost", "public suffix"],
    ["not a domain name", "https://www.example.com", "exa mple.com", "a domain name"],
  ])("TRACKING_COOKIE_DOMAIN refused: %s", (_name, siteUrl, domain, message) => {
    const env: Record<string, string> = { TRACKING_COOKIE_DOMAIN: domain };
    if (siteUrl) env.SITE_URL = siteUrl;
    const text = failure(env);
    expect(text).toContain("TRACKING_COOKIE_DOMAIN");
    expect(text).toContain(message);
  });

  test.each(["26/11/2026", "2026-02-30", "2026-13-01", "yesterday"])(
    "GPC_LAST_UPDATE=%s stops the start naming the variable",
    (value) => {
      expect(failure({ GPC_LAST_UPDATE: value })).toContain("GPC_LAST_UPDATE");
    },
  );
});
