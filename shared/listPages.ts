/**
 * The two list pages, which have no document of their own: their title, their path, and the line
 * under the title. That line is also the page's description (its `<meta name="description">` and
 * the share cards'), so what a search result says is what the page says.
 */
export const LIST_PAGES = {
  gallery: {
    title: "Gallery",
    path: "/gallery",
    lede: "Kitchens, larders and boot rooms we have drawn, made and fitted, from London terraces to farmhouses.",
  },
  blog: {
    title: "Journal",
    path: "/info/blog",
    lede: "Notes from the workshop on materials, planning and living with a made-to-measure kitchen.",
  },
} as const;

export type ListPage = keyof typeof LIST_PAGES;
