import * as prismic from "@prismicio/client";
import { BeforeAfter } from "./BeforeAfter";
import type {
  ProjectFactsSlice,
  ProjectFactsSliceBeforeAfter,
  ProjectFactsSliceFacts,
} from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type ProjectFactsProps = {
  slice: ProjectFactsSlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

const factsOf = (slice: ProjectFactsSliceFacts) =>
  slice.items.filter((item) => prismic.isFilled.keyText(item.label) && prismic.isFilled.keyText(item.value));

const hasComparison = (slice: ProjectFactsSliceBeforeAfter) =>
  prismic.isFilled.image(slice.primary.before_image) || prismic.isFilled.image(slice.primary.after_image);

function Facts({ slice }: { slice: ProjectFactsSliceFacts }) {
  const facts = factsOf(slice);
  return facts.length ? (
    <dl className="project-facts__list">
      {facts.map((fact, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: Prismic repeatable items have no id and keep their order
        <div className="project-facts__fact" key={i}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  ) : null;
}

function Comparison({ slice }: { slice: ProjectFactsSliceBeforeAfter }) {
  const { before_image, after_image, before_label, after_label, caption } = slice.primary;
  return (
    <BeforeAfter
      before={before_image}
      after={after_image}
      beforeLabel={before_label || "Before"}
      afterLabel={after_label || "After"}
      caption={caption}
    />
  );
}

/** The facts of a project as a definition list, or a labelled before/after comparison. */
export default function ProjectFacts({ slice, index }: ProjectFactsProps) {
  const Heading = index === 0 ? "h1" : "h2";
  const { heading } = slice.primary;
  const body =
    slice.variation === "beforeAfter"
      ? hasComparison(slice) && <Comparison slice={slice} />
      : factsOf(slice).length > 0 && <Facts slice={slice} />;
  if (!heading && !body) return null;
  return (
    <section
      className={`slice project-facts project-facts--${slice.variation}`}
      data-slice-type="project_facts"
      data-variation={slice.variation}
    >
      {heading ? <Heading className="project-facts__heading">{heading}</Heading> : null}
      {body}
    </section>
  );
}
