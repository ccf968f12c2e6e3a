/** Odd requests for a page by what is asked of it: content codings, methods, conditional requests. */
import {
  type Case,
  HOME,
  ITEM,
  LIST,
  MISSING,
  NOT_FOUND,
  NOT_MODIFIED,
  PRIVATE,
  TO_US,
  browser,
  crawler,
  head,
  hit,
  inm,
  respelled,
  slow,
} from "./case";

const CODINGS = [
  "br",
  "gzip",
  "identity",
  "gzip, deflate, br, zstd",
  "br;q=0",
  "br;q=0, gzip;q=0",
  "*",
  "*;q=0",
  "identity;q=0",
  "identity;q=0, *;q=0",
  "x-br",
  "BR",
  "gzip;q=abc, br;q=0.5",
  "gzip;q=0.5, br;q=0.5",
  "",
];

const ENCODINGS_AND_METHODS: Case[] = [
  ...CODINGS.map((coding) => hit(`Accept-Encoding ${JSON.stringify(coding)}`, LIST, { "Accept-Encoding": coding })),
  hit("brotli at / (en-GB browser)", HOME, browser("en-GB", { "Accept-Encoding": "gzip, deflate, br" })),
  hit("brotli on a page that does not exist", MISSING, { "Accept-Encoding": "br" }, NOT_FOUND),
  head(hit("the list", LIST)),
  head(hit("the list in brotli", LIST, { "Accept-Encoding": "br" })),
  head(slow("/ for an en-US browser", HOME, browser("en-US"), TO_US)),
  head(hit("a page that does not exist", MISSING, undefined, NOT_FOUND)),
  head(respelled("/Gallery", LIST)),
  { ...slow("POST of the list", LIST, undefined, { status: 405 }), method: "POST" },
  { ...slow("OPTIONS of the list", LIST, undefined, { status: 405 }), method: "OPTIONS" },
];

const PAST = "Sat, 01 Jan 2000 00:00:00 GMT";
const FUTURE = "Fri, 01 Jan 2100 00:00:00 GMT";

