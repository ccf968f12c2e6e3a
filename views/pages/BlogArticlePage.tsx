import { useLoaderData } from "react-router";
import type { ArticleData } from "../../shared/pageData";
import { formatDate } from "../parts/formatDate";
import { ResponsiveImage } from "../parts/ResponsiveImage";
import { RichText } from "../parts/RichText";
import { useLocale, useSiteChrome } from "../siteData";
import { Slices } from "../parts/SliceZone";

export default function BlogArticlePage() {
  const { document } = useLoaderData() as ArticleData;
  const locale = useLocale();
  const taxonomy = useSiteChrome()?.taxonomy ?? {};
  const { title, author, publication_date, category, body, cover } = document.data;
  const date = formatDate(publication_date, locale.language);
  return (
    <article className="page page--article">
      <header className="page__header">
        {category ? <p className="eyebrow">{taxonomy[category] ?? category}</p> : null}
        <h1 className="page__title">{title}</h1>
        <p className="article__byline">
          {author ? <span>By {author}</span> : null}
          {date ? <time dateTime={publication_date ?? undefined}>{date}</time> : null}
        </p>
      </header>
      <ResponsiveImage field={cover} sizes="(min-width: 1280px) 1200px, 100vw" priority className="article__cover" />
      <RichText field={body} className="rich-text article__body" />
      <Slices slices={document.data.slices} afterHeading />
    </article>
  );
}
