/**
 * The samples page's swatches carry the samples form's choice themselves (a checkbox on each,
 * joined to the form by its `form` attribute): the page tells the form so through this context,
 * and the form then asks only for the address (docs/requests.md).
 */
import { createContext, useContext } from "react";

export interface SampleChoice {
  /** The samples form's id, which the swatches' checkboxes name. */
  formId: string;
}

export const SampleChoiceContext = createContext<SampleChoice | null>(null);
export const useSampleChoice = () => useContext(SampleChoiceContext);

/** The samples form's id on the samples page. */
export const SAMPLES_FORM_ID = "request-samples-form";
