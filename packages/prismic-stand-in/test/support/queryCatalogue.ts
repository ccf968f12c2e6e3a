/**
 * A small furniture catalogue for the embedded repository's predicate tests (test/filters.test.ts):
 * three products with a field of each kind Prismic filters on, two makers (one with a `price` of
 * its own, so a path naming a type is seen to limit the results to it) and an article.
 */
import type { PrismicDocument } from "@prismicio/client";

const rich = (text: string, type = "paragraph") => [{ type, text, spans: [] }];
const link = (id: string, type: string) => ({ link_type: "Document", id, type, lang: "en-gb", isBroken: false });

function doc(
  id: string,
  type: string,
  fields: { uid?: string | null; tags?: string[]; first?: string; last?: string; data?: Record<string, unknown> },
): PrismicDocument {
  const first = fields.first ?? "2023-01-01T00:00:00+0000";
  return {
    id,
    uid: fields.uid ?? null,
    type,
    lang: "en-gb",
    url: null,
    href: "",
    tags: fields.tags ?? [],
    slugs: [],
    linked_documents: [],
    alternate_languages: [],
    first_publication_date: first,
    last_publication_date: fields.last ?? first,
    data: fields.data ?? {},
  } as unknown as PrismicDocument;
}

export const CATALOGUE: PrismicDocument[] = [
  doc("p-oak", "product", {
    uid: "oak-table",
    tags: ["Macaron", "Cupcake", "wood"],
    first: "2023-01-15T09:00:00+0000",
    last: "2024-02-10T12:00:00+0000",
    data: {
      title: rich("Oak dining table", "heading1"),
      name: "Oak table",
      finish: "Natural",
      price: 1200,
      in_stock: true,
      launch: "2023-01-15",
      updated_at: "2024-02-10T12:00:00+0000",
      maker: link("m-ash", "maker"),
      description: rich("Solid oak, oiled by hand."),
      materials: [
        { material: "oak", thickness: 30, supplier: link("m-bram", "maker") },
        { material: "steel", thickness: 5, supplier: link("m-ash", "maker") },
      ],
    },
  }),
  doc("p-walnut", "product", {
    uid: "walnut-cabinet",
    tags: ["Macaron", "wood"],
    first: "2024-03-01T08:00:00+0000",
    last: "2024-03-01T08:00:00+0000",
    data: {
      title: rich("Walnut drinks cabinet", "heading1"),
      name: "Walnut cabinet",
      finish: "Dark",
      price: 2400,
      in_stock: false,
      launch: "2024-03-01",
      updated_at: "2024-03-01T08:00:00+0000",
      maker: link("m-bram", "maker"),
      description: rich("Walnut veneer on a birch frame."),
      materials: [{ material: "walnut", thickness: 25, supplier: link("m-bram", "maker") }],
    },
  }),
  doc("p-pine", "product", {
    uid: "settle",
    tags: ["Cupcake"],
    first: "2022-06-20T10:00:00+0000",
    last: "2022-06-20T10:00:00+0000",
    data: {
      title: rich("Pine bench", "heading1"),
      name: "Pine bench",
      finish: null,
      price: 300,
      in_stock: true,
      launch: null,
      updated_at: null,
      maker: { link_type: "Any" },
      // What Prismic returns for a rich text field an editor emptied.
      description: rich(""),
      materials: [],
    },
  }),
  doc("m-ash", "maker", { uid: "ash-workshop", data: { name: "Ash workshop", price: 1200, finish: "Natural" } }),
  doc("m-bram", "maker", { uid: "bramble-joinery", data: { name: "Bramble joinery", price: 50 } }),
  doc("a-care", "article", {
    uid: "caring-for-oak",
    tags: ["Macaron", "Cupcake"],
    first: "2024-05-05T15:30:00+0000",
    data: { title: rich("Caring for oak furniture", "heading1"), body: rich("Wipe with a damp cloth.") },
  }),
];
