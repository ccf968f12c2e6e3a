import type { NavItem } from "../../shared/pageData";
import { useLinkResolver } from "../siteData";
import { SiteLink } from "./SiteLink";

/** The links of one navigation group; an item whose link resolves to nothing is left out. */
export function NavItems({ items, className }: { items: readonly NavItem[]; className?: string }) {
  const resolve = useLinkResolver();
  return (
    <ul className={className}>
      {items.map((item) => {
        const href = resolve(item.link);
        return href ? (
          <li key={`${item.label}-${href}`}>
            <SiteLink href={href}>{item.label}</SiteLink>
          </li>
        ) : null;
      })}
    </ul>
  );
}
