import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { localizePath } from "../../shared/locales";
import { ACCESSIBILITY_STATEMENT_PATH } from "../../shared/routeTable";
import { SITE_NAME } from "../../shared/site";
import { DevErrorDetails } from "../parts/DevErrorDetails";
import { HeadSync } from "../parts/HeadSync";
import { useLocale } from "../siteData";

/**
 * The error layout and not-found screen (docs/behaviour.md section 2.7): full height, centred, "404",
 * "Oops! Page Not Found" and an outlined "Go Back Home" button to the region's root.
 * Its footer links to the accessibility statement, as every page's does.
 * Unhandled errors land here too; their details never reach the page. When the
 * content service is down (503) the same layout says so kindly instead. Development builds add
 * the error's message and stack (views/parts/DevErrorDetails.tsx).
 */
export function ErrorScreen() {
  const error = useRouteError();
  const locale = useLocale();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unavailable = status === 503;
  return (
    <div className="layout layout--error">
      <HeadSync fallbackTitle={unavailable ? `Back shortly | ${SITE_NAME}` : `Page not found | ${SITE_NAME}`} />
      <header className="error-header">
        <Link to={localizePath("/", locale)} className="brand">
          {SITE_NAME}
        </Link>
      </header>
      <main id="main" className="not-found" data-status={status}>
        {unavailable ? (
          <>
            <h1 className="not-found__title">We’ll be back shortly</h1>
            <p className="not-found__text">This page is taking a short break. Please try again in a minute.</p>
          </>
        ) : (
          <>
            <p className="not-found__code" aria-hidden="true">
              404
            </p>
            <h1 className="not-found__title">Oops! Page Not Found</h1>
          </>
        )}
        <DevErrorDetails error={error} />
        <Link to={localizePath("/", locale)} className="button button--outlined">
          Go Back Home
        </Link>
      </main>
      <footer className="error-footer">
        <Link to={localizePath(ACCESSIBILITY_STATEMENT_PATH, locale)}>Accessibility statement</Link>
      </footer>
    </div>
  );
}

export default ErrorScreen;
