/**
 * Content can never execute script (docs/behaviour.md section 3.7): every field of a hostile document set is
 * escaped in the HTML, the JSON-LD and the hydration payload; unsafe links and embed HTML are dropped.
 */
import fs from "node:fs";
import request from "supertest";
import type { Express } from "express";
import { HOSTILE, writeHostileContent } from "./support/hostileContent";
import { cspDirectives, inlineScriptSources } from "./support/html";
import { createTestApp } from "./support/testApp";

let dir: string;
let app: Express;
beforeAll(() => {
  dir = writeHostileContent();
  app = createTestApp({ contentDir: dir }).app;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Elements and attributes as the browser would parse them, outside text and attribute values. */
function activeMarkup(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
  return { scripts, tags };
}

describe.each(["/", "/info/blog/choosing-a-worktop"])("%s with hostile content", (path) => {
  let html: string;
  let policy: string;
  beforeAll(async () => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    html = res.text;
    policy = res.headers["content-security-policy"];
  });

  test("every script element is ours: each that runs is allowed by the policy's hash of it; the payload never opens one", () => {
    const { scripts } = activeMarkup(html);
    expect(cspDirectives(policy)["script-src"]).toEqual([...inlineScriptSources(html), "'strict-dynamic'", "'self'"]);
    for (const [, attributes] of scripts) expect(attributes).not.toMatch(/\ssrc=/);
    expect(html).not.toContain("<script>window.__pwned");
    // Inside our scripts the payload is data: `<` is always escaped there.
    for (const [, , body] of scripts) expect(body).not.toMatch(/<\/?script/i);
  });

  test("no element carries the payload's event handler or a javascript: URL", () => {
    expect(html).not.toContain("<img src=x onerror");
    for (const tag of activeMarkup(html).tags) {
      expect(tag).not.toMatch(/(?:href|src|action)\s*=\s*"\s*javascript:/i);
    }
  });

  test("the payload text is shown escaped, and the JS line separators never appear raw in a script", () => {
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;window.__pwned=1");
    for (const [, , body] of activeMarkup(html).scripts) expect(body).not.toMatch(/[\u2028\u2029]/);
  });

  test("structured data still parses and carries the text as data", () => {
    for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(() => JSON.parse(m[1])).not.toThrow();
    }
  });

  test("rich text without spans, with a null node or a broken span renders what it can instead of failing the page", () => {
    expect(html).toContain("<p>A paragraph without spans</p>");
    expect(html).toContain("<li>An item with spans null</li>");
    expect(html).toContain("<p>sh<strong>ort</strong></p>");
  });

  test("embed provider HTML never reaches the page", () => {
    expect(html).not.toContain("<img src=x");
    expect(html).not.toMatch(/<iframe/i);
  });
});

test("the hostile text really is in the content (the test is not vacuous)", async () => {
  const res = await request(app).get("/_data/info/blog/choosing-a-worktop?_route=info-blog-uid___gb");
  expect(res.body.document.data.title).toBe(HOSTILE);
});
