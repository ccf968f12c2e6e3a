/** The `feature_grid` shared slice as Prismic delivers it (views/slices/FeatureGrid/model.json). */
import type { KeyTextField, RichTextField, SelectField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

/** The icons the model offers (a Select field); each is drawn inline by FeatureIcon. */
export const FEATURE_ICONS = ["ruler", "dovetail", "leaf", "clock", "pound", "truck"] as const;
export type FeatureIconName = (typeof FEATURE_ICONS)[number];

export type FeatureGridPrimary = {
  heading: KeyTextField;
  intro: RichTextField;
};

export type FeatureGridItem = {
  icon: SelectField<FeatureIconName>;
  title: KeyTextField;
  text: RichTextField;
};

export type FeatureGridSliceDefault = SharedSliceVariation<"default", FeatureGridPrimary, FeatureGridItem>;

export type FeatureGridSliceVariation = FeatureGridSliceDefault;

export type FeatureGridSlice = SharedSlice<"feature_grid", FeatureGridSliceVariation>;

export interface FeatureGridProps {
  slice: FeatureGridSlice;
  index: number;
}
