import { REVIEWS_ID, validId } from "../../../shared/widgetSettings";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { ScriptSlot } from "../../parts/ScriptSlot";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver, useLocale } from "../../siteData";
import { useSiteFeatures } from "../../siteFeatures";
import type { ReviewsSlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type ReviewsProps = {
  slice: ReviewsSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** The widget's settings from the slice: its language, and the product or location when the id is valid (shared/widgetSettings.ts). */
function widgetSettings(slice: ReviewsProps["slice"], lang: string): Record<string, string> | null {
  const settings: Record<string, string> = { "reviews-lang": lang };
  if (slice.variation === "product") {
    const product = validId(slice.primary.product_id, REVIEWS_ID);
    // Product reviews without a product would show the wrong thing: no widget.
    if (!product) return null;
    settings["reviews-product"] = product;
  } else {
    const location = validId(slice.primary.location_id, REVIEWS_ID);
    if (location) settings["reviews-location"] = location;
  }
  return settings;
}

/**
 * The reviews widget (REVIEWS_WIDGET_SRC), where an editor places it: a heading and intro of
 * ours, then the slot the vendor's script fills (client/pageScripts.ts, with functional
 * consent). Without the setting, or without a valid product id, a quiet link to the reviews
 * elsewhere when the editor gave one, else nothing.
 */
export default function Reviews({ slice, index }: ReviewsProps) {
  const { reviews } = useSiteFeatures();
  const resolve = useLinkResolver();
  const { language } = useLocale();
  const { heading, intro, fallback_label, fallback_link } = slice.primary;
  const settings = reviews ? widgetSettings(slice, language) : null;
  const fallbackHref = !settings && fallback_label ? resolve(fallback_link) : null;
  if (!settings && !fallbackHref) return null;
  const Heading = index === 0 ? "h1" : "h2";
  return (
    <section className="slice reviews" data-slice-type="reviews" data-variation={slice.variation}>
      {heading ? <Heading className="reviews__heading">{heading}</Heading> : null}
      <RichText field={intro} className="reviews__intro" headingLevel={levelBelow(heading && Heading)} />
      {settings ? (
        <ScriptSlot kind="reviews" className="reviews__widget" data={settings} />
      ) : (
        <p className="reviews__fallback">
          <SiteLink href={fallbackHref!}>{fallback_label}</SiteLink>
        </p>
      )}
    </section>
  );
}
