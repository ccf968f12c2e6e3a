import { useLoaderData } from "react-router";
import type { SamplesData } from "../../shared/pageData";
import * as prismic from "@prismicio/client";
import { FixedImage } from "../parts/ResponsiveImage";
import { FIXED_IMAGE_WIDTHS } from "../../shared/imageWidths";
import { RichText } from "../parts/RichText";
import { Slices } from "../parts/SliceZone";

export default function SamplesPage() {
  const { document } = useLoaderData() as SamplesData;
  return (
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
          </li>
        ))}
      </ul>
      <Slices slices={document.data.slices} afterHeading />
    </article>
  );
}
