/**
 * Preload (`node --import`) for the built server in hosted mode on a machine without Prismic:
 * requests to Prismic's hosts (`https://<repository>.cdn.prismic.io/…`) go to
 * PRISMIC_LOOPBACK_ORIGIN instead, everything else is untouched. The scale test points it at the
 * Prismic stand-in (test/support/prismicHttpStandIn.ts); `npm run offline-page` at a closed port,
 * so the site renders its own "back shortly" page. Never used in production.
 */
const origin = process.env.PRISMIC_LOOPBACK_ORIGIN;
if (!origin || !/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) {
  throw new Error("PRISMIC_LOOPBACK_ORIGIN must be http://127.0.0.1:<port>");
}
const inner = globalThis.fetch;
const isPrismic = (url) => url.protocol === "https:" && /(^|\.)prismic\.io$/.test(url.hostname);

globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!isPrismic(url)) return inner(input, init);
  const local = new URL(url.pathname + url.search, origin);
  return inner(input instanceof Request ? new Request(local, input) : local, init);
};
