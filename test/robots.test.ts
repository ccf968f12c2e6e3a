/**
 * `/robots.txt` (server/sitemap/robots.ts): crawlers stay out of the preview tools, the APIs, the data
 * endpoint and the region switcher, and find the sitemap on SITE_URL.
 */
import { robotsTxt } from "../server/sitemap/robots";
import { DATA_PREFIX } from "../shared/dataEndpoint";

test("the rules for every crawler, then the sitemap", () => {
  const text = robotsTxt("https://www.example.test");
  expect(text.split("\n")).toEqual([
    "User-agent: *",
    "Disallow: /preview",
    "Disallow: /slice-simulator",
    "Disallow: /api/",
    `Disallow: ${DATA_PREFIX}/`,
    "Disallow: /_region/",
    "",
    "Sitemap: https://www.example.test/sitemap.xml",
    "",
  ]);
});

test("no rule keeps crawlers off a page", () => {
  const disallowed = robotsTxt("https://www.example.test")
    .split("\n")
    .filter((line) => line.startsWith("Disallow:"))
    .map((line) => line.slice("Disallow: ".length));
  for (const page of ["/", "/gallery", "/us", "/info/blog/planning", "/media/oak.jpg"]) {
    expect(disallowed.some((prefix) => page.startsWith(prefix))).toBe(false);
  }
});
