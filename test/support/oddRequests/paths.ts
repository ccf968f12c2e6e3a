/** Odd requests for a page by its path and query: spellings, legacy paths, malformed and long URLs, campaign and junk queries. */
import { type Case, HOME, ITEM, LIST, MISSING, NOT_FOUND, crawler, hit, respelled, slow } from "./case";

const SPELLINGS: Case[] = [
  hit("the list", LIST),
  hit("a project", ITEM),
  hit("the blog", "/info/blog"),
  hit("the us home", "/us"),
  hit("a page that does not exist", MISSING, undefined, NOT_FOUND),
  hit("an encoded slash (a page of its own, that does not exist)", "/gallery%2F", undefined, NOT_FOUND),
  respelled("/Gallery", LIST),
  respelled("/GALLERY/Braybrook-St/", ITEM),
  respelled("//gallery", LIST),
  respelled("/gallery/", LIST),
  respelled("/gallery//", LIST),
  respelled("/info//blog", "/info/blog"),
  respelled("/./gallery", LIST),
  respelled("/gallery/.", LIST),
  respelled("/x/../gallery", LIST),
  respelled("/%2e/gallery", LIST),
  respelled("/%67allery", LIST),
  respelled("/inf%6F/blog", "/info/blog"),
  respelled("/gallery%2f", "/gallery%2F"),
  respelled("//", HOME),
  { ...respelled("//", HOME, crawler("en-US")), name: "// for a crawler, en-US" },
  respelled("/US", "/us"),
  respelled("/us/", "/us"),
  respelled("/Gallery/No-Such-Project", MISSING),
  respelled("/Gallery?page=2&fbclid=x", "/gallery?page=2&fbclid=x"),
  slow("an escape that decodes to nothing", "/gallery%", undefined, { status: 400 }),
  slow("an encoded NUL", "/%00", undefined, { status: 400 }),
  slow("a URL too long", `${LIST}?utm_source=${"a".repeat(3000)}`, undefined, { status: 414 }),
  slow("a file", "/robots.txt", undefined, { status: 200 }),
  slow("a file in another spelling", "//robots.txt", undefined, { status: 404, cacheControl: "no-store" }),
  slow("a legacy path", "/about", undefined, { status: 301, location: "/info/about-us" }),
  slow("a legacy path in capitals with a slash", "/About/", undefined, { status: 301, location: "/info/about-us" }),
  slow("a legacy path with a campaign", "/about?utm_source=x", undefined, {
    status: 301,
    location: "/info/about-us?utm_source=x",
  }),
  slow("a legacy gallery slug", "/inspiration/gallery/braybrook-road", undefined, { status: 301, location: ITEM }),
  slow("a legacy path under /us", "/us/about"),
];

const QUERIES: Case[] = [
  hit("the list's first page by number", `${LIST}?page=1`),
  hit("the list's second page (there is none)", `${LIST}?page=2`, undefined, NOT_FOUND),
  hit("the page number twice", `${LIST}?page=1&page=2`),
  hit("a junk page number", `${LIST}?page=abc`, undefined, NOT_FOUND),
  hit("campaign parameters", `${LIST}?utm_source=news&utm_medium=email&utm_campaign=spring`),
  hit("a click id", `${ITEM}?fbclid=IwAR0abc`),
  hit("a secret in the query", `${ITEM}?gclid=x&token=s3cret`),
  hit("a malformed escape in the query", `${LIST}?%zz=1`),
  hit("an empty query", `${LIST}?`),
];

export const PATHS: Case[] = [...SPELLINGS, ...QUERIES];
