import { Suspense, type ComponentType } from "react";
import { components } from "../slices";

/**
 * The slice library (views/slices/index.ts, generated from the slice folders): slice_type → view.
 * Widened to one props shape, so a zone of any slices can look its views up.
 */
// biome-ignore lint/suspicious/noExplicitAny: each view takes its own slice type; the zone only looks views up by slice_type
export const sliceComponents: Record<string, ComponentType<{ slice: any; index: number }>> = components;

/**
 * What the zone reads of a slice: its type, to pick the view, and its id, as the key. Any slice
 * Prismic delivers fits, including those whose primary holds a group (not a "regular" field).
 */
type SliceLike = { slice_type: string; id?: string };

/**
 * Renders a slice zone. An unknown slice type renders nothing in production and a visible
 * placeholder in development, so a model added in Prismic before its view never breaks a page.
 * Each slice is a Suspense boundary of its own: nothing in a slice suspends, but in the browser
 * React hydrates each boundary as separate work it can pause between (the slice under the
 * visitor's finger first), so waking the app never blocks the main thread for a whole page.
 * The server keeps them inline (progressiveChunkSize in server/render/streamDocument.tsx).
 */
export function Slices({
  slices,
  afterHeading = false,
}: {
  slices: readonly SliceLike[] | null | undefined;
  afterHeading?: boolean;
}) {
  // A slice at index 0 owns the page's h1 and main image; when the page template already has
  // its own h1 (and main image), the zone starts at 1 so no slice claims them again.
  const first = afterHeading ? 1 : 0;
  return (
    <>
      {(slices ?? []).map((slice, index) => {
        const View = sliceComponents[slice.slice_type];
        const key = slice.id ?? `${slice.slice_type}-${index}`;
        if (View) {
          return (
            <Suspense key={key} fallback={null}>
              <View slice={slice} index={index + first} />
            </Suspense>
          );
        }
        return process.env.NODE_ENV === "production" ? null : (
          <section key={key} className="slice slice--missing" data-slice-type={slice.slice_type}>
            Missing view for slice type “{slice.slice_type}”
          </section>
        );
      })}
    </>
  );
}
