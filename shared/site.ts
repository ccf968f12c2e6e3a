/** Facts about the business that do not come from the CMS (used in the footer and structured data). */
export const SITE_NAME = "Hartley & Reed";
export const SITE_TAGLINE = "Made-to-measure kitchens and furniture";

export const BUSINESS = {
  name: SITE_NAME,
  description: "Made-to-measure kitchens, larders and furniture, drawn and built by hand in our Somerset workshop.",
  telephone: "+44 1373 000 000",
  address: {
    streetAddress: "Unit 4, Frome Road Workshops",
    addressLocality: "Frome",
    addressRegion: "Somerset",
    postalCode: "BA11 1AA",
    addressCountry: "GB",
  },
  areaServed: ["GB", "US"],
} as const;

/** Share image for pages without one of their own (public/og-default.jpg). */
export const DEFAULT_SHARE_IMAGE = {
  path: "/og-default.jpg",
  width: 1200,
  height: 630,
  alt: `${SITE_NAME}: ${SITE_TAGLINE}`,
};
