// Code generated from the slice folders of views/slices
// by this project's Slice Machine adapter (packages/slicemachine-adapter). DO NOT EDIT:
// `npm run prismic:types` rewrites it, and so does Slice Machine on every model change.

import CtaBand from "./CtaBand";
import Faq from "./Faq";
import FeatureGrid from "./FeatureGrid";
import Hero from "./Hero";
import ImageGallery from "./ImageGallery";
import ImageWithText from "./ImageWithText";
import KlaviyoForm from "./KlaviyoForm";
import PrivacyPolicy from "./PrivacyPolicy";
import ProductCards from "./ProductCards";
import ProjectFacts from "./ProjectFacts";
import RequestForm from "./RequestForm";
import Reviews from "./Reviews";
import SampleSwatches from "./SampleSwatches";
import Steps from "./Steps";
import Testimonial from "./Testimonial";
import TextBlock from "./TextBlock";
import VideoEmbed from "./VideoEmbed";

/** The slice library: slice_type → view. */
export const components = {
  "cta_band": CtaBand,
  "faq": Faq,
  "feature_grid": FeatureGrid,
  "hero": Hero,
  "image_gallery": ImageGallery,
  "image_with_text": ImageWithText,
  "klaviyo_form": KlaviyoForm,
  "privacy_policy": PrivacyPolicy,
  "product_cards": ProductCards,
  "project_facts": ProjectFacts,
  "request_form": RequestForm,
  "reviews": Reviews,
  "sample_swatches": SampleSwatches,
  "steps": Steps,
  "testimonial": Testimonial,
  "text_block": TextBlock,
  "video_embed": VideoEmbed,
};
