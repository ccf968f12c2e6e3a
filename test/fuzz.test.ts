/**
 * Fuzzing the HTTP surface (docs/behaviour.md section 7.5, shortened for CI): generated requests with random paths,
 * percent-encodings, over-long and unicode segments, odd methods, malformed cookies (a broken
 * preview cookie among them), malformed Accept-Language and malformed JSON bodies to every
 * API. Whatever comes in: no 5xx, no crash, an answer within a bound. FUZZ_RUNS sets the count
 * (CI: 1,000; `FUZZ_RUNS=10000 npm test -- fuzz` for the full run). The media parameters have
 * their own property: every combination of w, h, dpr, q, fm, fit, rect and auto is an image or a
 * 400 naming a parameter, never a 5xx (MEDIA_FUZZ_RUNS, CI: 40, each may cost a transform).
 *
 * Each run draws a new seed. A failure names its seed, its path and the shrunk input, and the
 * command that replays exactly that case: `FUZZ_SEED=… FUZZ_PATH=… npm test -- test/fuzz.test.ts`.
 */
import fs from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import fc from "fast-check";
import request from "supertest";
import type { Express } from "express";
import { createTestApp } from "./support/testApp";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const MEDIA_RUNS = Number(process.env.MEDIA_FUZZ_RUNS ?? 40);
const TIME_BOUND_MS = 5_000;
/** The run's seed (FUZZ_SEED replays one), and with FUZZ_PATH the one failing case to replay. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const REPLAY_PATH = process.env.FUZZ_PATH;
const mediaCache = fs.mkdtempSync(nodePath.join(os.tmpdir(), "fuzz-media-"));

let app: Express;
beforeAll(() => {
  // No render budget: past it every request would be a 429 and the render path would go unfuzzed.
  app = createTestApp({
    env: {
      PRISMIC_WEBHOOK_SECRET: "fuzz-secret-of-enough-length",
      MEDIA_CACHE_DIR: mediaCache,
      RENDER_BUDGET_PER_MINUTE: "0",
    },
  }).app;
});
afterAll(() => fs.rmSync(mediaCache, { recursive: true, force: true }));

const KNOWN = [
  "",
  "us",
  "gallery",
  "info",
  "blog",
  "materials",
  "samples",
  "preview",
  "_data",
  "_region",
  "media",
  "api",
  "meta-capi",
  "prismic-webhook",
  "client-log",
  "slice-simulator",
  "sitemap.xml",
  "builds",
  "assets",
  "inspiration",
  "products",
];

const segment = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  fc.string({ unit: "grapheme", maxLength: 12 }).map(encodeURIComponent),
  fc.string({ maxLength: 8 }).map((s) => s.replace(/[/?#]/g, "")),
  fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "%00",
    "%2e%2e",
    "..",
    ".",
    "%2F%2Fevil",
    "\\evil",
    "a".repeat(300),
    "%C0%AF",
    "%ff%fe",
  ),
);
const path = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`);
const query = fc.option(
  fc.dictionary(
    fc.constantFrom("page", "token", "documentId", "_route", "to", "w", "auto", "q", "fbclid", "x"),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("-1", "1e9", "%", "[]", "https://evil.example")),
  ),
  { nil: undefined },
);
const cookie = fc.option(
  fc.oneof(
    fc.constantFrom(
      "io.prismic.preview=%7Bnot-json",
      'io.prismic.preview={"embedded.prismic.io":{"preview":123}}',
      "io.prismic.preview=https%3A%2F%2Fembedded.invalid%2Fpreviews%2Fnope",
      "i18n_redirected=zz",
      "i18n_redirected=us",
      "consent=%7B%7D",
      "=;;=;",
    ),
    fc.string({ maxLength: 40 }).map((s) => `x=${s.replace(/[\r\n;]/g, "")}`),
  ),
  { nil: undefined },
);
const language = fc.option(
  fc.oneof(
    fc.constantFrom("en-US", "en-GB;q=0.9, en-US;q=1", ";;;q=abc", "*", "en-US;q=2", "x".repeat(500)),
    fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, "")),
  ),
  { nil: undefined },
);
const method = fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH");
const jsonBody = fc.oneof(
  fc.constant("{not json"),
  fc.constant('{"a":'),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.constant("[]"),
  fc.constant("null"),
);

/**
 * Runs the property; a failure throws fast-check's report (seed, path, shrunk input, the error)
 * and the command that replays that case alone.
 */
