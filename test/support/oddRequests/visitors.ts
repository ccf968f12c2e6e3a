/** Odd requests for a page by who asks: region and preview cookies, languages and user agents at the root, forwarded headers. */
import {
  BINGBOT,
  BROWSER,
  type Case,
  HOME,
  ITEM,
  LIST,
  NOT_MODIFIED,
  OTHER_REPOSITORY,
  PRIVATE,
  PRIVATE_HOME,
  REFUSED_PREVIEW,
  TO_US,
  TRACKER_ONLY,
  VERIFIED_PREVIEW,
  browser,
  crawler,
  head,
  hit,
  inm,
  proxied,
  respelled,
  slow,
} from "./case";

const COOKIES: Case[] = [
  slow("the us cookie at / (en-GB browser)", HOME, browser("en-GB", { Cookie: "i18n_redirected=us" }), TO_US),
  hit("the gb cookie at / (en-US browser)", HOME, browser("en-US", { Cookie: "i18n_redirected=gb" })),
  slow(
    "an unknown region cookie at / (en-US browser)",
    HOME,
    browser("en-US", { Cookie: "i18n_redirected=fr" }),
    TO_US,
  ),
  hit("a junk region cookie at / (en-GB browser)", HOME, browser("en-GB", { Cookie: "i18n_redirected=%3Cs%3E; x=1" })),
  slow("the us cookie at / for a crawler", HOME, crawler(undefined, { Cookie: "i18n_redirected=us" }), TO_US),
  hit("the us cookie on another page", LIST, { Cookie: "i18n_redirected=us" }),
  slow("/ with a campaign (en-US browser)", "/?utm_source=x", browser("en-US"), {
    ...TO_US,
    location: "/us?utm_source=x",
  }),
  // A bare word is a ref's shape (the toolbar writes the plain ref): asked about once, refused,
  // answered with published content and the cookie cleared, so kept by no shared cache.
  slow("a junk preview cookie", LIST, { Cookie: "io.prismic.preview=junk; other=1" }, PRIVATE_HOME),
  slow(
    "a junk preview cookie at / (en-GB browser)",
    HOME,
    browser("en-GB", { Cookie: "io.prismic.preview=junk" }),
    PRIVATE_HOME,
  ),
  hit("the preview toolbar's tracker alone", LIST, { Cookie: TRACKER_ONLY }),
  hit("another repository's preview", LIST, { Cookie: OTHER_REPOSITORY }),
  slow("a verified preview", LIST, { Cookie: VERIFIED_PREVIEW }, { status: 200, cacheControl: PRIVATE }),
  slow("a verified preview at / (en-US browser)", HOME, browser("en-US", { Cookie: VERIFIED_PREVIEW }), PRIVATE_HOME),
  slow("a refused preview token", LIST, { Cookie: REFUSED_PREVIEW }, { status: 200, cacheControl: PRIVATE }),
];

const LANGUAGES_AND_AGENTS: Case[] = [
  hit("a browser, no Accept-Language", HOME, { "User-Agent": BROWSER }),
  hit("a browser, en-GB", HOME, browser("en-GB")),
  slow("a browser, en-US", HOME, browser("en-US"), TO_US),
  slow("a browser, en-us", HOME, browser("en-us"), TO_US),
  slow("a browser, en-US then en", HOME, browser("en-US,en;q=0.9"), TO_US),
  slow("a browser, French then en-US", HOME, browser("fr-FR, en-US;q=0.5"), TO_US),
  hit("a browser, en-GB and en-US at one q", HOME, browser("en-GB;q=0.8, en-US;q=0.8")),
  hit("a browser, *", HOME, browser("*")),
  hit("a browser, en-US refused", HOME, browser("en-US;q=0")),
  hit("a browser, a blank Accept-Language", HOME, browser("   ")),
  hit("a browser, a malformed Accept-Language", HOME, browser(";;;q=abc")),
  slow("no user agent, en-US", HOME, { "Accept-Language": "en-US" }, TO_US),
  hit("a crawler, no Accept-Language", HOME, crawler()),
  hit("a crawler, en-GB", HOME, crawler("en-GB")),
  // The crawler exemption keeps it on the gb home, where a browser with these headers is sent to
  // /us: no shared cache may keep this answer (docs/security.md, "Caches and URL spellings").
  slow("a crawler, en-US", HOME, crawler("en-US"), PRIVATE_HOME),
  slow("a crawler, French then en-US", HOME, crawler("fr-FR, en-US;q=0.5", {}, BINGBOT), PRIVATE_HOME),
  hit("a crawler, en-US, with the gb cookie", HOME, crawler("en-US", { Cookie: "i18n_redirected=gb" })),
  slow(
    "a crawler, en-US, with a junk region cookie",
    HOME,
    crawler("en-US", { Cookie: "i18n_redirected=x" }),
    PRIVATE_HOME,
  ),
  slow("curl, en-US", HOME, crawler("en-US", {}, "curl/8.5.0"), PRIVATE_HOME),
  head(slow("a crawler, en-US", HOME, crawler("en-US"), PRIVATE_HOME)),
  hit("a crawler on another page, en-US", LIST, crawler("en-US")),
  hit("a browser on another page, en-US", LIST, browser("en-US")),
  hit("a crawler on the list", LIST, crawler()),
  hit("Node's own user agent on a project", ITEM, { "User-Agent": "node" }),
  hit("a request id that may not be logged as it is", LIST, { "X-Request-Id": "bad id!" }),
];

const https = { "X-Forwarded-Proto": "https" };

const FORWARDED: Case[] = [
  proxied(hit("X-Forwarded-Proto: https", LIST, https)),
  proxied(hit("X-Forwarded-Proto: https, http", LIST, { "X-Forwarded-Proto": "https, http" })),
  proxied(hit("X-Forwarded-Proto: HTTPS", LIST, { "X-Forwarded-Proto": "HTTPS" })),
  proxied(hit("X-Forwarded-Proto: http", LIST, { "X-Forwarded-Proto": "http" })),
  proxied(hit("X-Forwarded-Proto: empty", LIST, { "X-Forwarded-Proto": "" })),
  proxied(hit("X-Forwarded-For and -Proto", LIST, { ...https, "X-Forwarded-For": "203.0.113.9, 198.51.100.2" })),
  proxied(slow("over https at / (en-US browser)", HOME, browser("en-US", https), TO_US)),
  proxied(hit("over https at / (en-GB browser)", HOME, browser("en-GB", https))),
  proxied(slow("over https at / (a crawler, en-US)", HOME, crawler("en-US", https), PRIVATE_HOME)),
  proxied({ ...respelled("/Gallery", LIST, https), name: "over https, /Gallery" }),
  proxied(
    hit(
      "over https, If-None-Match: the tag",
      LIST,
      inm((t) => t.list.identity, https),
      NOT_MODIFIED,
    ),
  ),
  proxied(slow("over https, a refused preview token", LIST, { ...https, Cookie: REFUSED_PREVIEW }, PRIVATE_HOME)),
];

export const VISITORS: Case[] = [...COOKIES, ...LANGUAGES_AND_AGENTS, ...FORWARDED];
