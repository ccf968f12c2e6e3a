import { sliceAnchor } from "../../../shared/anchors";
import type { KlaviyoFormSlice } from "../../../shared/prismicio-types";
import { KIND_TEXTS, type RequestKind } from "../../../shared/requests/requestKinds";
import { RichText } from "../../parts/RichText";
import { levelBelow } from "../../parts/headingOutline";
import { PlacedRequestForm } from "../../parts/requestForm/PlacedRequestForm";
import { useSiteFeatures } from "../../siteFeatures";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type KlaviyoFormProps = {
  slice: KlaviyoFormSlice;
  /** Position in the slice zone: the first slice owns the page's h1. */
  index: number;
};

/** The `fallback` Select's options (model.json), as editors read them, to the request kind each is. */
export const FALLBACK_KINDS: Record<string, RequestKind> = {
  "Showroom visit": "visit",
  "Video consultation": "consultation",
  Samples: "samples",
  Quote: "quote",
};

/** The model's default, and what an option this code does not know becomes: a quote, which both regions offer. */
const DEFAULT_KIND: RequestKind = "quote";

/**
 * shared/klaviyoFormId.ts's rule (the footer's form id's), spelled out: imported here as well as
 * into the entry (client/klaviyoForms.ts), the build split it into a chunk of its own, one more
 * request before interaction on every page (test/klaviyoFormSlice.test.tsx checks they agree).
 */
export const KLAVIYO_FORM_ID = /^[A-Za-z0-9]{1,40}$/;

/** Empty, and declared as set by hand: React never hydrates nor replaces the form Klaviyo writes into it. */
const FILLED_BY_KLAVIYO = { __html: "" };

/**
 * A Klaviyo sign-up form placed by editors, with one of the site's own request forms in its place
 * (docs/requests.md, "Klaviyo's own forms"). The server renders the request form, and beside it,
 * with Klaviyo configured and a form id that is one (letters and digits, as the footer's), the
 * empty `klaviyo-form-{id}` element Klaviyo's script fills. The request form is hidden only once
 * Klaviyo has drawn its form there, by client/klaviyoFallback.ts, which only pages with this slice
 * load (`data-klaviyo-fallback`): without script, consent, Klaviyo or in time, the request form is
 * what the visitor has. The request kind follows the RequestForm slice's rule: a kind the page's
 * region does not offer is the form of the region that does.
 */
export default function KlaviyoForm({ slice, index }: KlaviyoFormProps) {
  const { klaviyo } = useSiteFeatures();
  const { heading, intro, form_id, fallback, anchor } = slice.primary;
  const kind = fallback && Object.hasOwn(FALLBACK_KINDS, fallback) ? FALLBACK_KINDS[fallback] : DEFAULT_KIND;
  const klaviyoId = klaviyo && form_id && KLAVIYO_FORM_ID.test(form_id) ? form_id : null;
  const Heading = index === 0 ? "h1" : "h2";
  return (
    <section
      className="slice request-form klaviyo-signup"
      id={sliceAnchor(anchor, "signup-form")}
      data-slice-type="klaviyo_form"
      data-variation={slice.variation}
      data-klaviyo-fallback={klaviyoId ?? undefined}
    >
      <div className="request-form__inner">
        <Heading className="request-form__heading">{heading || KIND_TEXTS[kind].title}</Heading>
        <RichText field={intro} className="rich-text request-form__intro" headingLevel={levelBelow(Heading)} />
        {klaviyoId ? (
          <div
            className={`klaviyo-form-${klaviyoId}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React leaves alone the form Klaviyo puts here
            dangerouslySetInnerHTML={FILLED_BY_KLAVIYO}
            suppressHydrationWarning
          />
        ) : null}
        {/* client/klaviyoFallback.ts sets `hidden` here once Klaviyo's form is drawn: not React's to compare. */}
        <div className="klaviyo-signup__own" data-klaviyo-fallback-form suppressHydrationWarning>
          <PlacedRequestForm kind={kind} formIdPrefix="signup" headingLevel={index === 0 ? 2 : 3} />
        </div>
      </div>
    </section>
  );
}
