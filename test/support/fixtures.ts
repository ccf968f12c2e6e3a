/** Content fixtures shared by the view tests. */
import type { ImageField } from "@prismicio/client";

/** A filled Prismic image field for a file in the media folder (absolute URL, as the helpers need). */
export function imageField(file: string, alt: string | null, width = 2400, height = 1600): ImageField {
  const name = /\.\w+$/.test(file) ? file : `${file}.jpg`;
  return {
    id: file,
    url: `http://localhost/media/${name}`,
    alt,
    copyright: null,
    dimensions: { width, height },
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
  } as ImageField;
}
