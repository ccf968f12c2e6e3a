/**
 * Ids that content generates never take one the page uses itself (docs/behaviour.md section 2.5):
 * a rich-text heading "Router hydration" once got id="router-hydration", ahead of the hydration
 * data's script element of that id, and the page broke at its first interaction.
 */
import fs from "node:fs";
import request from "supertest";
import { anchorIds, RESERVED_IDS } from "../shared/anchors";
import { HYDRATION_DATA_ID } from "../server/render/htmlShell";
import { SITE_CONFIG_ELEMENT_ID } from "../shared/siteConfig";
import { headingFor, ID_HEADINGS_PATH, writeIdHeadingsContent } from "./support/idHeadingsContent";
import { createTestApp } from "./support/testApp";

const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
/** React's useId ids (`_R_…_`): no anchor id can be one (anchor ids have no `_`). */
const generated = (id: string) => /^_/.test(id);

/** Every id the demo site's pages carry but those content names: rich-text headings' and a form slice's anchor. */
async function idsOfTheSite(): Promise<Set<string>> {
  const { app } = createTestApp({ env: { GTM_ID: "GTM-ABC123" } });
  const sitemap = await request(app).get("/sitemap.xml");
  const paths = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(20);
  const found = new Set<string>();
  for (const path of [...paths, "/privacy-choices", "/us/privacy-choices", "/no-such-page"]) {
    const res = await request(app).get(path);
    const headings = [...res.text.matchAll(/<h[1-6] id="([^"]*)" class="rt-h/g)].map((m) => m[1]);
    const forms = [...res.text.matchAll(/<section class="slice request-form[^"]*" id="([^"]*)"/g)].map((m) => m[1]);
    const named = (id: string) => generated(id) || headings.includes(id) || forms.includes(id);
    for (const id of ids(res.text)) if (!named(id)) found.add(id);
  }
  return found;
}

let dir: string;
let pageIds: Set<string>;
beforeAll(async () => {
  pageIds = await idsOfTheSite();
  dir = writeIdHeadingsContent(pageIds);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("every id the pages use is reserved: a heading of that name gets another", () => {
  for (const id of [HYDRATION_DATA_ID, SITE_CONFIG_ELEMENT_ID, "root", "main"]) expect(RESERVED_IDS).toContain(id);
  expect([...pageIds].filter((id) => anchorIds()(headingFor(id)) === id)).toEqual([]);
  for (const id of [HYDRATION_DATA_ID, SITE_CONFIG_ELEMENT_ID, "main", "sample-0", "request-quote-form-budget"]) {
    expect(pageIds).toContain(id);
  }
});

test("headings named like every id the pages use get ids of their own: every id on the page is unique", async () => {
  const { app } = createTestApp({ contentDir: dir, env: { GTM_ID: "GTM-ABC123" } });
  const res = await request(app).get(ID_HEADINGS_PATH);
  expect(res.status).toBe(200);
  const headings = [...res.text.matchAll(/<h2 id="([^"]*)" class="rt-h2">([^<]*)<\/h2>/g)];
  // Not vacuous: each name is a heading of the page, the hydration data's among them.
  expect(headings.map((m) => m[2])).toEqual(expect.arrayContaining([...pageIds].map(headingFor)));
  expect(headings.find((m) => m[2] === "Router hydration")?.[1]).toBe("router-hydration-2");
  for (const [, id] of headings) {
    expect(RESERVED_IDS).not.toContain(id);
    expect(pageIds).not.toContain(id);
  }
  const all = ids(res.text);
  expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
  expect(all.filter((id) => id === HYDRATION_DATA_ID)).toHaveLength(1);
});
