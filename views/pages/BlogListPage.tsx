import { useLoaderData } from "react-router";
import { AppLink } from "../parts/AppLink";
import type { BlogListData } from "../../shared/pageData";
import { LIST_PAGES } from "../../shared/listPages";
import { localizePath } from "../../shared/locales";
import { formatDate } from "../parts/formatDate";
import { Pagination } from "../parts/Pagination";
import { ResponsiveImage } from "../parts/ResponsiveImage";
import { useLinkResolver, useLocale, useSiteChrome } from "../siteData";

export default function BlogListPage() {
  const { items, page, totalPages, head } = useLoaderData() as BlogListData;
  const resolve = useLinkResolver();
  const locale = useLocale();
  const taxonomy = useSiteChrome()?.taxonomy ?? {};
  return (
    <article className="page page--blog">
      <header className="page__header">
        <p className="eyebrow">Journal</p>
        <h1 className="page__title">{head.title.split(" | ")[0]}</h1>
        <p className="page__lede">{LIST_PAGES.blog.lede}</p>
      </header>
      <ul className="article-list">
        {items.map((article, i) => (
          <li key={article.id} className="article-list__item">
            <AppLink to={resolve(article) ?? "#"} className="article-list__link">
              <ResponsiveImage
                field={article.data.cover}
                sizes="(min-width: 960px) 320px, 100vw"
                priority={i === 0 && page === 1}
                className="article-list__image"
              />
              <div>
                <p className="card__meta">
                  {[
                    taxonomy[article.data.category ?? ""] ?? article.data.category,
                    formatDate(article.data.publication_date, locale.language),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <h2 className="card__title">{article.data.title}</h2>
                {article.data.excerpt ? <p className="card__text">{article.data.excerpt}</p> : null}
              </div>
            </AppLink>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} basePath={localizePath(LIST_PAGES.blog.path, locale)} />
    </article>
  );
}
