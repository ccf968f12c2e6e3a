/** Security headers on every response: Permissions-Policy always, HSTS only over HTTPS (behind a trusted proxy). */
import request from "supertest";
import { HSTS, PERMISSIONS_POLICY } from "../server/security";
import { createTestApp } from "./support/testApp";

test("pages carry the Permissions-Policy, the referrer policy and nosniff, and no HSTS over plain HTTP", async () => {
  const { app } = createTestApp();
  const res = await request(app).get("/");
  expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["strict-transport-security"]).toBeUndefined();
});

test("behind a trusted proxy that terminated HTTPS, responses carry HSTS", async () => {
  const { app } = createTestApp({ env: { TRUST_PROXY: "1" } });
  const res = await request(app).get("/").set("X-Forwarded-Proto", "https");
  expect(res.headers["strict-transport-security"]).toBe(HSTS);
  const spoofed = await request(createTestApp().app).get("/").set("X-Forwarded-Proto", "https");
  expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
});