const CONDITIONALS: Case[] = [
  hit(
    "If-None-Match: the tag",
    LIST,
    inm((t) => t.list.identity),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: the brotli tag, for brotli",
    LIST,
    inm((t) => t.list.br, { "Accept-Encoding": "br" }),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: the plain tag, for brotli",
    LIST,
    inm((t) => t.list.identity, { "Accept-Encoding": "br" }),
  ),
  hit(
    "If-None-Match: the tag, weak",
    LIST,
    inm((t) => `W/${t.list.identity}`),
    NOT_MODIFIED,
  ),
  hit("If-None-Match: *", LIST, { "If-None-Match": "*" }, NOT_MODIFIED),
  hit(
    "If-None-Match: a list holding the tag",
    LIST,
    inm((t) => `"nope", ${t.list.identity}`),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: a list without spaces",
    LIST,
    inm((t) => `"nope",${t.list.identity}`),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: a list with odd spaces",
    LIST,
    inm((t) => `${t.list.identity} ,  "nope"`),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: a list of weak tags",
    LIST,
    inm((t) => `W/"nope", W/${t.list.identity}`),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match: a trailing comma",
    LIST,
    inm((t) => `${t.list.identity},`),
    NOT_MODIFIED,
  ),
  hit("If-None-Match: another tag", LIST, { "If-None-Match": '"nope"' }),
  hit(
    "If-None-Match: the tag unquoted",
    LIST,
    inm((t) => t.list.identity.slice(1, -1)),
  ),
  hit(
    "If-None-Match: another page's tag",
    LIST,
    inm((t) => t.home.identity),
  ),
  // No-cache asks caches to revalidate; the origin still evaluates the condition (docs/request-path.md).
  hit(
    "If-None-Match and no-cache",
    LIST,
    inm((t) => t.list.identity, { "Cache-Control": "no-cache" }),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match and Pragma: no-cache (what Node's fetch adds)",
    LIST,
    inm((t) => t.list.identity, { "Cache-Control": "no-cache", Pragma: "no-cache" }),
    NOT_MODIFIED,
  ),
  hit(
    "If-None-Match and max-age=0",
    LIST,
    inm((t) => t.list.identity, { "Cache-Control": "max-age=0" }),
    NOT_MODIFIED,
  ),
  hit("If-None-Match: * and no-cache", LIST, { "If-None-Match": "*", "Cache-Control": "no-cache" }, NOT_MODIFIED),
  head(
    hit(
      "If-None-Match: the tag",
      LIST,
      inm((t) => t.list.identity),
      NOT_MODIFIED,
    ),
  ),
  head(hit("If-None-Match: *", LIST, { "If-None-Match": "*" }, NOT_MODIFIED)),
  hit(
    "If-None-Match: the tag of a page that does not exist",
    MISSING,
    inm((t) => t.missing.identity),
    NOT_FOUND,
  ),
  hit("If-None-Match: * on a page that does not exist", MISSING, { "If-None-Match": "*" }, NOT_FOUND),
  hit("If-None-Match: *, with a campaign", `${ITEM}?fbclid=x`, { "If-None-Match": "*" }, NOT_MODIFIED),
  hit(
    "If-None-Match: the home's tag (en-GB)",
    HOME,
    (t) => browser("en-GB", inm((x) => x.home.identity)(t)),
    NOT_MODIFIED,
  ),
  slow("If-None-Match: * at / (en-US browser)", HOME, browser("en-US", { "If-None-Match": "*" }), TO_US),
  slow(
    "If-None-Match: the home's tag (a crawler, en-US)",
    HOME,
    (t) => crawler("en-US", inm((x) => x.home.identity)(t)),
    {
      status: 304,
      cacheControl: PRIVATE,
    },
  ),
  { ...respelled("/Gallery", LIST, { "If-None-Match": "*" }), name: "If-None-Match: * on /Gallery" },
  hit("If-Modified-Since alone, in the future", LIST, { "If-Modified-Since": FUTURE }),
  hit("If-Modified-Since alone, in the past", LIST, { "If-Modified-Since": PAST }),
  hit(
    "If-Modified-Since and the tag",
    LIST,
    inm((t) => t.list.identity, { "If-Modified-Since": PAST }),
    NOT_MODIFIED,
  ),
  hit("If-Modified-Since and another tag", LIST, { "If-None-Match": '"nope"', "If-Modified-Since": FUTURE }),
];

/**
 * A GET or HEAD with a body: the fast path answers none of them (it would answer before Node's
 * parser reached a malformed body), so a page and a bad chunk get the same answer on both paths.
 */
const CHUNKED = { "Transfer-Encoding": "chunked" };
const WITH_BODIES: Case[] = [
  { ...slow("a malformed chunked body", LIST, CHUNKED, { status: 400 }), body: "zz\r\nhello\r\n0\r\n\r\n" },
  { ...slow("a chunked body", LIST, CHUNKED, { status: 200 }), body: "5\r\nhello\r\n0\r\n\r\n" },
  { ...slow("an empty chunked body", LIST, CHUNKED, { status: 200 }), body: "0\r\n\r\n" },
  { ...slow("a Content-Length body", LIST, { "Content-Length": "5" }, { status: 200 }), body: "hello" },
  { ...hit("Content-Length: 0", LIST, { "Content-Length": "0" }), body: "" },
  {
    ...slow("a malformed chunked body, If-None-Match: *", LIST, { ...CHUNKED, "If-None-Match": "*" }, { status: 400 }),
    body: "zz\r\n",
  },
  { ...head(slow("a malformed chunked body", LIST, CHUNKED, { status: 400 })), body: "zz\r\nhello\r\n0\r\n\r\n" },
];

export const REPRESENTATIONS: Case[] = [...ENCODINGS_AND_METHODS, ...CONDITIONALS, ...WITH_BODIES];
