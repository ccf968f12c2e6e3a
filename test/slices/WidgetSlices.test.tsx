/**
 * The widget slices editors place (reviews, privacy_policy): the slot the vendor's script fills,
 * with validated settings, where the deployment has the widget; a quiet link or nothing where
 * it has not.
 */
import type { LinkField, RichTextField } from "@prismicio/client";
import { SiteFeaturesContext, NO_FEATURES, type SiteFeatures } from "../../views/siteFeatures";
import PrivacyPolicy from "../../views/slices/PrivacyPolicy";
import Reviews from "../../views/slices/Reviews";
import type { PrivacyPolicySlice, ReviewsSlice } from "../../shared/prismicio-types";
import { SLOT_ATTRIBUTE } from "../../client/pageScripts";
import { SCRIPT_SLOT_ATTRIBUTE } from "../../shared/scriptSlot";
import { visibleText } from "../support/html";
import { renderInSite } from "../support/renderInSite";

const ALL: SiteFeatures = { ...NO_FEATURES, klaviyo: true, reviews: true, privacyPolicy: true };
const emptyLink = { link_type: "Any" } as LinkField;
const webLink = (url: string) => ({ link_type: "Web", url }) as unknown as LinkField;

function reviews(variation: "default" | "product", primary: Record<string, unknown> = {}): ReviewsSlice {
  return {
    slice_type: "reviews",
    slice_label: null,
    id: `reviews$${variation}`,
    variation,
    version: "initial",
    items: [],
    primary: {
      heading: "What our clients say",
      intro: [{ type: "paragraph", text: "Independent reviews.", spans: [] }] as unknown as RichTextField,
      fallback_label: null,
      fallback_link: emptyLink,
      ...(variation === "product" ? { product_id: "shaker-kitchen" } : { location_id: null }),
      ...primary,
    },
  } as unknown as ReviewsSlice;
}

function policy(primary: Record<string, unknown> = {}): PrivacyPolicySlice {
  return {
    slice_type: "privacy_policy",
    slice_label: null,
    id: "privacy_policy$1",
    variation: "default",
    version: "initial",
    items: [],
    primary: {
      policy_id: "hr-privacy-2025",
      fallback_label: "Email us for the full policy",
      fallback_link: webLink("mailto:privacy@example.com"),
      ...primary,
    },
  } as unknown as PrivacyPolicySlice;
}

const render = (element: React.ReactNode, features: SiteFeatures, path = "/") =>
  renderInSite(<SiteFeaturesContext value={features}>{element}</SiteFeaturesContext>, { path });

describe("reviews slice", () => {
  test("with the widget configured: our heading and intro, then an empty slot for the vendor with the region's language", async () => {
    const html = await render(<Reviews slice={reviews("default")} index={3} />, ALL);
    expect(html).toMatch(/^<section class="slice reviews" data-slice-type="reviews" data-variation="default">/);
    expect(html).toContain('<h2 class="reviews__heading">What our clients say</h2>');
    expect(visibleText(html)).toContain("Independent reviews.");
    expect(html).toContain(
      '<div class="script-slot script-slot--reviews reviews__widget" data-script-slot="reviews" data-reviews-lang="en-GB"></div>',
    );
  });

  test("the product variation passes its product id; the default one a location id when given", async () => {
    expect(await render(<Reviews slice={reviews("product")} index={3} />, ALL)).toContain(
      'data-reviews-product="shaker-kitchen"',
    );
    const html = await render(
      <Reviews slice={reviews("default", { location_id: " bath-showroom " })} index={3} />,
      ALL,
      "/us",
    );
    expect(html).toContain('data-reviews-location="bath-showroom"');
    expect(html).toContain('data-reviews-lang="en-US"');
  });

  test.each([["with spaces"], ["<script>"], ["a".repeat(65)], ['x" onload="y']])(
    "an id that is not one (%s) never reaches the widget",
    async (bad) => {
      const location = await render(<Reviews slice={reviews("default", { location_id: bad })} index={3} />, ALL);
      expect(location).toContain('data-script-slot="reviews"');
      expect(location).not.toContain("data-reviews-location");
      // Product reviews without a valid product: no widget (it would show the wrong reviews), and no fallback given: nothing.
      expect(await render(<Reviews slice={reviews("product", { product_id: bad })} index={3} />, ALL)).toBe("");
    },
  );

  test("without REVIEWS_WIDGET_SRC: nothing, or the editor's quiet link", async () => {
    expect(await render(<Reviews slice={reviews("default")} index={3} />, NO_FEATURES)).toBe("");
    const html = await render(
      <Reviews
        slice={reviews("product", {
          fallback_label: "Read our reviews",
          fallback_link: webLink("https://reviews.example/hr"),
        })}
        index={3}
      />,
      NO_FEATURES,
    );
    expect(html).not.toContain("script-slot");
    expect(html).toMatch(
      /<p class="reviews__fallback"><a href="https:\/\/reviews.example\/hr" rel="noopener noreferrer" target="_blank">Read our reviews<\/a><\/p>/,
    );
  });

  test("the first slice of a page owns the h1", async () => {
    expect(await render(<Reviews slice={reviews("default")} index={0} />, ALL)).toContain(
      '<h1 class="reviews__heading">',
    );
  });
});

describe("privacy_policy slice", () => {
  test("with the generator configured: an empty slot with the policy id and the region's language", async () => {
    const html = await render(<PrivacyPolicy slice={policy()} index={2} />, ALL, "/us");
    expect(html).toBe(
      '<section class="slice privacy-policy" data-slice-type="privacy_policy" data-variation="default">' +
        '<div class="script-slot script-slot--privacy-policy privacy-policy__embed" data-script-slot="privacy-policy" data-policy-id="hr-privacy-2025" data-policy-lang="en-US"></div></section>',
    );
  });

  test("without PRIVACY_POLICY_SCRIPT_SRC, or with an id that is not one: the editor's link", async () => {
    for (const [features, primary] of [
      [NO_FEATURES, {}],
      [ALL, { policy_id: "no spaces allowed" }],
    ] as const) {
      const html = await render(<PrivacyPolicy slice={policy(primary)} index={2} />, features);
      expect(html).not.toContain("script-slot");
      expect(html).toContain(
        '<p class="privacy-policy__fallback"><a href="mailto:privacy@example.com">Email us for the full policy</a></p>',
      );
    }
  });

  test("without the generator and without a fallback link: nothing", async () => {
    expect(await render(<PrivacyPolicy slice={policy({ fallback_label: null })} index={2} />, NO_FEATURES)).toBe("");
    expect(
      await render(
        <PrivacyPolicy slice={policy({ fallback_link: { link_type: "Web", url: "javascript:alert(1)" } })} index={2} />,
        NO_FEATURES,
      ),
    ).toBe("");
  });
});

test("the browser looks for the slots by the attribute the views write", () => {
  expect(SLOT_ATTRIBUTE).toBe(SCRIPT_SLOT_ATTRIBUTE);
});
