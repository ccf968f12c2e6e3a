import { Suspense, type ComponentType } from "react";
import type { Slice } from "@prismicio/client";
import CtaBand from "./CtaBand";
import Faq from "./Faq";
import FeatureGrid from "./FeatureGrid";
import Hero from "./Hero";
import ImageGallery from "./ImageGallery";
import ImageWithText from "./ImageWithText";
import PrivacyPolicy from "./PrivacyPolicy";
import ProductCards from "./ProductCards";
import ProjectFacts from "./ProjectFacts";
import Reviews from "./Reviews";
import SampleSwatches from "./SampleSwatches";
import Steps from "./Steps";
import Testimonial from "./Testimonial";
import TextBlock from "./TextBlock";
import VideoEmbed from "./VideoEmbed";

/** The slice library: slice_type → view. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const sliceComponents: Record<string, ComponentType<{ slice: any; index: number }>> = {
  hero: Hero,
  text_block: TextBlock,
  image_with_text: ImageWithText,
  image_gallery: ImageGallery,
  feature_grid: FeatureGrid,
  testimonial: Testimonial,
  product_cards: ProductCards,
  faq: Faq,
  cta_band: CtaBand,
  video_embed: VideoEmbed,
  steps: Steps,
  sample_swatches: SampleSwatches,
  project_facts: ProjectFacts,
  reviews: Reviews,
  privacy_policy: PrivacyPolicy,
};

/**
 * Renders a slice zone. An unknown slice type renders nothing in production and a visible
 * placeholder in development, so a model added in Prismic before its view never breaks a page.
 * Each slice is a Suspense boundary of its own: nothing in a slice suspends, but in the browser
 * React hydrates each boundary as separate work it can pause between (the slice under the
 * visitor's finger first), so waking the app never blocks the main thread for a whole page.
 */
export function Slices({ slices, afterHeading = false }: { slices: readonly Slice[] | null | undefined; afterHeading?: boolean }) {
  // A slice at index 0 owns the page's h1 and main image; when the page template already has
  // its own h1 (and main image), the zone starts at 1 so no slice claims them again.
  const first = afterHeading ? 1 : 0;
  return (
    <>
      {(slices ?? []).map((slice, index) => {
        const View = sliceComponents[slice.slice_type];
        const key = (slice as { id?: string }).id ?? `${slice.slice_type}-${index}`;
        if (View) {
          return (
            <Suspense key={key} fallback={null}>
              <View slice={slice} index={index + first} />
            </Suspense>
          );
        }
        return process.env.NODE_ENV === "production" ? null : (
          <section key={key} className="slice slice--missing" data-slice-type={slice.slice_type}>
            Missing view for slice type “{slice.slice_type}”
          </section>
        );
      })}
    </>
  );
}
