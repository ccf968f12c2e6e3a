import type { Content } from "../sliceTypes";
import { RichText } from "../../parts/RichText";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver } from "../../siteData";

/** Opening statement of a page: eyebrow, heading, a line of copy and one call to action. */
export default function Hero({ slice, index }: Content.SliceProps<"hero">) {
  const resolve = useLinkResolver();
  const { eyebrow, heading, subheading, cta_label, cta_link } = slice.primary;
  const href = resolve(cta_link);
  const HeadingTag = index === 0 ? "h1" : "h2";
  return (
    <section className="slice hero" data-slice-type="hero" data-variation={slice.variation}>
      <div className="hero__copy">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        {heading ? <HeadingTag className="hero__heading">{heading}</HeadingTag> : null}
        <RichText field={subheading} className="hero__sub" />
        {href && cta_label ? (
          <SiteLink href={href} className="button button--solid">
            {cta_label}
          </SiteLink>
        ) : null}
      </div>
    </section>
  );
}
