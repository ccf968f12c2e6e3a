/**
 * A preview's menus (server/render/loaders.ts): loaded once per preview and kept for its next
 * requests for 10 s (drafts change as editors save, so not longer), for at most 8 previews at once,
 * apart from the published menus, which no number of previews pushes out. Counted as the
 * layout's loader asks the content service for the navigation, on a fake clock.
 */
import { RouterContextProvider, type LoaderFunction, type LoaderFunctionArgs } from "react-router";
import type { ContentService } from "../server/content/contentService";
import type { NavigationDocument } from "../shared/documents";
import { requestMemo, requestScope } from "../server/http/requestScope";
import { createServerLoaders } from "../server/render/loaders";
import { capturingLogger } from "./support/capturingLogger";
import { readDocuments } from "./support/contentFiles";

const NAVIGATION = readDocuments("en-gb", "navigation") as unknown as NavigationDocument[];

/** Navigation loads per ref, as the content service was asked for them. */
let loads: Record<string, number>;

function contentAt(ref: string): ContentService {
  return {
    navigation: async () => {
      loads[ref] = (loads[ref] ?? 0) + 1;
      return NAVIGATION;
    },
    taxonomy: async () => null,
  } as unknown as ContentService;
}

/** How long a preview's menus are kept, written out: the module's constant could drift with it. */
const KEPT_MS = 10_000;

let layout: LoaderFunction;

beforeEach(() => {
  // The cache's clock is `performance.now()` (lru-cache keeps the object it found at load, so
  // Jest's fake `performance` would not reach it): it reads the fake clock's time instead.
  jest.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z"), doNotFake: ["performance"] });
  jest.spyOn(performance, "now").mockImplementation(() => Date.now());
  loads = {};
  layout = createServerLoaders(capturingLogger("silent").logger)("layout", "layout___gb");
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** One request's layout, at `ref`, in preview or not. */
async function request(ref: string, preview = true): Promise<void> {
  const context = new RouterContextProvider();
  context.set(requestScope, { content: contentAt(ref), ref, preview });
  context.set(requestMemo, new Map());
  const url = new URL("https://site.test/gallery");
  await layout({ request: new Request(url), url, params: {}, context } as unknown as LoaderFunctionArgs);
}

test("a preview's menus are loaded once for its next requests, for 10 s, then again", async () => {
  await request("preview-a");
  jest.advanceTimersByTime(KEPT_MS - 1_000);
  await request("preview-a");
  expect(loads["preview-a"]).toBe(1);
  // The draft may have changed since: past 10 s the menus are loaded again.
  jest.advanceTimersByTime(1_001);
  await request("preview-a");
  expect(loads["preview-a"]).toBe(2);
});

test("eight previews' menus are kept at once; a ninth pushes out the one used longest ago", async () => {
  const previews = Array.from({ length: 8 }, (_, i) => `preview-${i + 1}`);
  for (const ref of previews) await request(ref);
  for (const ref of previews) await request(ref);
  expect(previews.map((ref) => loads[ref])).toEqual(previews.map(() => 1));
  await request("preview-9");
  await request("preview-1");
  expect(loads["preview-1"]).toBe(2);
  expect(loads["preview-8"]).toBe(1);
});

test("the published menus are kept apart: no number of previews pushes them out", async () => {
  await request("published", false);
  for (let i = 0; i < 40; i++) await request(`preview-${i}`);
  jest.advanceTimersByTime(60 * 60 * 1000);
  await request("published", false);
  expect(loads.published).toBe(1);
});
