import { AppLink } from "./AppLink";

/** Previous/next links for a paged list; page 1 has no query string so it has one URL. */
export function Pagination({ page, totalPages, basePath }: { page: number; totalPages: number; basePath: string }) {
  if (totalPages <= 1) return null;
  const hrefFor = (p: number) => (p <= 1 ? basePath : `${basePath}?page=${p}`);
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <AppLink to={hrefFor(page - 1)} rel="prev" className="button button--outlined">
          Previous
        </AppLink>
      ) : null}
      <span className="pagination__status">{`Page ${page} of ${totalPages}`}</span>
      {page < totalPages ? (
        <AppLink to={hrefFor(page + 1)} rel="next" className="button button--outlined">
          Next
        </AppLink>
      ) : null}
    </nav>
  );
}
