import { AppLink } from "./AppLink";
import { useRouteHead } from "./HeadSync";

interface Crumb {
  name: string;
  item: string;
}

/**
 * The visible trail of a content page, read from the same BreadcrumbList the head carries as
 * structured data, so what people see and what search engines read cannot disagree.
 */
export function Breadcrumbs() {
  const trail = useRouteHead()?.jsonLd.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement as
    | Crumb[]
    | undefined;
  if (!trail || trail.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, i) =>
          i === trail.length - 1 ? (
            <li key={crumb.item} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.item}>
              <AppLink to={new URL(crumb.item).pathname}>{crumb.name}</AppLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
