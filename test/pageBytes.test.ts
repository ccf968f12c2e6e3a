/**
 * What a visitor receives does not change with the server's internals (docs/behaviour.md section 7.5): every page of
 * the site, in both regions and in preview, has the same status and the same body, byte for
 * byte, as recorded in test/support/pageBytes.json. Pages are found as a crawler finds them (the
 * sitemap, then every same-site link of every page), rendered with the asset manifest recorded
 * beside them, so a change of the client build does not count as a change of the server's output.
 *
 * A change meant to change pages re-records the fixture: `RECORD_PAGE_BYTES=1 npm test --
 * test/pageBytes.test.ts` (PAGE_BYTES_DUMP=<dir> also writes each body there, to diff by hand).
 * Re-recording keeps the recorded asset manifest (adding only what the build has and it lacks)
 * and the recorded order, so the fixture's diff is the pages that changed and nothing else.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { embeddedPreviewToken, releaseRef } from "../packages/prismic-stand-in/src/testing";
import { previewCookieValue } from "../server/preview/previewRoute";
import type { AssetManifest } from "../server/http/assets";
import { readAssetManifest } from "../server/http/assets";
import { createTestApp, ROOT, WITH_PAGE_CACHE } from "./support/testApp";

const FIXTURE = path.join(__dirname, "support/pageBytes.json");
const RECORD = process.env.RECORD_PAGE_BYTES === "1";
const DUMP = process.env.PAGE_BYTES_DUMP;
/** A bound on the crawl: the demo site has about seventy pages. */
const MAX_PAGES = 600;

interface Recorded {
  status: number;
  location?: string;
  sha256?: string;
}
interface Fixture {
  manifest: AssetManifest;
  pages: Record<string, Recorded>;
  previews: Record<string, Recorded>;
}

const existing: Fixture | undefined = fs.existsSync(FIXTURE)
  ? (JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as Fixture)
  : undefined;
const RE_RECORD = "RECORD_PAGE_BYTES=1 npm test -- test/pageBytes.test.ts";

/**
 * The manifest pages are rendered with: the recorded one, so a re-record changes only the pages
 * that changed, plus whatever the current build has that it lacks (a new page module).
 */
function manifestToRender(): AssetManifest {
  const built = readAssetManifest(path.join(ROOT, "dist"));
  if (!existing) return built;
  if (!RECORD) return existing.manifest;
  const recorded = existing.manifest;
  return { ...built, ...recorded, modules: { ...built.modules, ...recorded.modules } };
}
const manifest = manifestToRender();

/** `now` in the order of `before` for the keys both have, then its new keys in their own order. */
function inRecordedOrder(before: Record<string, Recorded> | undefined, now: Record<string, Recorded>) {
  const keys = [
    ...Object.keys(before ?? {}).filter((k) => k in now),
    ...Object.keys(now).filter((k) => !before || !(k in before)),
  ];
  return Object.fromEntries(keys.map((k) => [k, now[k]]));
}

/** One line per page whose status, redirect or bytes differ from the recording. */
function differences(kind: string, before: Record<string, Recorded>, now: Record<string, Recorded>): string[] {
  const lines: string[] = [];
  for (const url of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (!(url in now)) lines.push(`${kind} ${url}: recorded, no longer reached`);
    else if (!(url in before)) lines.push(`${kind} ${url}: new, not recorded`);
    else if (JSON.stringify(before[url]) !== JSON.stringify(now[url]))
      lines.push(`${kind} ${url}: ${JSON.stringify(before[url])} → ${JSON.stringify(now[url])}`);
  }
  return lines;
}

