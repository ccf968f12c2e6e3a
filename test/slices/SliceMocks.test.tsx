/**
 * Every slice's `mocks.json`, the data Slice Machine's simulator shows: up to date with the models
 * and the demo content (`npm run slices:mocks`), in Slice Machine's own format (as its manager
 * decodes it), and rendered by the site's views, through @prismicio/mocks' `renderSliceMock` as
 * Slice Machine renders them, with their text on the page.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderMock, sliceMocks, type SliceMock } from "../../packages/slicemachine-adapter/src/lib/sliceMocks";
import { readSliceLibrary } from "../../scripts/slices/sliceLibrary";
import { sliceComponents } from "../../views/parts/SliceZone";
import { NO_FEATURES, SiteFeaturesContext } from "../../views/siteFeatures";
import { renderInSite } from "../support/renderInSite";
import { visibleText } from "../support/html";
import { ROOT } from "../support/testApp";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SharedSliceContent } = require("@prismicio/types-internal/lib/content") as {
  SharedSliceContent: { decode(v: unknown): { _tag: string } };
};

const library = readSliceLibrary(ROOT);
const cases = library.flatMap((slice) => {
  const mocks = JSON.parse(fs.readFileSync(path.join(slice.dir, "mocks.json"), "utf8")) as SliceMock[];
  return mocks.map((mock) => ({ name: `${slice.name} ${mock.variation}`, slice, mock }));
});

test("every slice has a mocks.json, one mock per variation, as `npm run slices:mocks` writes it today", () => {
  // Every slice of the registry Slice Machine writes (views/slices/index.ts), none skipped.
  expect(library.map((slice) => slice.model.id).sort()).toEqual(Object.keys(sliceComponents).sort());
  for (const slice of library) {
    const committed = fs.readFileSync(path.join(slice.dir, "mocks.json"), "utf8");
    expect({
      slice: slice.name,
      upToDate: committed === `${JSON.stringify(sliceMocks(slice.model, slice.examples), null, "\t")}\n`,
    }).toEqual({ slice: slice.name, upToDate: true });
  }
  expect(cases).toHaveLength(library.reduce((n, slice) => n + slice.model.variations.length, 0));
});

test.each(cases)(
  "$name: Slice Machine's format, rendered by the site's view with its text",
  async ({ slice, mock }) => {
    expect(SharedSliceContent.decode(mock)._tag).toBe("Right");
    const data = renderMock(slice.model, mock);
    const View = sliceComponents[slice.model.id]!;
    // As in the simulator: the widget slices render their slot (their scripts are set up).
    const features = { ...NO_FEATURES, reviews: true, privacyPolicy: true };
    const html = await renderInSite(
      createElement(SiteFeaturesContext, { value: features }, createElement(View as never, { slice: data, index: 1 })),
    );
    const text = visibleText(html);
    // The demo content reaches the page: the first text field an editor filled, as text (or, for a
    // widget's id, as the slot's setting).
    const values = Object.values(data.primary);
    const firstText =
      values.find((v): v is string => typeof v === "string" && v.length > 3) ??
      values
        .flatMap((v) => (Array.isArray(v) ? v.map((block: { text?: string }) => block.text ?? "") : []))
        .find((t) => t.length > 3);
    expect(firstText).toBeDefined();
    expect(`${text}\n${html}`).toContain(firstText!.trim().split(/\s+/).slice(0, 3).join(" "));
    expect(html).toContain(`data-slice-type="${slice.model.id}"`);
  },
);
