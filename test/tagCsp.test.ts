/**
 * What the configured tags may reach (server/tags/tagCsp.ts): each configured script's own origin
 * for connect-src and img-src (frame-src for Tag Manager and the widgets), plus the hosts a
 * vendor's production script is known to call; nothing for a tag that is not configured, and no
 * vendor hosts for a script served from elsewhere (a local stand-in).
 */
import { tagCspSources } from "../server/tags/tagCsp";
import { DEFAULT_TAG_SOURCES, type TagSettings } from "../server/tags/tagSettings";

const settings = (fields: Partial<TagSettings> = {}): TagSettings => ({
  ...DEFAULT_TAG_SOURCES,
  US_CONSENT_MODEL: "opt-in",
  ...fields,
});

test("no tag configured: nothing added", () => {
  expect(tagCspSources(settings())).toEqual({ connectSrc: [], imgSrc: [], frameSrc: [] });
});

test("Tag Manager: its origin everywhere, Google's and Meta's hosts for its requests and pixels", () => {
  const sources = tagCspSources(settings({ GTM_ID: "GTM-ABC123" }));
  expect(sources.frameSrc).toEqual(["https://www.googletagmanager.com"]);
  expect(sources.connectSrc).toEqual(
    expect.arrayContaining([
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://www.facebook.com",
    ]),
  );
  expect(sources.imgSrc).toEqual(
    expect.arrayContaining(["https://*.googletagmanager.com", "https://www.facebook.com"]),
  );
});

test("Klaviyo: its script's origin and its hosts, never a frame", () => {
  const sources = tagCspSources(settings({ KLAVIYO_COMPANY_ID: "AbC123" }));
  expect(sources.connectSrc).toEqual(["https://static.klaviyo.com", "https://*.klaviyo.com"]);
  expect(sources.imgSrc).toEqual(["https://static.klaviyo.com", "https://*.klaviyo.com"]);
  expect(sources.frameSrc).toEqual([]);
});

test("Usercentrics only with its settings id", () => {
  expect(
    tagCspSources(settings({ USERCENTRICS_SRC: "https://web.cmp.usercentrics.eu/ui/loader.js" })).connectSrc,
  ).toEqual([]);
  expect(tagCspSources(settings({ USERCENTRICS_SETTINGS_ID: "abcd1234" })).connectSrc).toEqual([
    "https://web.cmp.usercentrics.eu",
    "https://*.usercentrics.eu",
  ]);
});

test("the widgets: their script's origin, frames included", () => {
  const sources = tagCspSources(
    settings({
      REVIEWS_WIDGET_SRC: "https://widget.reviews.example/w.js",
      PRIVACY_POLICY_SCRIPT_SRC: "https://policies.example/embed.js",
    }),
  );
  expect(sources.frameSrc).toEqual(["https://widget.reviews.example", "https://policies.example"]);
  expect(sources.connectSrc).toEqual(["https://widget.reviews.example", "https://policies.example"]);
});

test("a vendor's script from a local stand-in: that origin only, none of the vendor's hosts", () => {
  const sources = tagCspSources(settings({ GTM_ID: "GTM-ABC123", GTM_SRC: "http://127.0.0.1:9999/gtm.js" }));
  expect(sources).toEqual({
    connectSrc: ["http://127.0.0.1:9999"],
    imgSrc: ["http://127.0.0.1:9999"],
    frameSrc: ["http://127.0.0.1:9999"],
  });
});

test("a look-alike host gets none of the vendor's hosts", () => {
  const sources = tagCspSources(
    settings({ GTM_ID: "GTM-ABC123", GTM_SRC: "https://googletagmanager.com.evil.example/gtm.js" }),
  );
  expect(sources.connectSrc).toEqual(["https://googletagmanager.com.evil.example"]);
});

test("each source once, however many tags share it", () => {
  const sources = tagCspSources(
    settings({ REVIEWS_WIDGET_SRC: "https://cdn.example/a.js", PRIVACY_POLICY_SCRIPT_SRC: "https://cdn.example/b.js" }),
  );
  expect(sources.frameSrc).toEqual(["https://cdn.example"]);
});
