/**
 * @jest-environment jsdom
 */
/**
 * The browser reads the server's hydration data (client/hydrationData.ts) from the page's own
 * JSON script element, which no element of the content can shadow (docs/behaviour.md section
 * 2.2): a heading with the same id ahead of it once made the first interaction end on the error
 * screen (`"Router hydration" is not valid JSON`).
 */
import { adoptHydrationData } from "../client/hydrationData";

const target = window as { __staticRouterHydrationData?: unknown };
const DATA = { loaderData: { home___gb: { title: "Home" } }, actionData: null, errors: null };
const dataScript = (data: unknown = DATA) =>
  `<script type="application/json" id="router-hydration">${JSON.stringify(data)}</script>`;

afterEach(() => {
  delete target.__staticRouterHydrationData;
  document.body.innerHTML = "";
});

test("a heading of the same id ahead of the data is not read", () => {
  document.body.innerHTML = `<div id="root"><main id="main"><h2 id="router-hydration">Router hydration</h2></main></div>${dataScript()}`;
  expect(() => adoptHydrationData()).not.toThrow();
  expect(target.__staticRouterHydrationData).toEqual(DATA);
});

test("nor an element of that id inside the app's markup, whatever it is", () => {
  document.body.innerHTML = `<div id="root"><script type="application/json" id="router-hydration">"not the data"</script><div id="router-hydration">{}</div></div>${dataScript()}`;
  adoptHydrationData();
  expect(target.__staticRouterHydrationData).toEqual(DATA);
});

test("only a JSON script element that is the body's child counts: without one, nothing is adopted", () => {
  document.body.innerHTML = `<div id="root"><h2 id="router-hydration">{"loaderData":{}}</h2></div><script id="router-hydration">{"loaderData":{}}</script>`;
  adoptHydrationData();
  expect(target.__staticRouterHydrationData).toBeUndefined();
});

test("data already set (a preview's inline script) is kept", () => {
  target.__staticRouterHydrationData = { preview: true };
  document.body.innerHTML = `<div id="root"></div>${dataScript()}`;
  adoptHydrationData();
  expect(target.__staticRouterHydrationData).toEqual({ preview: true });
});
