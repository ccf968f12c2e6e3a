/** Pages that carry the email-marketing embed (spec §2.4): the page flag, or a slice with a Klaviyo form. */
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
  ["a klaviyo field in the repeatable items", { slice_type: "cta_band", primary: {}, items: [{ klaviyo_form_id: "XyZ123" }] }],
  ["an embed from Klaviyo", { slice_type: "video_embed", primary: { embed: { provider_name: "Klaviyo", embed_url: "https://www.klaviyo.com/forms/x" } }, items: [] }],
])("a slice that embeds a Klaviyo form flags the page: %s", (_name, slice) => {
  expect(carriesEmailMarketingEmbed({ data: { slices: [slice] } })).toBe(true);
});

test("an empty klaviyo field, another provider's embed or no data flag nothing", () => {
  const slices = [
    { slice_type: "cta_band", primary: { klaviyo_form_id: "" }, items: [] },
    { slice_type: "video_embed", primary: { embed: { provider_name: "YouTube", embed_url: "https://www.youtube.com/watch?v=x" } }, items: [] },
  ];
  expect(carriesEmailMarketingEmbed({ data: { slices } })).toBe(false);
  expect(carriesEmailMarketingEmbed(null)).toBe(false);
  expect(carriesEmailMarketingEmbed({})).toBe(false);
});
