import { useLoaderData, useLocation } from "react-router";
import type { RequestSentData } from "../../shared/pageData";
import { localeFromPath, localizePath } from "../../shared/locales";
import { RequestSent } from "../parts/requestForm/RequestSent";
import { SiteLink } from "../parts/SiteLink";

/**
 * The confirmation a request sent without script is answered with (post/redirect/get: a reload
 * sends nothing again). The same page for everyone, so it is cached like any other; it says what
 * happens next.
 */
export default function RequestSentPage() {
  const { kind } = useLoaderData() as RequestSentData;
  const { pathname } = useLocation();
  return (
    <article className="page page--content page--request-sent">
      <RequestSent kind={kind} headingLevel={1} />
      <p>
        <SiteLink className="button button--outlined" href={localizePath("/", localeFromPath(pathname))}>
          Back to the home page
        </SiteLink>
      </p>
    </article>
  );
}
