import { useLoaderData } from "react-router";
import { AppLink } from "../parts/AppLink";
import type { GalleryListData } from "../../shared/pageData";
import { LIST_PAGES } from "../../shared/listPages";
import { localizePath } from "../../shared/locales";
import { Pagination } from "../parts/Pagination";
import { ResponsiveImage } from "../parts/ResponsiveImage";
import { useLinkResolver, useLocale } from "../siteData";

const CARD_SIZES = "(min-width: 1280px) 390px, (min-width: 600px) 50vw, 100vw";

export default function GalleryListPage() {
  const { items, page, totalPages, head } = useLoaderData() as GalleryListData;
  const resolve = useLinkResolver();
  const locale = useLocale();
  return (
    <article className="page page--gallery">
      <header className="page__header">
        <p className="eyebrow">Our work</p>
        <h1 className="page__title">{head.title.split(" | ")[0]}</h1>
        <p className="page__lede">{LIST_PAGES.gallery.lede}</p>
      </header>
      <ul className="card-grid">
        {items.map((project, i) => (
          <li key={project.id} className="card">
            <AppLink to={resolve(project) ?? "#"} className="card__link">
              <ResponsiveImage
                field={project.data.cover}
                sizes={CARD_SIZES}
                priority={i === 0 && page === 1}
                className="card__image"
              />
              <div className="card__body">
                <p className="card__meta">{[project.data.location, project.data.style].filter(Boolean).join(" · ")}</p>
                <h2 className="card__title">{project.data.title}</h2>
                {project.data.summary ? <p className="card__text">{project.data.summary}</p> : null}
              </div>
            </AppLink>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} basePath={localizePath(LIST_PAGES.gallery.path, locale)} />
    </article>
  );
}
