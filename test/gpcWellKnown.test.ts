/**
 * `/.well-known/gpc.json` (server/tracking/gpcWellKnown.ts), the Global Privacy Control specification's
 * well-known resource: `{"gpc": true, "lastUpdate": "YYYY-MM-DD"}` as application/json, kept a
 * day by caches, at its exact spelling only (docs/security.md, "Caches and URL spellings").
 */
import request from "supertest";
import { GPC_POLICY_DATE } from "../server/tracking/trackingSettings";
import { createTestApp } from "./support/testApp";

describe("GET /.well-known/gpc.json", () => {
  const { app } = createTestApp();

  test("says the site honours the signal, since the day the policy took effect", async () => {
    const res = await request(app).get("/.well-known/gpc.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.text).toBe('{"gpc":true,"lastUpdate":"2026-11-26"}');
    expect(GPC_POLICY_DATE).toBe("2026-11-26");
  });

  test("HEAD answers the same headers without the body; a query changes nothing", async () => {
    const head = await request(app).head("/.well-known/gpc.json");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(head.text).toBeUndefined();
    expect((await request(app).get("/.well-known/gpc.json?v=2")).body).toEqual({ gpc: true, lastUpdate: "2026-11-26" });
  });

  test("any other spelling is the plain 404 that no cache keeps, as for the other root files", async () => {
    for (const spelling of [
      "//.well-known/gpc.json",
      "/.well-known//gpc.json",
      "/.WELL-KNOWN/gpc.json",
      "/.well-known/GPC.json",
      "/.well-known/gpc.json/",
      "/%2Ewell-known/gpc.json",
      "/.well-known/gpc%2Ejson",
      "/.well-known/./gpc.json",
      "/x/../.well-known/gpc.json",
    ]) {
      const res = await request(app).get(spelling);
      expect({ spelling, status: res.status, cacheControl: res.headers["cache-control"], type: res.type }).toEqual({
        spelling,
        status: 404,
        cacheControl: "no-store",
        type: "text/plain",
      });
    }
  });

  test("only GET and HEAD: a POST is not this file", async () => {
    expect((await request(app).post("/.well-known/gpc.json").send({})).status).toBe(405);
  });

  test("GPC_LAST_UPDATE moves lastUpdate when the site's handling of the signal changes", async () => {
    const other = createTestApp({ env: { GPC_LAST_UPDATE: "2027-03-01" } });
    expect((await request(other.app).get("/.well-known/gpc.json")).text).toBe('{"gpc":true,"lastUpdate":"2027-03-01"}');
  });
});
