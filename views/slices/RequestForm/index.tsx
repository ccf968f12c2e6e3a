import { sliceAnchor } from "../../../shared/anchors";
import type { RequestFormSlice } from "../../../shared/prismicio-types";
import { isRequestKind, KIND_TEXTS } from "../../../shared/requests/requestKinds";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { PlacedRequestForm } from "../../parts/requestForm/PlacedRequestForm";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type RequestFormProps = {
  slice: RequestFormSlice;
  /** Position in the slice zone: the first slice owns the page's h1. */
  index: number;
};

/**
 * A first-party request form placed by editors (docs/requests.md): a showroom visit, a video
 * consultation, samples or a quote. The editor words the heading, intro and button; the questions
 * and their rules are the site's. A kind the page's region does not offer (a showroom visit on a
 * US page) is the form of the region that does. Samples are chosen on the samples page's
 * swatches: elsewhere the slice leads there.
 */
export default function RequestForm({ slice, index }: RequestFormProps) {
  const kind = slice.variation;
  if (!isRequestKind(kind)) return null;
  const { heading, intro, submit_label, anchor } = slice.primary;
  const Heading = index === 0 ? "h1" : "h2";
  const title = heading || KIND_TEXTS[kind].title;
  const id = sliceAnchor(anchor, `request-${kind}`);
  return (
    <section className="slice request-form" id={id} data-slice-type="request_form" data-variation={kind}>
      <div className="request-form__inner">
        <Heading className="request-form__heading">{title}</Heading>
        <RichText field={intro} className="rich-text request-form__intro" headingLevel={levelBelow(Heading)} />
        <PlacedRequestForm
          kind={kind}
          formIdPrefix="request"
          submitLabel={submit_label}
          headingLevel={index === 0 ? 2 : 3}
        />
      </div>
    </section>
  );
}
