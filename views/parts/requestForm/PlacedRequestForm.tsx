/**
 * A request form as a slice places it on a page (the RequestForm slice, and the KlaviyoForm slice's
 * own form): a kind only the other region offers (a consultation on a gb page, the slice
 * simulator's page) is that region's form, posting to that region's address; samples are chosen on
 * the samples page's swatches, so elsewhere the form leads there (docs/requests.md).
 */
import { useLocation } from "react-router";
import { localeFromPath, localizePath } from "../../../shared/locales";
import { regionFromPath } from "../../../shared/region";
import { offersKind, type RequestKind } from "../../../shared/requests/requestKinds";
import { pageRoute } from "../../../shared/routeTable";
import { SiteLink } from "../SiteLink";
import { RequestFormBody } from "./RequestFormBody";
import { SAMPLES_FORM_ID, useSampleChoice } from "./sampleChoice";

export function PlacedRequestForm({
  kind,
  formIdPrefix,
  submitLabel,
  headingLevel,
}: {
  kind: RequestKind;
  /** The form's id is `{prefix}-{kind}-form` (the samples form's is the one the swatches name). */
  formIdPrefix: string;
  submitLabel?: string | null;
  headingLevel: 2 | 3;
}) {
  const { pathname } = useLocation();
  const sampleChoice = useSampleChoice();
  const formPath = offersKind(regionFromPath(pathname), kind) ? pathname : offersKind("us", kind) ? "/us" : "/";
  if (kind === "samples" && sampleChoice === null)
    return (
      <p>
        <SiteLink
          className="button button--solid"
          href={`${localizePath(pageRoute("materials-samples").path, localeFromPath(formPath))}#${SAMPLES_FORM_ID}`}
        >
          Choose your samples
        </SiteLink>
      </p>
    );
  return (
    <RequestFormBody
      kind={kind}
      pagePath={formPath}
      sourcePage={pathname}
      formId={kind === "samples" ? SAMPLES_FORM_ID : `${formIdPrefix}-${kind}-form`}
      submitLabel={submitLabel}
      headingLevel={headingLevel}
    />
  );
}
