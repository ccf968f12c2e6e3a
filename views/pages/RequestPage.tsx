import { useActionData, useLoaderData, useLocation } from "react-router";
import type { RequestFormAnswer, RequestPageData } from "../../shared/pageData";
import { KIND_TEXTS } from "../../shared/requests/requestKinds";
import { RequestFormBody } from "../parts/requestForm/RequestFormBody";

/**
 * A request form on its own page, `/requests/{kind}` (docs/requests.md): where every form posts,
 * so a form sent without script and refused comes back here with its errors and every answer kept;
 * also a plain page to link to. Samples are chosen from the region's swatches, listed in the form.
 */
export default function RequestPage() {
  const { kind, samples } = useLoaderData() as RequestPageData;
  const answer = useActionData() as RequestFormAnswer | undefined;
  const { pathname } = useLocation();
  const texts = KIND_TEXTS[kind];
  return (
    <article className="page page--content page--request">
      <h1 className="page__title">{texts.title}</h1>
      <div className="request-form request-form--page">
        <RequestFormBody
          kind={kind}
          pagePath={pathname}
          sourcePage={typeof answer?.values.page === "string" ? answer.values.page : pathname}
          formId={`request-${kind}-form`}
          samples={samples}
          answer={answer ?? null}
        />
      </div>
    </article>
  );
}
