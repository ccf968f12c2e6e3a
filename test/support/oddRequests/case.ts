/**
 * The requests of one corpus of odd requests for a page (test/twoPathsAgree.test.ts sends each
 * through both request paths): what a case is, the pages, cookies, headers and answers the cases
 * are written with. Each request is sent as written (test/support/rawRequest.ts). Where the rule
 * is the point of a case, it says what the answer is; `fast` marks the requests the page cache's
 * fast path answers when it holds the page (server/pageCache/fastHit.ts).
 */
import { previewCookieValue } from "../../../server/preview/previewRoute";

export const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
export const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

export const LIST = "/gallery";
export const ITEM = "/gallery/braybrook-st";
export const MISSING = "/gallery/no-such-project";
export const HOME = "/";

/** Each page's ETag per coding, as the site sends them, for the conditional requests. */
export type Tags = Record<"list" | "home" | "missing", Record<"identity" | "br" | "gzip", string>>;

type Headers = Record<string, string>;

export interface Expected {
  status: number;
  location?: string;
  cacheControl?: string;
}

export interface Case {
  name: string;
  method?: "GET" | "HEAD" | "POST" | "OPTIONS";
  target: string;
  headers?: Headers | ((tags: Tags) => Headers);
  /** The request's body, written exactly as given after the headers (which say how it is framed). */
  body?: string;
  /** Also sent with TRUST_PROXY=loopback (forwarded headers believed), not only with it off. */
  proxied?: boolean;
  /** The fast path answers it when the page is cached. */
  fast?: boolean;
  expected?: Expected;
}

const previewCookie = (token: string) =>
  `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
export const VERIFIED_PREVIEW = previewCookie("https://embedded.invalid/previews/spring-refresh");
/** A made-up token of this repository: asked about once, refused; its answers clear the cookie. */
export const REFUSED_PREVIEW = previewCookie("tmadeup0123456789");
export const OTHER_REPOSITORY = `io.prismic.preview=${encodeURIComponent('{"other.prismic.io":{"preview":"https://other.prismic.io/previews/x"}}')}`;
export const TRACKER_ONLY = `io.prismic.preview=${encodeURIComponent('{"_tracker":"abcdefgh"}')}`;

const SHARED = "public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400";
export const PRIVATE = "private, no-store";
const PAGE: Expected = { status: 200, cacheControl: SHARED };
export const NOT_MODIFIED: Expected = { status: 304, cacheControl: SHARED };
export const NOT_FOUND: Expected = { status: 404 };
/** The gb home kept by no shared cache: a browser with these headers would be sent elsewhere. */
export const PRIVATE_HOME: Expected = { status: 200, cacheControl: PRIVATE };
export const TO_US: Expected = { status: 302, location: "/us", cacheControl: PRIVATE };

export const browser = (acceptLanguage: string, more: Headers = {}): Headers => ({
  "User-Agent": BROWSER,
  "Accept-Language": acceptLanguage,
  ...more,
});
export const crawler = (acceptLanguage?: string, more: Headers = {}, agent = GOOGLEBOT): Headers => ({
  "User-Agent": agent,
  ...(acceptLanguage === undefined ? {} : { "Accept-Language": acceptLanguage }),
  ...more,
});

/** A page the fast path answers. */
export const hit = (name: string, target: string, headers?: Case["headers"], expected = PAGE): Case => ({
  name,
  target,
  headers,
  fast: true,
  expected,
});
/** Another spelling of a page: one 301 for this browser only. */
export const respelled = (target: string, location: string, headers?: Headers): Case => ({
  name: `${target} is spelled ${location}`,
  target,
  headers,
  expected: { status: 301, location, cacheControl: "private, max-age=86400" },
});
/** A request the Express app answers, with what it answers. */
export const slow = (name: string, target: string, headers?: Case["headers"], expected?: Expected): Case => ({
  name,
  target,
  headers,
  expected,
});
export const head = (c: Case): Case => ({ ...c, name: `HEAD: ${c.name}`, method: "HEAD" });
export const proxied = (c: Case): Case => ({ ...c, proxied: true });

export const inm =
  (pick: (tags: Tags) => string, more: Headers = {}) =>
  (tags: Tags) => ({
    "If-None-Match": pick(tags),
    ...more,
  });
