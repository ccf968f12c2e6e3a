/**
 * Speculation rules in every page (shared/speculationRules.ts): one fixed string, allowed by the
 * page's policy (by its hash), matching only this site's page links and never its endpoints; none in preview.
 */
import request from "supertest";
import type { Express } from "express";
import { previewCookieValue } from "../server/preview/previewRoute";
import { NEVER_SPECULATED, SPECULATION_RULES_JSON } from "../shared/speculationRules";
import { sha256Source } from "../server/render/scriptHashes";
import { cspDirectives } from "./support/html";
import { createTestApp } from "./support/testApp";

let app: Express;
beforeAll(() => {
  app = createTestApp().app;
});

const RULES = /<script type="speculationrules">([^<]*)<\/script>/;

test("every page carries the same rules, as one fixed string its policy allows by hash", async () => {
  const bodies = new Set<string>();
  for (const path of [
    "/",
    "/us",
    "/gallery/canal-house",
    "/info/blog/planning-a-pantry",
    "/materials/samples",
    "/no-such-page",
  ]) {
    const response = await request(app).get(path);
    const match = RULES.exec(response.text);
    expect([path, match !== null]).toEqual([path, true]);
    bodies.add(match![1]);
    expect(cspDirectives(response.headers["content-security-policy"])["script-src"]).toContain(
      sha256Source(SPECULATION_RULES_JSON),
    );
  }
  expect([...bodies]).toEqual([SPECULATION_RULES_JSON]);
});

test("the rules prefetch this site's page links on hover or press, and never its endpoints or marked links", () => {
  const rules = JSON.parse(SPECULATION_RULES_JSON);
  expect(Object.keys(rules)).toEqual(["prefetch"]);
  const [rule] = rules.prefetch;
  expect(rule).toMatchObject({ source: "document", eagerness: "moderate" });
  const [sameSite, endpoints, marked] = rule.where.and;
  // A path pattern matches this origin's links only: external links are never speculated.
  expect(sameSite).toEqual({ href_matches: "/*" });
  expect(endpoints.not.href_matches).toEqual([...NEVER_SPECULATED]);
  for (const path of ["/preview", "/preview/*", "/api/*", "/_data/*", "/_region/*"])
    expect(endpoints.not.href_matches).toContain(path);
  expect(marked.not.selector_matches).toContain('[data-speculation="off"]');
  expect(SPECULATION_RULES_JSON).not.toContain("<");
});

test("a page rendered in preview has no rules", async () => {
  const token = "https://embedded.invalid/previews/spring-refresh";
  const response = await request(app)
    .get("/")
    .set("Cookie", `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`);
  expect(response.headers["cache-control"]).toBe("private, no-store");
  expect(response.text).not.toContain("speculationrules");
});
