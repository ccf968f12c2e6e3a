/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/us/gallery/braybrook-st?fbclid=AbC123"}
 */
/**
 * When the page-view tracking posts (client/tracking.ts, docs/behaviour.md section 5.2), on a fake
 * clock in a DOM of its own: 300 ms after the page starts it and after each client navigation,
 * never before, one per page shown. The browser test (test/browser/tracking.test.ts) checks the
 * same in Chromium on the page's own clock, where a busy machine blurs the start by tens of
 * milliseconds; here the delay is exact.
 */
import { startConsent } from "../client/consent/consentState";
import { TRACKING_ENDPOINT, trackPageViews, type NavigatingRouter } from "../client/tracking";

/** The delay docs/behaviour.md section 5.2 sets, written out: the module's constant could drift with it. */
const DELAY_MS = 300;

type Listener = Parameters<NavigatingRouter["subscribe"]>[0];

const posted: Array<{ url: string; body: { event_name: string; custom_data: { page_url: string } } }> = [];

beforeAll(() => {
  // A visitor who said yes to marketing.
  startConsent(
    { start: (report) => report({ functional: true, marketing: true, decided: true }) },
    { model: "opt-in", gpc: false },
  );
  window.fetch = (async (url: string, init: RequestInit) => {
    posted.push({ url, body: JSON.parse(String(init.body)) });
    return { ok: true, status: 202, json: async () => ({}) } as Response;
  }) as typeof window.fetch;
});

beforeEach(() => {
  jest.useFakeTimers();
  posted.length = 0;
});
afterEach(() => jest.useRealTimers());

/** A router that tells its one subscriber what the app's router would on a client navigation. */
function fakeRouter() {
  let listener: Listener = () => {};
  const router: NavigatingRouter = {
    subscribe(next) {
      listener = next;
      return () => {};
    },
  };
  const navigate = (path: string) => {
    const url = new URL(path, location.href);
    listener({ navigation: { state: "loading" }, location: { pathname: url.pathname, search: url.search } });
    history.pushState(null, "", path);
    listener({ navigation: { state: "idle" }, location: { pathname: url.pathname, search: url.search } });
  };
  return { router, navigate };
}

test("a PageView is posted 300 ms after the page starts the tracking, not a millisecond before, and once", () => {
  trackPageViews();
  jest.advanceTimersByTime(DELAY_MS - 1);
  expect(posted).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(posted.map(({ url, body }) => [url, body.event_name, body.custom_data.page_url])).toEqual([
    [TRACKING_ENDPOINT, "PageView", "https://www.example.com/us/gallery/braybrook-st?fbclid=AbC123"],
  ]);
  jest.advanceTimersByTime(10_000);
  expect(posted).toHaveLength(1);
});

test("each client navigation posts another PageView 300 ms after it, for the page it shows", () => {
  const { router, navigate } = fakeRouter();
  trackPageViews()(router);
  jest.advanceTimersByTime(DELAY_MS);
  expect(posted).toHaveLength(1);

  navigate("/us/products/doors-drawers");
  jest.advanceTimersByTime(DELAY_MS - 1);
  expect(posted).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(posted.map(({ body }) => body.custom_data.page_url)).toEqual([
    "https://www.example.com/us/gallery/braybrook-st?fbclid=AbC123",
    "https://www.example.com/us/products/doors-drawers",
  ]);
});

test("a page left within 300 ms gets no PageView: the page the visitor stays on does, 300 ms after it", () => {
  const { router, navigate } = fakeRouter();
  trackPageViews()(router);
  jest.advanceTimersByTime(200);
  navigate("/us/gallery");
  jest.advanceTimersByTime(200);
  expect(posted).toEqual([]);
  jest.advanceTimersByTime(DELAY_MS - 200);
  expect(posted.map(({ body }) => body.custom_data.page_url)).toEqual(["https://www.example.com/us/gallery"]);
});

test("a navigation that changes nothing (the same page and query) posts nothing more", () => {
  const { router, navigate } = fakeRouter();
  trackPageViews()(router);
  jest.advanceTimersByTime(DELAY_MS);
  navigate(location.pathname + location.search);
  jest.advanceTimersByTime(10_000);
  expect(posted).toHaveLength(1);
});
