/**
 * deploy/nginx/nginx.conf's cache key in front of the built site (embedded content, TRUST_PROXY=1
 * as compose.yaml runs it): the cache is keyed by what the site reads, not by raw header strings
 * (docs/security.md, "Caches and URL spellings"). Strangers' Cookie, Accept-Language and
 * Accept-Encoding strings and unknown query parameters make no entries of their own, and every
 * answer is still the right one for its variant: br for br, gzip for gzip, the page as it is for
 * neither, the right region at `/`, the list page its `page` asks for.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import { startNginx, type Nginx } from "./support/siteCluster";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still coded). */
  raw: Buffer;
  /** The body decoded. */
  text: string;
}

let app: RunningServer;
let nginx: Nginx;

beforeAll(async () => {
  app = await startBuiltServer({ TRUST_PROXY: "1", RENDER_BUDGET_PER_MINUTE: "0" });
  nginx = await startNginx({ upstreams: [new URL(app.url).host], offlinePage: "offline" });
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});

function send(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(nginx.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        headers: { "user-agent": BROWSER, ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          const text = (
            coding === "br" ? zlib.brotliDecompressSync(raw) : coding === "gzip" ? zlib.gunzipSync(raw) : raw
          ).toString();
          resolve({ status: res.statusCode!, headers: res.headers, raw, text });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The cache's entries: one file each, under the cache folder's two levels (levels=1:2). */
function cacheEntries(): string[] {
  const root = path.join(nginx.dir, "site");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** nginx writes an entry once the answer has gone: wait until the count stops moving. */
async function settledEntries(): Promise<number> {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = cacheEntries().length;
    if (now === last) return now;
    last = now;
  }
}

/** 160 requests a stranger can vary at will: 40 of each kind. */
function strangerVariants(): { target: string; headers: Record<string, string> }[] {
  const variants: { target: string; headers: Record<string, string> }[] = [];
  const encoding = { "accept-encoding": "gzip, deflate, br" };
  for (let n = 0; n < 20; n++) {
    // `/` with a cookie string of its own (another site's cookie beside the region's, or alone).
    variants.push({
      target: "/",
      headers: { ...encoding, "accept-language": "en-GB", cookie: `i18n_redirected=gb; visitor=${n}` },
    });
    variants.push({ target: "/", headers: { ...encoding, "accept-language": "en-GB", cookie: `visitor=${n}` } });
  }
  for (let n = 0; n < 40; n++) {
    // `/` with an Accept-Language string of its own that still asks for gb.
    const language = n % 2 ? `en-GB,en;q=0.${n + 10}` : `en-GB, fr;q=0.${n + 10}, de;q=0.1`;
    variants.push({ target: "/", headers: { ...encoding, "accept-language": language } });
  }
  for (let n = 0; n < 40; n++) {
    // An Accept-Encoding string of its own on a page.
    const coding = [`gzip, deflate, br, x-${n}`, `br;q=0.${n + 10}, gzip;q=0.5`, `gzip, x-${n}`, `identity, x-${n}`][
      n % 4
    ];
    variants.push({ target: "/gallery", headers: { "accept-encoding": coding } });
  }
  for (let n = 0; n < 40; n++) {
    // A query parameter no page reads.
    const target = [`/gallery?sort=${n}`, `/info/blog?x${n}=1`, `/?q=${n}`, `/materials/samples?page=${n}`][n % 4];
    variants.push({ target, headers: { ...encoding, "accept-language": "en-GB" } });
  }
  return variants;
}

test("160 strangers' header strings and query parameters make a few cache entries, not 160", async () => {
  // The pages as visitors ask for them, in each coding: what the cache is for.
  const pages = ["/", "/gallery", "/info/blog", "/materials/samples"];
  for (const target of pages)
    for (const coding of ["gzip, deflate, br", "gzip", ""])
      expect((await send(target, { "accept-encoding": coding, "accept-language": "en-GB" })).status).toBe(200);
  const before = await settledEntries();

  const variants = strangerVariants();
  expect(variants).toHaveLength(160);
  for (const { target, headers } of variants)
    expect([target, (await send(target, headers)).status]).toEqual([target, 200]);
  const after = await settledEntries();
  const entryBytes = cacheEntries().map((file) => fs.statSync(file).size);
  console.log(
    `nginx cache: ${before} entries for 4 pages × 3 codings; after 160 stranger variants ${after} ` +
      `(${after - before} new; ${Math.round(entryBytes.reduce((a, b) => a + b, 0) / Math.max(1, entryBytes.length) / 1024)} KB each on average)`,
  );
  // A few entries per page and representation: the stranger variants add none of their own.
  expect(before).toBeLessThanOrEqual(pages.length * 3);
  expect(after - before).toBeLessThanOrEqual(2);
}, 60_000);

describe("every answer is still the right one for its variant", () => {
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["BR", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate", "gzip"],
    ["gzip;q=1.0, deflate;q=0.6, identity;q=0.3", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0.5", "br"],
    ["", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["x-br, brotli, x-gzip", undefined],
    ["br;q=0, gzip;q=0", undefined],
  ])("Accept-Encoding %j: %s, from the app and from the cache", async (coding, expected) => {
    const headers: Record<string, string> = coding ? { "accept-encoding": coding } : {};
    for (const round of ["first", "second"]) {
      const answer = await send("/gallery", headers);
      expect([round, answer.status, answer.headers["content-encoding"]]).toEqual([round, 200, expected]);
      expect(answer.text).toContain("</html>");
    }
  });

  test("an image with auto=format: AVIF, WebP or the original by Accept, from the app and from the cache", async () => {
    const gallery = await send("/gallery");
    const found = /\/media\/[^"\s?]+\?[^"\s]*auto=format[^"\s]*/.exec(gallery.text)?.[0];
    expect(found).toBeDefined();
    const image = found!.split(" ")[0].replaceAll("&amp;", "&");
    const cases: [string, string][] = [
      ["image/avif,image/webp,image/apng,*/*;q=0.8", "image/avif"],
      ["image/webp,*/*", "image/webp"],
      ["image/avif;q=0, image/webp;q=0.5, */*", "image/webp"],
      ["*/*", "original"],
      ["", "original"],
    ];
    const before = await settledEntries();
    for (const round of ["first", "second"])
      for (const [accept, expected] of cases) {
        const answer = await send(image, accept ? { accept } : {});
        const type = String(answer.headers["content-type"]);
        const format = type === "image/avif" || type === "image/webp" ? type : "original";
        expect([round, accept, answer.status, format]).toEqual([round, accept, 200, expected]);
      }
    // A stranger's Accept strings: no entry of their own.
    for (let n = 0; n < 20; n++) await send(image, { accept: `image/avif,image/webp,x/y${n},*/*;q=0.8` });
    expect((await settledEntries()) - before).toBeLessThanOrEqual(3);
  });

  test("the region at /: the gb home is kept and served only to visitors the app gives it to", async () => {
    const gbHome = await send("/", { "accept-language": "en-GB" });
    expect(gbHome.status).toBe(200);
    const cases: [string, Record<string, string>, string][] = [
      ["gb language", { "accept-language": "en-GB,en;q=0.9" }, "200"],
      ["no language", {}, "200"],
      ["French", { "accept-language": "fr-FR,fr;q=0.9" }, "200"],
      ["another site's cookie", { "accept-language": "en-GB", cookie: "visitor=1" }, "200"],
      ["en first, us lowered", { "accept-language": "en, en-US;q=0.5" }, "200"],
      ["gb first, us second", { "accept-language": "en-GB,en-US;q=0.9,en;q=0.8" }, "200"],
      ["us language", { "accept-language": "en-US,en;q=0.9" }, "302 /us"],
      ["us preferred by q", { "accept-language": "en-GB;q=0.5, en-US" }, "302 /us"],
      ["gb lowered below en", { "accept-language": "en-GB;q=0.5, en" }, "302 /us"],
      ["us cookie", { "accept-language": "en-GB", cookie: "i18n_redirected=us" }, "302 /us"],
      ["us cookie, quoted", { "accept-language": "en-GB", cookie: 'a=1; i18n_redirected="us"' }, "302 /us"],
      ["us cookie, encoded", { "accept-language": "en-GB", cookie: "i18n_redirected=%75s" }, "302 /us"],
      ["us cookie first", { "accept-language": "en-GB", cookie: "i18n_redirected=us; i18n_redirected=gb" }, "302 /us"],
      ["gb cookie, us language", { "accept-language": "en-US", cookie: "i18n_redirected=gb" }, "200"],
      ["junk cookie, us language", { "accept-language": "en-US", cookie: "i18n_redirected=fr" }, "302 /us"],
      ["us crawler", { "accept-language": "en-US", "user-agent": CRAWLER }, "200 private"],
    ];
    for (const round of ["first", "second"]) {
      const seen = [];
      for (const [name, headers] of cases) {
        const answer = await send("/", headers);
        const cacheControl = String(answer.headers["cache-control"]);
        seen.push([
          name,
          `${answer.status}${answer.headers.location ? ` ${answer.headers.location}` : ""}${cacheControl.startsWith("private") && answer.status === 200 ? " private" : ""}`,
        ]);
        if (answer.status === 200) expect([name, answer.text === gbHome.text]).toEqual([name, true]);
        // The gb home is answered from the cache (within s-maxage), not only by the app.
        if (round === "second" && name === "gb language") expect(answer.headers["x-cache-status"]).toBe("HIT");
      }
      expect([round, seen]).toEqual([round, cases.map(([name, , expected]) => [name, expected])]);
    }
  });

  test("queries: `page` on a list is read as the app reads it, anything else (campaign or unknown) shares the bare page's", async () => {
    const bare = await send("/info/blog");
    expect(bare.status).toBe(200);
    for (const target of ["/info/blog?utm_source=x", "/info/blog?sort=new", "/info/blog?Page=2", "/info/blog?pagex=2"])
      expect([target, (await send(target)).text]).toEqual([target, bare.text]);
    // The first `page` as URLSearchParams decodes it is the one read: 1 to 9999, anything else
    // the list's 404. `?page=1` is in the cache first, so a key that took the wrong `page` would
    // answer with it.
    expect((await send("/info/blog?page=1")).status).toBe(200);
    const statuses = [
      ["/info/blog?page=1&page=abc", 200],
      ["/info/blog?sort=new&page=1", 200],
      ["/info/blog?p%61ge=1", 200],
      ["/info/blog?page=%31", 200],
      ["/info/blog?page=abc&page=1", 404],
      ["/info/blog?page&page=1", 404],
      ["/info/blog?p%61ge=abc&page=1", 404],
      ["/info/blog?page=1%61", 404],
      ["/info/blog?page=01", 404],
      ["/info/blog?page=1000", 404],
      ["/info/blog?page=1001", 404],
      ["/info/blog?page=10000", 404],
      ["/info/blog?page=1", 200],
    ] as const;
    for (const round of ["first", "second"])
      for (const [target, status] of statuses)
        expect([round, target, (await send(target)).status]).toEqual([round, target, status]);
    const saved = await send("/privacy-choices?saved=1");
    const plain = await send("/privacy-choices?saved=0&utm_source=x");
    expect(saved.status).toBe(200);
    expect(saved.text).not.toBe(plain.text);
    expect((await send("/privacy-choices?x=1&saved=1")).text).toBe(saved.text);
  });
});
