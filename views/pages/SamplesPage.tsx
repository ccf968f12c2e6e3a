import { useLoaderData } from "react-router";
import type { SamplesData } from "../../shared/pageData";
import * as prismic from "@prismicio/client";
import { FixedImage } from "../parts/ResponsiveImage";
import { FIXED_IMAGE_WIDTHS } from "../../shared/imageWidths";
import { RichText } from "../parts/RichText";
import { Slices } from "../parts/SliceZone";
import { SAMPLES_FORM_ID, SampleChoiceContext } from "../parts/requestForm/sampleChoice";

/**
 * The samples page. When editors place the samples request form on it, each swatch carries the
 * choice (a checkbox joined to that form by its `form` attribute, so it posts without script)
 * and the form asks only for the address (docs/requests.md).
 */
export default function SamplesPage() {
  const { document } = useLoaderData() as SamplesData;
  const ordering = document.data.slices.some(
    (slice) => slice.slice_type === "request_form" && slice.variation === "samples",
  );
  return (
    <SampleChoiceContext.Provider value={ordering ? { formId: SAMPLES_FORM_ID } : null}>
      <article className="page page--samples">
        <header className="page__header">
          <p className="eyebrow">Materials</p>
          <h1 className="page__title">{document.data.title}</h1>
          <RichText field={document.data.intro} className="rich-text page__lede" />
        </header>
        <ul className="swatch-grid">
          {document.data.swatches.map((swatch, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order (names may repeat)
            <li key={`${swatch.name}-${i}`} className="swatch">
              {prismic.isFilled.image(swatch.image) ? (
                <FixedImage
                  field={swatch.image}
                  width={FIXED_IMAGE_WIDTHS.sampleChip}
                  className="swatch__chip"
                  fallbackAlt={swatch.name ?? ""}
                />
              ) : (
                // An SVG fill, not a style attribute: the CSP allows no inline styles.
                <svg className="swatch__chip" viewBox="0 0 10 10" aria-hidden="true">
                  <rect width="10" height="10" fill={swatch.colour ?? "#d9d4cc"} />
                </svg>
              )}
              <span className="swatch__name">{swatch.name}</span>
              <span className="swatch__meta">{[swatch.material, swatch.finish].filter(Boolean).join(", ")}</span>
              {ordering && swatch.name ? (
                <span className="swatch__choice choice">
                  <input
                    className="choice__input"
                    type="checkbox"
                    id={`sample-${i}`}
                    name="samples"
                    value={swatch.name}
                    form={SAMPLES_FORM_ID}
                  />
                  <label className="choice__label" htmlFor={`sample-${i}`}>
                    Order a sample<span className="visually-hidden"> of {swatch.name}</span>
                  </label>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <Slices slices={document.data.slices} afterHeading />
      </article>
    </SampleChoiceContext.Provider>
  );
}