/** A preview's nonce differs per response by design; everything else must not. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce="N"');

function dump(kind: string, url: string, body: string): void {
  if (!DUMP) return;
  fs.mkdirSync(path.join(DUMP, kind), { recursive: true });
  fs.writeFileSync(path.join(DUMP, kind, `${encodeURIComponent(url)}.html`), body);
}

async function fetchPage(
  app: Parameters<typeof request>[0],
  url: string,
  cookie?: string,
): Promise<{ recorded: Recorded; body: string }> {
  const req = request(app)
    .get(url)
    .set("Accept-Encoding", "identity")
    .set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36");
  const res = await (cookie ? req.set("Cookie", cookie) : req);
  const body = res.text ?? "";
  if (res.status >= 300 && res.status < 400)
    return { recorded: { status: res.status, location: res.headers.location }, body };
  return {
    recorded: { status: res.status, sha256: createHash("sha256").update(withoutNonce(body)).digest("base64") },
    body,
  };
}

/** Same-site page links of a page: no assets, media, endpoints or fragments. */
function linksOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/href="(\/[^"#]*)"/g)) {
    const url = href.replace(/&amp;/g, "&");
    if (
      /^\/(assets|media|builds|api|_data|preview|_region|favicon|fonts)\b/.test(url) ||
      /\.\w+$/.test(url.split("?")[0])
    )
      continue;
    found.add(url);
  }
  return [...found];
}

jest.setTimeout(180_000);

test("every page, in both regions and in preview, is the same bytes as recorded", async () => {
  const t = createTestApp({ env: { ...WITH_PAGE_CACHE, CONTENT_REF_TTL_MS: "300000" }, assets: manifest });
  const sitemap = await request(t.app).get("/sitemap.xml");
  const queue = [
    "/",
    "/us",
    "/no-such-page",
    "/us/no-such-page",
    "/gallery/no-such-project",
    ...[...sitemap.text.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(
      ([, p]) => p.replace(/&amp;/g, "&") || "/",
    ),
  ];
  const pages: Record<string, Recorded> = {};
  const bodies = new Map<string, string>();
  while (queue.length > 0 && Object.keys(pages).length < MAX_PAGES) {
    const url = queue.shift()!;
    if (url in pages) continue;
    const { recorded, body } = await fetchPage(t.app, url);
    pages[url] = recorded;
    dump("pages", url, body);
    if (recorded.status === 200) {
      bodies.set(url, body);
      for (const link of linksOf(body)) if (!(link in pages)) queue.push(link);
    }
  }
  expect(Object.keys(pages).length).toBeGreaterThan(60);
  expect(Object.keys(pages).filter((u) => u.startsWith("/us")).length).toBeGreaterThan(30);

  // Previews: rendered per request and never shared, at the release's ref; twice each, so a
  // preview that reused another's render (or a public page's) would show.
  const token = embeddedPreviewToken(releaseRef(t.contentClient.embedded!.current(), "spring-refresh")!);
  const cookie = `io.prismic.preview=${encodeURIComponent(previewCookieValue("embedded", token))}`;
  const previews: Record<string, Recorded> = {};
  for (const url of Object.keys(pages).filter((u) => pages[u].status === 200 || pages[u].status === 404)) {
    const { recorded, body } = await fetchPage(t.app, url, cookie);
    previews[url] = recorded;
    dump("previews", url, body);
    const again = await fetchPage(t.app, url, cookie);
    expect(again.recorded).toEqual(recorded);
  }
  // And the public pages once more, from the cache now, after the previews: the same bytes.
  for (const [url, body] of bodies) expect((await fetchPage(t.app, url)).body).toBe(body);

  // Rendered again and again with no page cache: whatever is reused between renders (content
  // read once per ref, data derived from it) gives the same bytes the second time as the first.
  const uncached = createTestApp({ env: { PAGE_CACHE_BYTES: "0", CONTENT_REF_TTL_MS: "300000" }, assets: manifest });
  for (const [url, body] of bodies) {
    expect((await fetchPage(uncached.app, url)).body).toBe(body);
    expect((await fetchPage(uncached.app, url)).body).toBe(body);
  }

  if (RECORD || !existing) {
    const fixture = {
      manifest,
      pages: inRecordedOrder(existing?.pages, pages),
      previews: inRecordedOrder(existing?.previews, previews),
    };
    fs.writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
    return;
  }
  const changed = [
    ...differences("page", existing.pages, pages),
    ...differences("preview", existing.previews, previews),
  ];
  if (changed.length > 0)
    throw new Error(
      `${changed.length} pages differ from test/support/pageBytes.json:\n${changed.join("\n")}\n\n` +
        `If your change is meant to change them, re-record: ${RE_RECORD}\n` +
        "(PAGE_BYTES_DUMP=<dir> also writes each body there; a re-record keeps every other line of the fixture.)",
    );
});
