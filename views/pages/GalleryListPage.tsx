import { Link, useLoaderData } from "react-router";
import type { GalleryListData } from "../../shared/pageData";
import { Pagination } from "../parts/Pagination";
import { useLinkResolver, useLocale } from "../siteData";
import { localizePath } from "../../shared/locales";

export default function GalleryListPage() {
  const { items, page, totalPages, head } = useLoaderData() as GalleryListData;
  const resolve = useLinkResolver();
  const locale = useLocale();
  return (
    <article className="page page--gallery">
      <header className="page__header">
        <p className="eyebrow">Our work</p>
        <h1 className="page__title">{head.title}</h1>
      </header>
      <ul className="card-grid">
        {items.map((project) => (
          <li key={project.id} className="card">
            <Link to={resolve(project) ?? "#"} className="card__link">
              <h2 className="card__title">{project.data.title}</h2>
              <p className="card__meta">
                {[project.data.location, project.data.style].filter(Boolean).join(" · ")}
              </p>
              {project.data.summary ? <p className="card__text">{project.data.summary}</p> : null}
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} basePath={localizePath("/gallery", locale)} />
    </article>
  );
}
