import type { ReactNode } from "react";
import type { LinkField } from "@prismicio/client";
import { useLinkResolver } from "../siteData";
import { SiteLink } from "./SiteLink";

/**
 * A Prismic link field as a link on this site: resolved through the link resolver (docs/behaviour.md section 1.6,
 * which also drops unsafe URLs), rendered by SiteLink; an empty or unresolvable link renders
 * nothing. The text is the children, else the field's own text (a link with `allowText`).
 */
export function ResolvedLink({
  field,
  className,
  children,
}: {
  field: LinkField | null | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const resolve = useLinkResolver();
  const href = resolve(field);
  const text = children ?? (field && "text" in field && typeof field.text === "string" ? field.text : null);
  if (!href || text == null || text === "") return null;
  return (
    <SiteLink href={href} className={className}>
      {text}
    </SiteLink>
  );
}
