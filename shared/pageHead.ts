import { SITE_NAME } from "./site";
import type { PageHead } from "./pageData";

interface SeoData {
  title?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
}

/** `<title>` and description of a document page: the meta fields win, the title is the fallback. */
export function documentHead(data: SeoData, fallbackTitle = SITE_NAME): PageHead {
  const title = data.meta_title || data.title || fallbackTitle;
  return {
    title: title === SITE_NAME ? title : `${title} | ${SITE_NAME}`,
    description: data.meta_description || null,
  };
}

export function listHead(title: string, page: number): PageHead {
  return { title: `${title}${page > 1 ? ` (page ${page})` : ""} | ${SITE_NAME}`, description: null };
}
