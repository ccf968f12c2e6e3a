/** The slice zone: known slices render their view; an unknown slice type never breaks the page. */
import type { Slice } from "@prismicio/client";
import { Slices, sliceComponents } from "../../views/parts/SliceZone";
import { renderInSite } from "../support/renderInSite";

const unknown = {
  slice_type: "brand_new_slice",
  slice_label: null,
  id: "brand_new_slice$1",
  variation: "default",
  version: "initial",
  primary: {},
  items: [],
} as unknown as Slice;
const text = {
  slice_type: "text_block",
  slice_label: null,
  id: "text_block$1",
  variation: "default",
  version: "initial",
  primary: { content: [{ type: "paragraph", text: "Still here.", spans: [] }] },
  items: [],
} as unknown as Slice;

function withNodeEnv<T>(value: string, run: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = value;
  return run().finally(() => {
    process.env.NODE_ENV = previous;
  });
}

test("every slice model in the library has a registered view", async () => {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const dir = path.join(__dirname, "../../views/slices");
  const ids = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "model.json")))
    .map((d) => JSON.parse(fs.readFileSync(path.join(dir, d.name, "model.json"), "utf8")).id as string);
  expect(ids.length).toBeGreaterThanOrEqual(13);
  expect(Object.keys(sliceComponents).sort()).toEqual([...ids].sort());
});

test("in production an unknown slice type renders nothing and the rest of the zone still renders", async () => {
  const html = await withNodeEnv("production", () => renderInSite(<Slices slices={[unknown, text]} />));
  expect(html).not.toContain("brand_new_slice");
  expect(html).toContain("Still here.");
});

test("in development an unknown slice type renders a visible placeholder naming it", async () => {
  const html = await withNodeEnv("development", () => renderInSite(<Slices slices={[unknown, text]} />));
  expect(html).toContain("Missing view for slice type");
  expect(html).toContain("brand_new_slice");
  expect(html).toContain("Still here.");
});

test("an empty or missing slice zone renders nothing", async () => {
  expect(await renderInSite(<Slices slices={[]} />)).not.toContain("slice");
  expect(await renderInSite(<Slices slices={undefined} />)).not.toContain("slice");
});
