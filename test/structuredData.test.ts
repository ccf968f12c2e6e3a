/** JSON-LD is escaped so content can never end its script element or break the JSON. */
import { article, breadcrumbs, organization, serializeJsonLd } from "../shared/structuredData";

// biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile payload: template syntax that must stay inert
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
  const data = article({
    url: "u",
    headline: "x".repeat(200),
    description: null,
    datePublished: null,
    dateModified: null,
    image: null,
    author: null,
    logoUrl: "l",
  });
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

test("an article is a schema.org Article of its page, with what is known of it, its author and the publisher", () => {
  expect(
    article({
      url: "https://example.test/info/blog/x",
      headline: "Choosing a worktop",
      description: "Oak, quartz or steel",
      datePublished: "2025-01-01T09:00:00Z",
      dateModified: "2025-02-01T09:00:00Z",
      image: "https://example.test/media/worktop.jpg",
      author: "Ann Reed",
      logoUrl: "https://example.test/logo.jpg",
    }),
  ).toEqual({
    "@context": "https://schema.org",
    "@type": "Article",
    mainEntityOfPage: { "@type": "WebPage", "@id": "https://example.test/info/blog/x" },
    headline: "Choosing a worktop",
    description: "Oak, quartz or steel",
    datePublished: "2025-01-01T09:00:00Z",
    dateModified: "2025-02-01T09:00:00Z",
    image: ["https://example.test/media/worktop.jpg"],
    author: { "@type": "Person", name: "Ann Reed" },
    publisher: {
      "@type": "Organization",
      name: "Hartley & Reed",
      logo: { "@type": "ImageObject", url: "https://example.test/logo.jpg" },
    },
  });
});

test("an article without description, dates or image leaves those out rather than sending empty values", () => {
  const data = article({
    url: "u",
    headline: "h",
    description: null,
    datePublished: null,
    dateModified: null,
    image: null,
    author: null,
    logoUrl: "l",
  });
  expect(Object.keys(data).sort()).toEqual([
    "@context",
    "@type",
    "author",
    "headline",
    "mainEntityOfPage",
    "publisher",
  ]);
});

test("the business is a HomeAndConstructionBusiness with its address and the countries it serves", () => {
  expect(organization("https://example.test", "https://example.test/", "https://example.test/logo.jpg")).toEqual({
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": "https://example.test/#business",
    name: "Hartley & Reed",
    description: expect.stringContaining("Made-to-measure kitchens"),
    url: "https://example.test/",
    logo: "https://example.test/logo.jpg",
    image: "https://example.test/logo.jpg",
    telephone: expect.stringMatching(/^\+44 /),
    address: {
      "@type": "PostalAddress",
      streetAddress: expect.any(String),
      addressLocality: "Frome",
      addressRegion: "Somerset",
      postalCode: expect.any(String),
      addressCountry: "GB",
    },
    areaServed: [
      { "@type": "Country", name: "GB" },
      { "@type": "Country", name: "US" },
    ],
  });
});

test("a breadcrumb trail is a schema.org BreadcrumbList", () => {
  expect(breadcrumbs([{ name: "Home", url: "https://example.test/" }])).toMatchObject({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
  });
});
