import { useLoaderData } from "react-router";
import type { HomePageData } from "../../shared/pageData";
import { Slices } from "../slices";

export default function HomePage() {
  const { document } = useLoaderData() as HomePageData;
  return (
    <article className="page page--home">
      {document.data.slices?.[0]?.slice_type === "hero" ? null : <h1 className="visually-hidden">{document.data.title}</h1>}
      <Slices slices={document.data.slices} />
    </article>
  );
}
