/** Pages that carry the email-marketing embed (docs/behaviour.md section 2.6): the page flag, or a slice with a Klaviyo form. */
import { carriesEmailMarketingEmbed } from "../shared/emailMarketing";
import { readDocument } from "./support/contentFiles";

test("a page with klaviyo_embed set carries the embed; one without does not", () => {
  expect(carriesEmailMarketingEmbed(readDocument("en-gb", "page", "book-appointment"))).toBe(true);
  expect(carriesEmailMarketingEmbed(readDocument("en-gb", "page", "about-us"))).toBe(false);
  expect(carriesEmailMarketingEmbed({ data: { klaviyo_embed: false, slices: [] } })).toBe(false);
});

test.each([
  ["a Klaviyo slice type", { slice_type: "klaviyo_form", primary: {}, items: [] }],
  ["a filled klaviyo field", { slice_type: "cta_band", primary: { klaviyo_form_id: "XyZ123" }, items: [] }],
  [
    "a klaviyo field in the repeatable items",
    { slice_type: "cta_band", primary: {}, items: [{ klaviyo_form_id: "XyZ123" }] },
  ],
  [
    "an embed from Klaviyo",
    {
      slice_type: "video_embed",
      primary: { embed: { provider_name: "Klaviyo", embed_url: "https://www.klaviyo.com/forms/x" } },
      items: [],
    },
  ],
])("a slice that embeds a Klaviyo form flags the page: %s", (_name, slice) => {
  expect(carriesEmailMarketingEmbed({ data: { slices: [slice] } })).toBe(true);
});

test("an empty klaviyo field, another provider's embed or no data flag nothing", () => {
  const slices = [
    { slice_type: "cta_band", primary: { klaviyo_form_id: "" }, items: [] },
    {
      slice_type: "video_embed",
      primary: { embed: { provider_name: "YouTube", embed_url: "https://www.youtube.com/watch?v=x" } },
      items: [],
    },
  ];
  expect(carriesEmailMarketingEmbed({ data: { slices } })).toBe(false);
  expect(carriesEmailMarketingEmbed(null)).toBe(false);
  expect(carriesEmailMarketingEmbed({})).toBe(false);
});

test.each([
  ["its URL on klaviyo.com, without a provider name", { embed_url: "https://static.klaviyo.com/forms/x" }],
  ["its URL on klaviyo.com itself", { provider_name: null, embed_url: "https://klaviyo.com/forms/x" }],
  [
    "Klaviyo named as provider, the URL elsewhere",
    { provider_name: "Klaviyo", embed_url: "https://forms.example.com/x" },
  ],
])("an embed from Klaviyo is recognised by its provider or its URL: %s", (_name, embed) => {
  const slice = { slice_type: "video_embed", primary: { heading: "Sign up", embed }, items: [] };
  expect(carriesEmailMarketingEmbed({ data: { slices: [slice] } })).toBe(true);
});

test.each([
  ["a URL that only mentions klaviyo.com", { embed_url: "https://forms.example.com/?next=https://www.klaviyo.com/" }],
  ["a host that merely ends in klaviyo", { embed_url: "https://notklaviyo.com/forms/x" }],
  [
    "a provider name and URL that are not text",
    { provider_name: ["Klaviyo"], embed_url: ["https://www.klaviyo.com/forms/x"] },
  ],
])("an embed from elsewhere flags nothing: %s", (_name, embed) => {
  const slice = { slice_type: "video_embed", primary: { embed }, items: [] };
  expect(carriesEmailMarketingEmbed({ data: { slices: [slice] } })).toBe(false);
});

test("a klaviyo field counts when it holds anything: text, true, a list with an entry", () => {
  for (const value of ["XyZ123", true, ["XyZ123"]]) {
    const slice = { slice_type: "cta_band", primary: { title: "Stay in touch", klaviyo_form: value }, items: [] };
    expect({ value, flagged: carriesEmailMarketingEmbed({ data: { slices: [slice] } }) }).toEqual({
      value,
      flagged: true,
    });
  }
});

test("empty klaviyo fields (null, undefined, false, empty text or list), empty parts and missing slices flag nothing, without an error", () => {
  for (const value of [null, undefined, false, "", []]) {
    const slice = { slice_type: "cta_band", primary: { title: null, klaviyo_form: value }, items: [{ link: null }] };
    expect({ value, flagged: carriesEmailMarketingEmbed({ data: { slices: [slice] } }) }).toEqual({
      value,
      flagged: false,
    });
  }
  const slices = [
    null,
    { slice_type: "cta_band", primary: null, items: null },
    { slice_type: "cta_band", primary: "text", items: [null] },
  ];
  expect(carriesEmailMarketingEmbed({ data: { slices } })).toBe(false);
});
