import { useLoaderData } from "react-router";
import * as prismic from "@prismicio/client";
import type { GalleryItemData } from "../../shared/pageData";
import { ResponsiveImage } from "../parts/ResponsiveImage";
import { Slices } from "../parts/SliceZone";

export default function GalleryItemPage() {
  const { document } = useLoaderData() as GalleryItemData;
  const { title, summary, location, year, style, materials, cover, photos } = document.data;
  const facts: Array<[string, string | number | null]> = [
    ["Location", location],
    ["Completed", year],
    ["Style", style],
    ["Materials", materials],
  ];
  const shown = photos.filter((p) => prismic.isFilled.image(p.image));
  return (
    <article className="page page--project">
      <header className="project-hero">
        <div className="project-hero__copy">
          <p className="eyebrow">Project</p>
          <h1 className="page__title">{title}</h1>
          {summary ? <p className="page__lede">{summary}</p> : null}
        </div>
        <ResponsiveImage field={cover} sizes="100vw" priority className="project-hero__image" />
      </header>
      <dl className="facts">
        {facts
          .filter(([, value]) => value !== null && value !== "")
          .map(([label, value]) => (
            <div key={label} className="facts__item">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {shown.length ? (
        <ul className="photo-set" aria-label="Photographs of the project">
          {shown.map((photo, i) => (
            <li key={photo.image.url ?? i}>
              <figure>
                <ResponsiveImage
                  field={photo.image}
                  sizes="(min-width: 960px) 50vw, 100vw"
                  fallbackAlt={photo.caption ?? ""}
                />
                {photo.caption ? <figcaption>{photo.caption}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
      <Slices slices={document.data.slices} afterHeading />
    </article>
  );
}
