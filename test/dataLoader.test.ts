/**
 * The browser's loaders (client/dataLoader.ts), against a stand-in of the data endpoint: a
 * navigation uses data prefetched for it, once and within 30 s; a prefetch the server refused (429, its budget of
 * renders spent; a 5xx) is not what the visitor sees: the navigation asks again. A 404 is the
 * page's own answer and is shown as it came.
 */
import type { LoaderFunction, LoaderFunctionArgs } from "react-router";
import { clientLoaders, dataUrl, prefetchData } from "../client/dataLoader";

const PAGE = "https://www.example.com/gallery/braybrook-st";
const ROUTE = "routes/galleryItem";
const URL_OF_DATA = dataUrl(new URL(PAGE), ROUTE);

/** What the stand-in endpoint answers, in turn; each test sets its own. */
let answers: Array<{ status: number; body: unknown }> = [];
let asked = 0;
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(() => {
  asked = 0;
  globalThis.fetch = (async (url: string) => {
    expect(url).toBe(URL_OF_DATA);
    const { status, body } = answers[Math.min(asked++, answers.length - 1)];
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers: new Headers({ "Content-Type": "application/json" }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
});

/** The page's loader run as a client navigation to PAGE runs it: its answer, or the status it throws. */
async function navigate(): Promise<unknown> {
  const loader = clientLoaders("galleryItem", ROUTE) as LoaderFunction;
  const args = { request: { url: PAGE, signal: new AbortController().signal } } as unknown as LoaderFunctionArgs;
  try {
    return await loader(args);
  } catch (thrown) {
    return { thrownStatus: (thrown as { init?: { status?: number } }).init?.status };
  }
}

const PAGE_DATA = { title: "Braybrook Street" };

test("a navigation uses the data prefetched for it, once", async () => {
  answers = [{ status: 200, body: PAGE_DATA }];
  await prefetchData(URL_OF_DATA);
  expect(asked).toBe(1);
  expect(await navigate()).toEqual(PAGE_DATA);
  expect(asked).toBe(1);
  // Used once: the next navigation to the same page asks afresh.
  expect(await navigate()).toEqual(PAGE_DATA);
  expect(asked).toBe(2);
});

test("prefetched data waits 30 s for its navigation, no longer", async () => {
  answers = [{ status: 200, body: PAGE_DATA }];
  let now = Date.now();
  const clock = jest.spyOn(Date, "now").mockImplementation(() => now);
  try {
    await prefetchData(URL_OF_DATA);
    now += 29_000;
    expect(await navigate()).toEqual(PAGE_DATA);
    expect(asked).toBe(1);
    await prefetchData(URL_OF_DATA);
    now += 31_000;
    expect(await navigate()).toEqual(PAGE_DATA);
    expect(asked).toBe(3);
  } finally {
    clock.mockRestore();
  }
});

test.each([429, 503, 500])("a prefetch refused with %i is not shown: the navigation asks again", async (status) => {
  answers = [
    { status, body: { status, message: "Too many requests" } },
    { status: 200, body: PAGE_DATA },
  ];
  await prefetchData(URL_OF_DATA);
  expect(await navigate()).toEqual(PAGE_DATA);
  expect(asked).toBe(2);
});

test("a refusal that arrives after the navigation took the prefetch is not shown either", async () => {
  let refuse: () => void = () => {};
  const refusal = new Promise<void>((resolve) => (refuse = resolve));
  answers = [{ status: 200, body: PAGE_DATA }];
  const fetchNow = globalThis.fetch;
  let first = true;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    if (!first) return fetchNow(...args);
    first = false;
    asked++;
    await refusal;
    return { ok: false, status: 429, statusText: "429", headers: new Headers(), json: async () => null } as Response;
  }) as typeof fetch;
  void prefetchData(URL_OF_DATA);
  const shown = navigate();
  refuse();
  expect(await shown).toEqual(PAGE_DATA);
  expect(asked).toBe(2);
});

test("a prefetched 404 is the page's own answer: shown as it came, without asking again", async () => {
  answers = [{ status: 404, body: { status: 404, message: "Not Found" } }];
  await prefetchData(URL_OF_DATA);
  expect(await navigate()).toEqual({ thrownStatus: 404 });
  expect(asked).toBe(1);
});

test("a refused navigation is shown as refused: the visitor is not sent round in circles", async () => {
  answers = [{ status: 429, body: { status: 429, message: "Too many requests" } }];
  expect(await navigate()).toEqual({ thrownStatus: 429 });
  expect(asked).toBe(1);
});
