import { useLoaderData } from "react-router";
import type { HomePageData } from "../../shared/pageData";
import { Slices } from "../parts/SliceZone";

export default function HomePage() {
  const { document } = useLoaderData() as HomePageData;
  // An opening hero carries the page's h1; otherwise the title does, for screen readers.
  const opensWithHero = document.data.slices?.[0]?.slice_type === "hero";
  return (
    <article className="page page--home">
      {opensWithHero ? null : <h1 className="visually-hidden">{document.data.title}</h1>}
      <Slices slices={document.data.slices} afterHeading={!opensWithHero} />
    </article>
  );
}
