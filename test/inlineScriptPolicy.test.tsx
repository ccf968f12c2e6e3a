/**
 * A cached page's policy allows the inline scripts the document shell writes, and nothing else
 * (docs/behaviour.md section 6.1): were a view ever to emit an inline script of its own (a future injection), its
 * hash would not be in the policy, the page would not be kept in the cache, and the log would
 * say which page. Here the breadcrumbs are replaced by such a script.
 */
import request from "supertest";
import { sha256Source } from "../server/render/scriptHashes";
import { capturingLogger } from "./support/capturingLogger";
import { attribute, scriptsOf } from "./support/html";
import { createTestApp, WITH_PAGE_CACHE } from "./support/testApp";

const INJECTED = "window.injected=1";

jest.mock("../views/parts/Breadcrumbs", () => ({
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the injection this test must catch
  Breadcrumbs: () => <script dangerouslySetInnerHTML={{ __html: "window.injected=1" }} />,
}));

test("an inline script the shell did not write is not allowed by the policy, and its page is logged and never cached", async () => {
  const { logger, lines } = capturingLogger("info");
  const { app } = createTestApp({ logger, env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" } });
  const first = await request(app).get("/info/privacy-policy");
  expect(first.status).toBe(200);
  expect(first.text).toContain(`<script>${INJECTED}</script>`);
  const policy = String(first.headers["content-security-policy"]);
  expect(policy).not.toContain(sha256Source(INJECTED));
  // The shell's own scripts are still allowed: each inline script but the injected one has its hash.
  const shellScripts = scriptsOf(first.text).filter(
    (s) =>
      attribute(s.attributes, "src") === undefined &&
      ["", "speculationrules"].includes(attribute(s.attributes, "type") ?? "") &&
      s.body !== INJECTED,
  );
  expect(shellScripts.length).toBeGreaterThan(1);
  for (const script of shellScripts) expect(policy).toContain(sha256Source(script.body));
  // Never kept: every request renders it again.
  await new Promise((r) => setTimeout(r, 100));
  const again = await request(app).get("/info/privacy-policy");
  expect(again.headers["x-cache"]).not.toBe("HIT");
  expect(
    lines.some((l) => l.level >= 50 && String(l.msg).includes("inline script") && l.page === "/info/privacy-policy"),
  ).toBe(true);
});

test("a page whose inline scripts are all the shell's is cached as before", async () => {
  const { app } = createTestApp({ env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "60000" } });
  await request(app).get("/");
  await new Promise((r) => setTimeout(r, 100));
  expect((await request(app).get("/")).headers["x-cache"]).toBe("HIT");
});
