/** The `product_cards` shared slice as Prismic delivers it (views/slices/ProductCards/model.json). */
import type { ImageField, KeyTextField, LinkField, RichTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type ProductCardsPrimary = {
  heading: KeyTextField;
  intro: RichTextField;
};

export type ProductCardsItem = {
  image: ImageField;
  title: KeyTextField;
  text: KeyTextField;
  link: LinkField;
  link_label: KeyTextField;
};

export type ProductCardsSliceDefault = SharedSliceVariation<"default", ProductCardsPrimary, ProductCardsItem>;

export type ProductCardsSliceVariation = ProductCardsSliceDefault;

export type ProductCardsSlice = SharedSlice<"product_cards", ProductCardsSliceVariation>;

export interface ProductCardsProps {
  slice: ProductCardsSlice;
  index: number;
}
