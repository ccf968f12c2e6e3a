import * as prismic from "@prismicio/client";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";

let standIn: PrismicHttpStandIn;
beforeAll(async () => {
  standIn = await startPrismicHttpStandIn();
});
afterAll(() => standIn.close());

test("the real client reads the embedded repository over HTTP, every page and image included", async () => {
  jest.spyOn(console, "warn").mockImplementation(() => {});
  const client = prismic.createClient(standIn.endpoint, { fetch: globalThis.fetch.bind(globalThis) });
  const all = await client.dangerouslyGetAll({ lang: "*" });
  expect(all.length).toBe(standIn.repository().refs.get(standIn.repository().masterRef)!.documents.length);
  const home = await client.getSingle("home", { lang: "en-gb" });
  expect(home.lang).toBe("en-gb");
  const image = JSON.stringify(home.data).match(/"url":"(http:\/\/127\.0\.0\.1:\d+\/media\/[^"?]+)/)![1];
  const response = await fetch(image);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^image\//);
  // Read to the end: a body left unread holds its connection open after the stand-in closes.
  expect((await response.arrayBuffer()).byteLength).toBe(Number(response.headers.get("content-length")));
  jest.restoreAllMocks();
});

test("an unknown ref is answered as Prismic answers it, and the client retries with the master ref", async () => {
  // The client warns that a non-Prismic endpoint is used, then that the ref is unknown.
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const client = prismic.createClient(standIn.endpoint, { fetch: globalThis.fetch.bind(globalThis) });
  const home = await client.getSingle("home", { lang: "en-gb", ref: "no-such-ref" });
  expect(home.type).toBe("home");
  expect(standIn.requests.some((r) => r.includes("ref=no-such-ref"))).toBe(true);
  warn.mockRestore();
});
