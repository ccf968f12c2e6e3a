/** Facts about the business that do not come from the CMS. */
export const SITE_NAME = "Hartley & Reed";
export const SITE_TAGLINE = "Made-to-measure kitchens and furniture";
