import { useLoaderData } from "react-router";
import type { GalleryItemData } from "../../shared/pageData";
import { Slices } from "../slices";

export default function GalleryItemPage() {
  const { document } = useLoaderData() as GalleryItemData;
  const { title, summary, location, year, style, materials } = document.data;
  const facts: Array<[string, string | number | null]> = [
    ["Location", location],
    ["Completed", year],
    ["Style", style],
    ["Materials", materials],
  ];
  return (
    <article className="page page--project">
      <header className="page__header">
        <p className="eyebrow">Project</p>
        <h1 className="page__title">{title}</h1>
        {summary ? <p className="page__lede">{summary}</p> : null}
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
      <Slices slices={document.data.slices} />
    </article>
  );
}
