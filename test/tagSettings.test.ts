/**
 * The tag settings' checks (server/tags/tagSettings.ts): script URLs are https (plain http only on
 * this machine), without credentials or fragment; ids have their vendor's shape; unset tags are
 * left out and the script URLs default to production.
 */
import { z } from "zod";
import { DEFAULT_TAG_SOURCES, isScriptUrl, tagSettingsShape } from "../server/tags/tagSettings";

const schema = z.object(tagSettingsShape);

test.each([
  ["https://www.googletagmanager.com/gtm.js", true],
  ["http://127.0.0.1:8080/gtm.js", true],
  ["http://localhost/gtm.js", true],
  ["http://[::1]:9/gtm.js", true],
  ["http://www.googletagmanager.com/gtm.js", false],
  ["https://user:secret@cdn.example/x.js", false],
  ["https://cdn.example/x.js#frag", false],
  ["javascript:alert(1)", false],
  ["//cdn.example/x.js", false],
  ["not a url", false],
])("isScriptUrl(%s) is %s", (url, ok) => {
  expect(isScriptUrl(url)).toBe(ok);
});

test("unset: no tag, production script URLs", () => {
  expect(schema.parse({})).toEqual({ ...DEFAULT_TAG_SOURCES, US_CONSENT_MODEL: "opt-in" });
});

test.each([
  ["GTM_ID", "GTM-ABC123", true],
  ["GTM_ID", "gtm-abc123", false],
  ["GTM_ID", "GTM-", false],
  ["KLAVIYO_COMPANY_ID", "AbC123", true],
  ["KLAVIYO_COMPANY_ID", "AbC1234", false],
  ["KLAVIYO_COMPANY_ID", "AbC-12", false],
  ["USERCENTRICS_SETTINGS_ID", "abcd_12-XY", true],
  ["USERCENTRICS_SETTINGS_ID", "abc", false],
  ["REVIEWS_WIDGET_SRC", "https://widget.reviews.example/w.js", true],
  ["REVIEWS_WIDGET_SRC", "http://widget.reviews.example/w.js", false],
  ["GTM_SRC", "http://127.0.0.1:9999/gtm.js", true],
  ["GTM_SRC", "ftp://cdn.example/gtm.js", false],
])("%s=%s is %s", (name, value, ok) => {
  const result = schema.safeParse({ [name]: value });
  expect(result.success).toBe(ok);
  if (!ok) expect(result.error!.issues[0].path).toEqual([name]);
});
