/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://site.test/gallery/canal-house"}
 */
/**
 * The toolbar stand-in's events at the top of a tab (packages/prismic-stand-in/src/toolbarStandIn.ts),
 * on a fake clock: like the real toolbar, it compares the cookie's ref with the ref the page
 * renders every 3 seconds and says each change once: prismicPreviewUpdate for another ref,
 * prismicPreviewEnd when the cookie holds none, prismicPreviewStart when a page that showed none
 * gets one; its Exit removes the ref first. Inside an editor's frame (push and poll modes) the
 * browser tests hold it: test/browser/embeddedPreview.test.ts and test/engines/embeddedPreview.test.ts.
 */
import { toolbarStandInScript } from "../packages/prismic-stand-in/src/toolbarStandIn";

const COOKIE = "io.prismic.preview";
const writeRef = (ref: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: another tab's toolbar writing the cookie, as the stand-in reads it
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify({ "embedded.prismic.io": { preview: ref } }))}; Path=/`;
};
const removeRef = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: another tab's toolbar removing its ref
  document.cookie = `${COOKIE}=; Path=/; Max-Age=0`;
};

let events: Array<[string, string | null]>;

beforeAll(() => {
  jest.useFakeTimers();
  events = [];
  for (const name of ["prismicPreviewStart", "prismicPreviewUpdate", "prismicPreviewEnd"])
    window.addEventListener(name, (event) => {
      // Taken over, as client/preview.ts does: the stand-in must not reload.
      event.preventDefault();
      events.push([name, (event as CustomEvent<{ ref: string } | null>).detail?.ref ?? null]);
    });
  writeRef("ref-a");
  // The page rendered at ref-a loads the stand-in.
  const script = document.createElement("script");
  script.textContent = toolbarStandInScript([]);
  document.head.append(script);
});
afterAll(() => jest.useRealTimers());

const poll = () => jest.advanceTimersByTime(3_000);

test("the bar is shown with its Exit link", () => {
  expect(document.querySelector("[data-prismic-toolbar-stand-in] a")?.getAttribute("href")).toBe(
    "/preview/exit?to=%2Fgallery%2Fcanal-house",
  );
});

test("the rendered ref in the cookie says nothing; another ref is an update, said once", () => {
  poll();
  expect(events).toEqual([]);
  writeRef("ref-b");
  poll();
  poll();
  expect(events).toEqual([["prismicPreviewUpdate", "ref-b"]]);
});

test("the cookie's ref gone is the end; a ref again on a page that shows none is a start", () => {
  events.length = 0;
  removeRef();
  poll();
  expect(events).toEqual([["prismicPreviewEnd", null]]);
  writeRef("ref-c");
  poll();
  poll();
  expect(events).toEqual([
    ["prismicPreviewEnd", null],
    ["prismicPreviewStart", "ref-c"],
  ]);
});

test("update(ref) writes the ref into the cookie, keeping its shape, and says an update at once (not again at the poll)", () => {
  events.length = 0;
  (window as unknown as { __prismicToolbarStandIn: { update(ref: string): void } }).__prismicToolbarStandIn.update(
    "ref-d",
  );
  poll();
  expect(events).toEqual([["prismicPreviewUpdate", "ref-d"]]);
  expect(JSON.parse(decodeURIComponent(document.cookie.split(`${COOKIE}=`)[1]))).toEqual({
    "embedded.prismic.io": { preview: "ref-d" },
  });
});

test("Exit removes the ref from the cookie, then says the end once", () => {
  events.length = 0;
  (window as unknown as { __prismicToolbarStandIn: { end(): void } }).__prismicToolbarStandIn.end();
  poll();
  expect(events).toEqual([["prismicPreviewEnd", null]]);
  expect(document.cookie).not.toContain(`${COOKIE}=`);
});
