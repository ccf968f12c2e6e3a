/**
 * The preview-verification budget fits an editor typing in Prismic's editor (docs/prismic.md,
 * "Previews inside Prismic's editor"): each pause pushes a new ref, a new token to ask about.
 * A client with a verified preview may have at least 20 new refs a minute asked about (here one a
 * second for two minutes); a stranger's bounds (10 at once, then 30 a minute) are unchanged.
 */
import type { Request } from "express";
import { createLogger } from "../server/observability/logger";
import { createPreviewGate, EDITOR_BURST, EDITOR_PER_MINUTE } from "../server/preview/previewVerification";

function gate() {
  let t = 1_000_000;
  const previews = createPreviewGate({
    // Refs starting with m- are Prismic's; anything else is made up.
    content: { verifyPreview: async (token) => token.startsWith("m-"), previewRefused: () => false },
    repositoryName: "my-repo",
    logger: createLogger("silent"),
    now: () => t,
  });
  const tick = (ms: number) => {
    t += ms;
  };
  return { previews, tick };
}

const requestFrom = (ip: string, ref: string) =>
  ({ ip, method: "GET", cookies: { "io.prismic.preview": ref }, socket: {}, headers: {} }) as unknown as Request;

/** One page request: whether its token was asked about (not refused for want of budget), once settled. */
async function push(previews: ReturnType<typeof gate>["previews"], ip: string, ref: string): Promise<string> {
  const req = requestFrom(ip, ref);
  const admission = previews.admit(req);
  await previews.isPreview(req);
  return admission;
}

test("an editor pushes a new ref every second for two minutes: every one is asked about and previews", async () => {
  const { previews, tick } = gate();
  const editor = "198.51.100.7";
  expect(await push(previews, editor, "m-first:p-0")).toBe("verify");
  expect(previews.status("m-first:p-0")).toBe("valid");
  const refused: number[] = [];
  for (let i = 1; i <= 120; i++) {
    tick(1_000);
    const admission = await push(previews, editor, `m-typing:p-${i}`);
    if (admission !== "verify") refused.push(i);
  }
  expect(refused).toEqual([]);
  // 60 a minute sustained is within a stranger's 30 plus an editor's own.
  expect(30 + EDITOR_PER_MINUTE).toBeGreaterThanOrEqual(60);
});

test("an editor's burst: past a stranger's 10, up to the process's 20 at once, then its pace", async () => {
  const { previews, tick } = gate();
  const editor = "198.51.100.8";
  await push(previews, editor, "m-first:p-0");
  let asked = 0;
  for (let i = 1; i <= 100; i++) if ((await push(previews, editor, `m-burst:p-${i}`)) === "verify") asked++;
  // The stranger's 10 and the editor's 20 at once, within the process's burst of 20 (its first ref was one).
  expect(asked).toBe(Math.min(10 + EDITOR_BURST, 20) - 1);
  // A minute later: at least 20 more (a stranger's 30 and the editor's 60 a minute, each capped by its burst).
  tick(60_000);
  asked = 0;
  for (let i = 1; i <= 100; i++) if ((await push(previews, editor, `m-later:p-${i}`)) === "verify") asked++;
  expect(asked).toBeGreaterThanOrEqual(20);
});

test("a stranger's bounds are unchanged: 10 at once, then one each 2 seconds, however many made-up tokens", async () => {
  const { previews, tick } = gate();
  const stranger = "203.0.113.9";
  let asked = 0;
  for (let i = 0; i < 50; i++) if ((await push(previews, stranger, `made-up-${i}`)) === "verify") asked++;
  expect(asked).toBe(10);
  asked = 0;
  for (let s = 0; s < 60; s++) {
    tick(1_000);
    if ((await push(previews, stranger, `made-up-later-${s}`)) === "verify") asked++;
  }
  expect(asked).toBe(30);
});

test("made-up tokens never make an editor: only a token Prismic verified does", async () => {
  const { previews } = gate();
  const stranger = "203.0.113.10";
  for (let i = 0; i < 10; i++) await push(previews, stranger, `made-up-${i}`);
  // Its own budget spent, and no editor's budget: a real ref now is unverified too.
  expect(await push(previews, stranger, "m-real:p-1")).toBe("unverified");
});

test("/preview's verified answer makes its client an editor at once", async () => {
  const { previews } = gate();
  const editor = "198.51.100.9";
  for (let i = 0; i < 10; i++) await push(previews, editor, `made-up-${i}`);
  previews.remember("m-from-preview:p-1", true, requestFrom(editor, ""));
  expect(await push(previews, editor, "m-next:p-2")).toBe("verify");
});
