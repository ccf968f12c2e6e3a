import { useLocation } from "react-router";
import type { RequestFormSlice } from "../../../shared/prismicio-types";
import { localeFromPath, localizePath } from "../../../shared/locales";
import { regionFromPath } from "../../../shared/region";
import { isRequestKind, KIND_TEXTS, offersKind } from "../../../shared/requests/requestKinds";
import { pageRoute } from "../../../shared/routeTable";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { SiteLink } from "../../parts/SiteLink";
import { RequestFormBody } from "../../parts/requestForm/RequestFormBody";
import { SAMPLES_FORM_ID, useSampleChoice } from "../../parts/requestForm/sampleChoice";

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
  const { pathname } = useLocation();
  const sampleChoice = useSampleChoice();
  const kind = slice.variation;
  if (!isRequestKind(kind)) return null;
  // A kind only the other region offers (a consultation placed on a gb page, or the slice
  // simulator's page) is that region's form, posting to that region's address.
  const formPath = offersKind(regionFromPath(pathname), kind) ? pathname : offersKind("us", kind) ? "/us" : "/";
  const { heading, intro, submit_label, anchor } = slice.primary;
  const Heading = index === 0 ? "h1" : "h2";
  const title = heading || KIND_TEXTS[kind].title;
  const id = anchor?.trim() || `request-${kind}`;
  const samplesHere = kind !== "samples" || sampleChoice !== null;
  return (
    <section className="slice request-form" id={id} data-slice-type="request_form" data-variation={kind}>
      <div className="request-form__inner">
        <Heading className="request-form__heading">{title}</Heading>
        <RichText field={intro} className="rich-text request-form__intro" headingLevel={levelBelow(Heading)} />
        {samplesHere ? (
          <RequestFormBody
            kind={kind}
            pagePath={formPath}
            sourcePage={pathname}
            formId={kind === "samples" ? SAMPLES_FORM_ID : `request-${kind}-form`}
            submitLabel={submit_label}
            headingLevel={index === 0 ? 2 : 3}
          />
        ) : (
          <p>
            <SiteLink
              className="button button--solid"
              href={`${localizePath(pageRoute("materials-samples").path, localeFromPath(formPath))}#${SAMPLES_FORM_ID}`}
            >
              Choose your samples
            </SiteLink>
          </p>
        )}
      </div>
    </section>
  );
}
