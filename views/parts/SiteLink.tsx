import type { ReactNode } from "react";
import { AppLink } from "./AppLink";

/** A site path navigates client-side; anything else is a plain anchor that opens safely. */
export function isInternalHref(href: string): boolean {
  return href.startsWith("/") && !/^[/\\][/\\]/.test(href);
}

export function SiteLink(props: { href: string; className?: string; children: ReactNode; "aria-current"?: "page" }) {
  const { href, children, ...rest } = props;
  if (isInternalHref(href)) {
    return (
      <AppLink to={href} {...rest}>
        {children}
      </AppLink>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...rest} {...(external ? { rel: "noopener noreferrer", target: "_blank" } : {})}>
      {children}
    </a>
  );
}