async function assertReplayable<T extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<T>,
  numRuns: number,
): Promise<void> {
  const testName = expect.getState().currentTestName ?? "";
  const replay = (seed: number, path?: string | null) =>
    `FUZZ_SEED=${seed}${path ? ` FUZZ_PATH=${path}` : ""} npm test -- test/fuzz.test.ts -t '${testName.replace(/'/g, "'\\''")}'`;
  // An error in generating the input (not in the property) escapes fast-check without its seed.
  const details = await Promise.resolve()
    .then(() => fc.check(property, { numRuns, seed: SEED, ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) }))
    .catch((error: Error) => {
      throw new Error(`generating an input failed (seed ${SEED}): ${error.message}\n\nReplay it: ${replay(SEED)}`, {
        cause: error,
      });
    });
  if (!details.failed) return;
  const failure =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${await fc.asyncDefaultReportMessage(details)}\n\nThe failure: ${failure}\n\nReplay this case alone: ` +
      replay(details.seed, details.counterexamplePath),
    { cause: details.errorInstance },
  );
}

test(`${RUNS} generated requests: never a 5xx, never a crash, always answered in time`, async () => {
  await assertReplayable(
    fc.asyncProperty(method, path, query, cookie, language, jsonBody, async (verb, p, q, c, lang, body) => {
      const search = q
        ? `?${Object.entries(q)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join("&")}`
        : "";
      // supertest needs a valid request line: keep the generated bytes inside the path, percent-encoded where needed.
      const url = (p + search).replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch));
      let req = request(app)[verb.toLowerCase() as "get"](url).timeout(TIME_BOUND_MS);
      if (c) req = req.set("Cookie", c);
      if (lang) req = req.set("Accept-Language", lang);
      if (verb === "POST" || verb === "PUT" || verb === "PATCH") {
        req = req.set("Content-Type", "application/json").set("Origin", "http://localhost:3000").send(body);
      }
      const started = Date.now();
      const res = await req;
      expect(res.status).toBeLessThan(500);
      expect(Date.now() - started).toBeLessThan(TIME_BOUND_MS);
      expect(res.text ?? "").not.toMatch(/\n\s+at \S+ \(|node_modules|\.tsx?:\d+:\d+/);
    }),
    RUNS,
  );
}, 600_000);

/**
 * At most three of the drawn parameters, in any order, as real URLs have: with all nine almost
 * every request would be a 400. A record can come with fewer than three (about one run of the
 * media property in 430 drew one): then as many as it has.
 */
const atMostThree = (params: Partial<Record<string, string>>) => {
  const entries = Object.entries(params);
  return fc.shuffledSubarray(entries, { maxLength: Math.min(3, entries.length) });
};

// Mostly well-formed values (so transforms really run), some malformed ones.
const dimension = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4000 }).map(String), weight: 4 },
  {
    arbitrary: fc.constantFrom("640", "828", "1200", "2048", "3840", "-5", "0", "1e3", "12.5", "", "abc", "99999999"),
    weight: 1,
  },
);
const mediaParam = fc
  .record(
    {
      w: dimension,
      width: fc.constantFrom("640", "7"),
      h: dimension,
      dpr: fc.oneof(
        { arbitrary: fc.double({ min: 1, max: 3, noNaN: true }).map((n) => n.toFixed(2)), weight: 3 },
        fc.constantFrom("0", "-1", "4", "x"),
      ),
      q: fc.oneof(fc.integer({ min: -1, max: 102 }).map(String), fc.constant("")),
      fm: fc.constantFrom("jpg", "png", "webp", "gif", "tiff", ""),
      fit: fc.constantFrom("clip", "crop", "max", "min", "fill", "fillmax", "scale", "facearea", "bogus"),
      rect: fc.oneof(
        {
          arbitrary: fc.tuple(fc.nat(3000), fc.nat(3000), fc.nat(3000), fc.nat(3000)).map((r) => r.join(",")),
          weight: 4,
        },
        fc.constantFrom("0,0,0,0", "-1,0,10,10", "1,2,3", "a,b,c,d"),
      ),
      auto: fc.constantFrom("format", "compress", "format,compress", "enhance", "magic"),
    },
    { requiredKeys: [] },
  )
  .chain(atMostThree)
  .map((entries) => Object.fromEntries(entries));

test(`${MEDIA_RUNS} generated media requests: an image or a 400 naming a parameter, in time`, async () => {
  const statuses: number[] = [];
  await assertReplayable(
    fc.asyncProperty(fc.constantFrom("og-default.jpg", "swatch-ash.jpg"), mediaParam, async (file, params) => {
      const url = `/media/${file}?${new URLSearchParams(params as Record<string, string>)}`;
      const started = Date.now();
      const res = await request(app).get(url).timeout(TIME_BOUND_MS);
      statuses.push(res.status);
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(res.text).toMatch(/^(Invalid|Unknown) image parameter|^Image parameter/);
      expect(Date.now() - started).toBeLessThan(TIME_BOUND_MS);
    }),
    MEDIA_RUNS,
  );
  // Both kinds really occurred: the property covered transforms, not only refusals.
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(MEDIA_RUNS / 10);
  expect(statuses).toContain(400);
}, 300_000);

test("the media parameters' generator draws from a record of fewer than three parameters too", () => {
  for (const params of [{}, { w: "640" }, { w: "640", fm: "webp" }]) {
    const drawn = fc.sample(atMostThree(params), { numRuns: 20, seed: SEED });
    expect(drawn.every((entries) => entries.every(([key]) => key in params))).toBe(true);
  }
});

test.each([
  ["/api/meta-capi", "{not json"],
  ["/api/meta-capi", "x".repeat(20_000)],
  ["/api/client-log", "{"],
  ["/api/prismic-webhook", "[1,2"],
])("a malformed body to %s is a 4xx", async (endpoint, body) => {
  const res = await request(app)
    .post(endpoint)
    .set("Content-Type", "application/json")
    .set("Origin", "http://localhost:3000")
    .send(body);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
});
