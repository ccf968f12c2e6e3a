import { useLoaderData } from "react-router";
import type { ContentPageData } from "../../shared/pageData";
import { Slices } from "../parts/SliceZone";

/** A `page` document at /{section} or /{section}/{uid} (basic layout). */
export default function ContentPage() {
  const { document } = useLoaderData() as ContentPageData;
  const opensWithHero = document.data.slices?.[0]?.slice_type === "hero";
  return (
    <article className="page page--content" data-uid={document.uid}>
      {opensWithHero ? null : <h1 className="page__title">{document.data.title}</h1>}
      <Slices slices={document.data.slices} afterHeading={!opensWithHero} />
    </article>
  );
}
