/** JSON-LD is escaped so content can never end its script element or break the JSON. */
import { article, breadcrumbs, serializeJsonLd } from "../shared/structuredData";

const hostile = 'Oak </script><script>alert(1)</script> & "quotes" \u2028 line {{x}} ${y}';

test("serialised JSON-LD contains no <, >, & or line separators, and parses back to the same data", () => {
  const data = article({
    url: "https://example.test/info/blog/x",
    headline: hostile,
    description: hostile,
    datePublished: "2025-01-01",
    dateModified: null,
    image: null,
    author: hostile,
    logoUrl: "https://example.test/logo.jpg",
  });
  const json = serializeJsonLd(data);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(data);
});

test("a long headline is cut to the 110 characters search engines show", () => {
  const data = article({ url: "u", headline: "x".repeat(200), description: null, datePublished: null, dateModified: null, image: null, author: null, logoUrl: "l" });
  expect((data.headline as string).length).toBe(110);
  expect(data.author).toEqual({ "@type": "Organization", name: "Hartley & Reed" });
});

test("breadcrumb positions start at 1", () => {
  const trail = breadcrumbs([
    { name: "Home", url: "https://example.test/" },
    { name: "Gallery", url: "https://example.test/gallery" },
  ]);
  expect(trail.itemListElement).toEqual([
    { "@type": "ListItem", position: 1, name: "Home", item: "https://example.test/" },
    { "@type": "ListItem", position: 2, name: "Gallery", item: "https://example.test/gallery" },
  ]);
});
