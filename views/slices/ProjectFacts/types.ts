/** The `project_facts` shared slice (model.json in this folder). */
import type { ImageField, KeyTextField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type ProjectFactsSliceFactsPrimary = {
  heading: KeyTextField;
};

export type ProjectFactsSliceFactsItem = {
  label: KeyTextField;
  value: KeyTextField;
};

/** A definition list of project facts: Location, Completed, Style, Timber, Worktop, Lead time… */
export type ProjectFactsSliceFacts = SharedSliceVariation<"facts", ProjectFactsSliceFactsPrimary, ProjectFactsSliceFactsItem>;

export type ProjectFactsSliceBeforeAfterPrimary = {
  heading: KeyTextField;
  before_image: ImageField;
  after_image: ImageField;
  before_label: KeyTextField;
  after_label: KeyTextField;
  caption: KeyTextField;
};

/** Two images compared, each labelled. */
export type ProjectFactsSliceBeforeAfter = SharedSliceVariation<"beforeAfter", ProjectFactsSliceBeforeAfterPrimary, never>;

export type ProjectFactsSlice = SharedSlice<"project_facts", ProjectFactsSliceFacts | ProjectFactsSliceBeforeAfter>;
