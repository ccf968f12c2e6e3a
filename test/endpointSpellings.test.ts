/**
 * The app's endpoints answer their exact spelling only (docs/security.md, "Only page paths are
 * re-spelled"): another case or a trailing slash gets the generic answer (404, or 405 where the
 * path is a page's), never the endpoint's. Each router is case-sensitive and strict, as the app's
 * own routing is; Express's default would match any case and a trailing slash.
 */
import request from "supertest";
import { createTestApp } from "./support/testApp";

const { app } = createTestApp({
  env: {
    PRISMIC_WEBHOOK_SECRET: "a-webhook-secret-of-some-length",
    // The privacy choices form is served with the site's own consent banner, which comes with tags.
    GTM_ID: "GTM-TEST123",
    GTM_SRC: "http://127.0.0.1:9/gtm.js",
    EMBEDDED_PREVIEWS: "on",
  },
});

interface Endpoint {
  method: "get" | "post";
  path: string;
  query?: string;
}
const ENDPOINTS: Endpoint[] = [
  { method: "post", path: "/api/meta-capi" },
  { method: "post", path: "/api/prismic-webhook" },
  { method: "post", path: "/api/client-log" },
  { method: "post", path: "/api/vitals" },
  { method: "get", path: "/preview", query: "?token=https://example.prismic.io/previews/x&documentId=home-gb" },
  { method: "get", path: "/builds/latest.json" },
  { method: "post", path: "/privacy-choices" },
  { method: "post", path: "/us/privacy-choices" },
];

/** The path in upper case, with its first letter alone in upper case, and with a trailing slash. */
const spellings = (path: string) => [
  path.toUpperCase(),
  path.replace(/\/([a-z])/, (_m, letter: string) => `/${letter.toUpperCase()}`),
  `${path}/`,
];

const send = ({ method, query = "" }: Endpoint, path: string) =>
  request(app)
    [method](path + query)
    .set("Origin", "http://localhost:3000")
    .send({});

describe.each(ENDPOINTS)("$method $path", (endpoint) => {
  test("its own spelling reaches it", async () => {
    const res = await send(endpoint, endpoint.path);
    expect([404, 405]).not.toContain(res.status);
  });

  test.each(spellings(endpoint.path))("%s gets the generic answer", async (path) => {
    const res = await send(endpoint, path);
    expect([404, 405]).toContain(res.status);
    expect(res.headers.location).toBeUndefined();
  });
});
