import { ResponsiveImage } from "../../parts/ResponsiveImage";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver } from "../../siteData";
import type { ProductCardsSlice, ProductCardsSliceDefaultItem } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type ProductCardsProps = {
  slice: ProductCardsSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/** One column on mobile, two from sm, three from md (about 360 px at most). */
export const PRODUCT_CARD_SIZES = "(min-width: 1280px) 360px, (min-width: 960px) 30vw, (min-width: 600px) 45vw, 90vw";

function Card({
  item,
  href,
  TitleTag,
}: {
  item: ProductCardsSliceDefaultItem;
  href: string | null;
  TitleTag: "h2" | "h3";
}) {
  const { image, title, text, link_label } = item;
  // The link is the card's call to action (or its title when there is no label); its
  // ::after covers the card, so the whole card is clickable with one short link name.
  const titled = href && !link_label;
  return (
    <li className={href ? "product-cards__card product-cards__card--link" : "product-cards__card"}>
      <ResponsiveImage field={image} sizes={PRODUCT_CARD_SIZES} className="product-cards__image" />
      <div className="product-cards__body">
        {title ? (
          <TitleTag className="product-cards__title">
            {titled ? (
              <SiteLink href={href} className="product-cards__link">
                {title}
              </SiteLink>
            ) : (
              title
            )}
          </TitleTag>
        ) : null}
        {text ? <p className="product-cards__text">{text}</p> : null}
        {href && link_label ? (
          <SiteLink href={href} className="product-cards__link product-cards__cta">
            {link_label}
            {title ? <span className="visually-hidden">: {title}</span> : null}
          </SiteLink>
        ) : null}
      </div>
    </li>
  );
}

/** Cards leading to ranges or pages; a card whose link resolves to nothing is shown, but is not a link. */
export default function ProductCards({ slice }: ProductCardsProps) {
  const resolve = useLinkResolver();
  const { heading, intro } = slice.primary;
  const TitleTag = heading ? "h3" : "h2";
  const items = slice.items.filter((item) => item.title || item.text || item.image?.url);
  return (
    <section className="slice product-cards" data-slice-type="product_cards" data-variation={slice.variation}>
      {heading || intro?.length ? (
        <header className="product-cards__head">
          {heading ? <h2 className="product-cards__heading">{heading}</h2> : null}
          <RichText field={intro} className="product-cards__intro" headingLevel={levelBelow(heading && "h2")} />
        </header>
      ) : null}
      {items.length ? (
        <ul className="product-cards__list">
          {items.map((item, i) => {
            const href = resolve(item.link);
            return (
              <Card
                // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
                key={i}
                item={item}
                href={href && (item.title || item.link_label) ? href : null}
                TitleTag={TitleTag}
              />
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
