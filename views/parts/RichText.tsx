import { PrismicRichText, type RichTextComponents } from "@prismicio/react";
import type { RichTextField } from "@prismicio/client";
import { useLinkResolver } from "../siteData";
import { SiteLink } from "./SiteLink";

/**
 * Rich text through @prismicio/react with our link resolution. A hyperlink whose target
 * resolves to nothing (empty or unsafe, e.g. `javascript:`) is rendered as plain text.
 */
export function RichText({ field, className }: { field: RichTextField | null | undefined; className?: string }) {
  const resolve = useLinkResolver();
  const components: RichTextComponents = {
    hyperlink: ({ node, children, key }) => {
      const href = resolve(node.data);
      return href ? (
        <SiteLink key={key} href={href}>
          {children}
        </SiteLink>
      ) : (
        <span key={key}>{children}</span>
      );
    },
  };
  if (!field?.length) return null;
  return (
    <div className={className ?? "rich-text"}>
      <PrismicRichText field={field} components={components} />
    </div>
  );
}
