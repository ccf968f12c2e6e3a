/**
 * Development builds only: an unexpected error's message and stack on the error screen, where
 * production shows the plain not-found screen and nothing of the error (build.mjs replaces
 * process.env.NODE_ENV, so production bundles do not contain this markup). The browser receives
 * the message without the stack (React Router strips it from the hydration payload), so the
 * stack's text is allowed to differ when hydrating.
 */
export function DevErrorDetails({ error }: { error: unknown }) {
  if (process.env.NODE_ENV !== "development" || !(error instanceof Error)) return null;
  return (
    <section className="dev-error" data-dev-error>
      <p className="dev-error__message">
        {error.name}: {error.message}
      </p>
      <pre className="dev-error__stack" suppressHydrationWarning>
        {error.stack}
      </pre>
    </section>
  );
}
