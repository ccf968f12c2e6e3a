import { useEffect } from "react";
import { useMatches } from "react-router";
import type { PageHead } from "../../shared/pageData";

/** Finds the head of the deepest matched route that has one. */
export function useRouteHead(): PageHead | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const head = (matches[i].loaderData as { head?: PageHead } | undefined)?.head;
    if (head) return head;
  }
  return undefined;
}

/**
 * Keeps `<title>` and the meta description in step with client-side navigation. The server
 * writes both into the document itself, so this renders nothing and only runs in the browser.
 */
export function HeadSync({ fallbackTitle }: { fallbackTitle?: string }) {
  const head = useRouteHead();
  const title = head?.title ?? fallbackTitle;
  const description = head?.description ?? null;
  useEffect(() => {
    if (title) document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (description) {
      if (!meta) {
        meta = document.createElement("meta");
        meta.name = "description";
        document.head.append(meta);
      }
      meta.content = description;
    } else meta?.remove();
  }, [title, description]);
  return null;
}
