/**
 * Embedded media at /media: the imgix parameters the Prismic image helpers emit, safe paths,
 * the disk cache and conditional requests, against the real app with a temporary MEDIA_DIR.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prismic from "@prismicio/client";
import sharp from "sharp";
import request from "supertest";
import { createApp } from "../server/app";
import type { AssetManifest } from "../server/http/assets";
import { loadConfig } from "../server/config";
import { createContentClient } from "../server/content/contentClient";
import * as prismicStandIn from "../packages/prismic-stand-in/src/index";
import { createContentService } from "../server/content/contentService";
import { absolutizeMediaUrls } from "../packages/prismic-stand-in/src/index";
import { mediaStats, planGeometry } from "../packages/prismic-stand-in/src/testing";
import { createLogger } from "../server/observability/logger";
import { FIXED_IMAGE_WIDTHS, widthsFor } from "../shared/imageWidths";

const ROOT = path.resolve(__dirname, "..");
const ORIGIN = "http://localhost:3000";
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "media-test-"));
const mediaDir = path.join(temp, "media");
const cacheDir = path.join(temp, "cache");
// Media pages never render a page: a stub manifest keeps this file independent of dist/.
const assets = {
  buildId: "test",
  entry: "/assets/entry.js",
  entryImports: [],
  css: [],
  fontPreloads: [],
  modules: {},
} as AssetManifest;

let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fs.mkdirSync(path.join(mediaDir, "kitchens"), { recursive: true });
  const noise = { type: "gaussian", mean: 128, sigma: 25 } as const;
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#808080", noise } })
    .jpeg({ quality: 90 })
    .toFile(path.join(mediaDir, "photo.jpg"));
  await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } } })
    .png()
    .toFile(path.join(mediaDir, "kitchens", "swatch.png"));
  fs.writeFileSync(path.join(mediaDir, "icon.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  fs.writeFileSync(path.join(mediaDir, "broken.jpg"), "this is not a JPEG at all");
  const whole = fs.readFileSync(path.join(mediaDir, "photo.jpg"));
  fs.writeFileSync(path.join(mediaDir, "truncated.jpg"), whole.subarray(0, 2000));
  fs.writeFileSync(path.join(mediaDir, "notes.txt"), "not an image");
  fs.writeFileSync(path.join(mediaDir, ".hidden.jpg"), whole);
  fs.writeFileSync(path.join(temp, "outside.jpg"), whole);
  fs.symlinkSync(path.join(temp, "outside.jpg"), path.join(mediaDir, "escape.jpg"));
  fs.symlinkSync(temp, path.join(mediaDir, "up"));

  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: ORIGIN,
      CONTENT_DIR: "content",
      MEDIA_DIR: mediaDir,
      MEDIA_CACHE_DIR: cacheDir,
    },
    ROOT,
  );
  const { client, refs } = createContentClient(config, { standIn: prismicStandIn });
  const content = createContentService(client, { masterRef: () => refs.current() });
  app = createApp({
    config,
    logger: createLogger("silent"),
    content,
    refs,
    repositoryName: "embedded",
    assets,
    standIn: prismicStandIn,
  });
});

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

async function image(url: string, accept?: string) {
  let call = request(app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });
  if (accept) call = call.set("Accept", accept);
  const res = await call;
  const body = res.body as Buffer;
  const meta = res.status === 200 && body.length ? await sharp(body).metadata() : undefined;
  return { res, body, meta };
}

describe("transforms", () => {
  test.each([
    ["w=640", 640, 427],
    ["width=828", 828, 552],
    ["dpr=2&w=320", 640, 427],
    ["h=400", 640, 427],
    ["w=280&h=280&fit=crop", 280, 280],
    ["w=280&h=280", 280, 187],
    ["w=280&h=280&fit=scale", 280, 280],
    ["w=280&h=280&fit=fill", 280, 280],
    ["w=3000", 2400, 1600],
    ["w=3840&h=3840&fit=crop", 1600, 1600],
    ["rect=0,0,1200,1200&w=640", 640, 640],
    // Widths the pages never ask for snap up to the next one they do.
    ["w=300", 480, 320],
    ["w=601", 640, 427],
    ["rect=0,0,1200,1200&w=600", 640, 640],
  ])("%s gives %i×%i", async (query, width, height) => {
    const { res, meta } = await image(`/media/photo.jpg?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect([meta?.width, meta?.height]).toEqual([width, height]);
  });

  test("auto=format negotiates AVIF, then WebP, else the original, and varies on Accept", async () => {
    const avif = await image("/media/photo.jpg?auto=format&w=320", "image/avif,image/webp,*/*");
    expect(avif.res.headers["content-type"]).toBe("image/avif");
    expect(avif.meta?.format).toBe("heif");
    expect(avif.meta?.compression).toBe("av1");
    expect(avif.res.headers.vary).toMatch(/Accept/);
    const webp = await image("/media/photo.jpg?auto=format&w=320", "image/webp,*/*");
    expect([webp.res.headers["content-type"], webp.meta?.format]).toEqual(["image/webp", "webp"]);
    const jpeg = await image("/media/photo.jpg?auto=format&w=320", "*/*");
    expect([jpeg.res.headers["content-type"], jpeg.meta?.format]).toEqual(["image/jpeg", "jpeg"]);
    expect(jpeg.res.headers.vary).toMatch(/Accept/);
    const png = await image("/media/kitchens/swatch.png?auto=format&w=100");
    expect([png.meta?.format, png.meta?.hasAlpha]).toEqual(["png", true]);
  });

  test("auto=format varies on Accept even when it serves the original untransformed, its 304 too", async () => {
    const original = await image("/media/photo.jpg?auto=format", "image/jpeg,*/*");
    expect(original.res.status).toBe(200);
    expect(original.body.equals(fs.readFileSync(path.join(mediaDir, "photo.jpg")))).toBe(true);
    expect(original.res.headers.vary).toMatch(/\bAccept\b/);
    // A cache that kept this answer without Vary would give a browser that takes AVIF the JPEG for a day.
    expect(original.res.headers["cache-control"]).toBe("public, max-age=86400, stale-while-revalidate=604800");
    const revalidated = await request(app)
      .get("/media/photo.jpg?auto=format")
      .set("Accept", "image/jpeg,*/*")
      .set("If-None-Match", original.res.headers.etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.vary).toMatch(/\bAccept\b/);
    const avif = await image("/media/photo.jpg?auto=format", "image/avif,*/*");
    expect([avif.res.headers["content-type"], avif.res.headers.vary]).toEqual([
      "image/avif",
      expect.stringMatching(/\bAccept\b/),
    ]);
    // Nothing negotiated, nothing to vary on.
    expect((await image("/media/photo.jpg")).res.headers.vary ?? "").not.toMatch(/\bAccept\b/);
  });

  test("fm wins over auto=format; q changes the size", async () => {
    const png = await image("/media/photo.jpg?fm=png&auto=format&w=200", "image/avif");
    expect([png.res.headers["content-type"], png.meta?.format]).toEqual(["image/png", "png"]);
    expect(png.res.headers.vary ?? "").not.toMatch(/Accept/);
    const low = await image("/media/photo.jpg?w=600&q=40");
    const high = await image("/media/photo.jpg?w=600&q=90");
    expect(low.body.length).toBeLessThan(high.body.length);
  });

  test("no parameters stream the original file", async () => {
    const { res, body } = await image("/media/photo.jpg");
    expect(res.status).toBe(200);
    expect(body.equals(fs.readFileSync(path.join(mediaDir, "photo.jpg")))).toBe(true);
    const svg = await request(app).get("/media/icon.svg?w=640&auto=format");
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});

describe("bad requests", () => {
  test.each([
    ["w=abc", '"w"'],
    ["w=0", '"w"'],
    ["w=999999", '"w"'],
    ["w=64.5", '"w"'],
    ["dpr=9", '"dpr"'],
    ["q=0", '"q"'],
    ["q=101", '"q"'],
    ["fm=gif", '"fm"'],
    ["fit=bogus", '"fit"'],
    ["auto=magic", '"auto"'],
    ["unknown=1", '"unknown"'],
    ["w=100&w=200", '"w"'],
    ["w=100&width=200", '"w"'],
    ["w=4000&dpr=3", '"dpr"'],
    ["rect=0,0,0,10", '"rect"'],
    ["w=3841", '"w"'],
    ["w=2000&dpr=2", '"w"'],
    ["w=2048&h=2100&fit=scale", '"w"'],
    ["w=4000&h=4000&dpr=2&fit=scale&fm=avif", '"w"'],
    ["h=3000&fit=scale", '"h"'],
  ])("%s → 400 naming the parameter", async (query, name) => {
    const res = await request(app).get(`/media/photo.jpg?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toContain(name);
  });

  test.each([
    "/media/../package.json",
    "/media/%2e%2e/package.json",
    "/media/..%2fpackage.json",
    "/media/%2e%2e%2fserver%2fapp.ts",
    "/media/missing.jpg",
    "/media/notes.txt",
    "/media/.hidden.jpg",
    "/media/escape.jpg",
    "/media/up/outside.jpg",
    "/media/kitchens",
    "/media/",
    "/media//photo.jpg",
    "/media/%5c..%5cpackage.json",
  ])("%s → plain 404", async (url) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
  });

  test.each(["broken.jpg", "truncated.jpg"])(
    "a corrupt image (%s) → 422, twice, without a second transform",
    async (file) => {
      const first = await request(app).get(`/media/${file}?w=100`);
      expect(first.status).toBe(422);
      const before = mediaStats.transforms;
      const second = await request(app).get(`/media/${file}?w=100`);
      expect(second.status).toBe(422);
      expect(mediaStats.transforms).toBe(before);
    },
  );

  test("only GET and HEAD", async () => {
    expect((await request(app).post("/media/photo.jpg")).status).toBe(405);
    expect((await request(app).head("/media/photo.jpg?w=90")).status).toBe(200);
  });
});

describe("cache", () => {
  test("a second request is served from disk with no sharp work; concurrent ones share one transform", async () => {
    const before = mediaStats.transforms;
    const burst = await Promise.all([1, 2, 3].map(() => image("/media/photo.jpg?w=560")));
    expect(mediaStats.transforms).toBe(before + 1);
    const etag = burst[0].res.headers.etag;
    expect(burst.every(({ res }) => res.headers.etag === etag)).toBe(true);
    const key = /^"m-(.+)"$/.exec(etag)![1];
    expect(fs.existsSync(path.join(cacheDir, `${key}.jpg`))).toBe(true);
    expect(fs.readdirSync(cacheDir).some((name) => name.endsWith(".tmp"))).toBe(false);

    const again = await image("/media/photo.jpg?w=560");
    expect(mediaStats.transforms).toBe(before + 1);
    expect(again.meta?.width).toBe(560);
    expect(again.body.equals(burst[0].body)).toBe(true);
    // w=280&dpr=2, and w=500 (snapped up to 560), are the same output: the same cache entry.
    for (const url of ["/media/photo.jpg?w=280&dpr=2", "/media/photo.jpg?w=500"]) {
      const same = await image(url);
      expect(same.res.headers.etag).toBe(etag);
    }
    expect(mediaStats.transforms).toBe(before + 1);
  });

  test("If-None-Match with the ETag → 304, for transforms and originals", async () => {
    for (const url of ["/media/photo.jpg?w=400", "/media/photo.jpg"]) {
      const first = await request(app).get(url);
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const before = mediaStats.transforms;
      const second = await request(app).get(url).set("If-None-Match", etag);
      expect(second.status).toBe(304);
      expect(mediaStats.transforms).toBe(before);
    }
  });
});

describe("content image URLs", () => {
  const field = {
    url: "/media/photo.jpg",
    alt: "A kitchen",
    copyright: null,
    dimensions: { width: 2400, height: 1600 },
    id: "photo",
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
    mobile: {
      url: "/media/photo.jpg?rect=0,0,1600,1600&w=600&h=600",
      alt: null,
      copyright: null,
      dimensions: { width: 600, height: 600 },
      id: "m",
      edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
    },
  };
  const document = {
    id: "doc",
    uid: "doc",
    url: "/gallery",
    type: "page",
    href: "",
    tags: [],
    first_publication_date: "",
    last_publication_date: "",
    slugs: [],
    linked_documents: [],
    lang: "en-gb",
    alternate_languages: [],
    data: {
      hero: field,
      link: { link_type: "Web", url: "https://example.com/media/x.jpg" },
      other: { link_type: "Web", url: "/gallery" },
      slices: [
        {
          slice_type: "text",
          primary: {
            body: [
              {
                type: "image",
                url: "/media/photo.jpg",
                alt: null,
                copyright: null,
                dimensions: { width: 2400, height: 1600 },
              },
            ],
            download: {
              link_type: "Media",
              url: "/media/brochure.jpg",
              name: "brochure.jpg",
              kind: "image",
              size: "1",
            },
          },
          items: [{ caption: "not a url: /media/photo.jpg" }],
        },
      ],
    },
  } as unknown as prismic.PrismicDocument;

  test("absolutizeMediaUrls makes /media/ URLs absolute, and only those", () => {
    const out = absolutizeMediaUrls(document, ORIGIN) as prismic.PrismicDocument<Record<string, any>>;
    expect(out.data.hero.url).toBe(`${ORIGIN}/media/photo.jpg`);
    expect(out.data.hero.mobile.url).toBe(`${ORIGIN}/media/photo.jpg?rect=0,0,1600,1600&w=600&h=600`);
    expect(out.data.slices[0].primary.body[0].url).toBe(`${ORIGIN}/media/photo.jpg`);
    expect(out.data.slices[0].primary.download.url).toBe(`${ORIGIN}/media/brochure.jpg`);
    expect(out.data.slices[0].items[0].caption).toBe("not a url: /media/photo.jpg");
    expect(out.data.link.url).toBe("https://example.com/media/x.jpg");
    expect(out.data.other.url).toBe("/gallery");
    expect(out.url).toBe("/gallery");
    expect((document.data as any).hero.url).toBe("/media/photo.jpg");
  });

  test("every URL the image helpers build from an absolutized field is served", async () => {
    const hero = (absolutizeMediaUrls(document, ORIGIN).data as any).hero as prismic.ImageField;
    const wide = prismic.asImageWidthSrcSet(hero, { widths: widthsFor(2400, 1600), auto: ["format"] })!;
    const dense = prismic.asImagePixelDensitySrcSet(hero, {
      w: FIXED_IMAGE_WIDTHS.swatch,
      pixelDensities: [1, 2, 3],
      auto: ["format"],
    })!;
    const mobile = prismic.asImageSrc((hero as any).mobile, { auto: ["format"] })!;
    // The responsive view's 600 px is not a width the pages emit: it is served at the next one, 640.
    const entries = [...wide.srcset.split(", "), ...dense.srcset.split(", "), `${mobile} 640w`];
    for (const entry of entries) {
      const [url, descriptor] = entry.split(" ");
      expect(url.startsWith(`${ORIGIN}/media/`)).toBe(true);
      const { res, meta } = await image(url.slice(ORIGIN.length), "image/webp");
      expect(res.status).toBe(200);
      const expected = descriptor.endsWith("w")
        ? Number.parseInt(descriptor, 10)
        : FIXED_IMAGE_WIDTHS.swatch * Number.parseInt(descriptor, 10);
      expect(meta?.width).toBe(expected);
    }
  });
});

test("planGeometry: fillmax pads without enlarging", () => {
  expect(planGeometry({ width: 100, height: 50 }, { width: 300, height: 300, fit: "fillmax" })).toEqual({
    extract: undefined,
    resize: undefined,
    extend: { left: 100, right: 100, top: 125, bottom: 125 },
  });
});

test("with hosted content (PRISMIC_REPOSITORY) /media is off: a plain 404 and no transform, though the image ships content/media", async () => {
  // The production image carries content/ (the embedded repository); hosted documents' images
  // come from Prismic's CDN, so serving and transforming these would be work for strangers only.
  const hosted = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: ORIGIN,
      PRISMIC_REPOSITORY: "a-hosted-repository",
      MEDIA_DIR: mediaDir,
      MEDIA_CACHE_DIR: cacheDir,
    },
    ROOT,
  );
  const embedded = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent", SITE_URL: ORIGIN, CONTENT_DIR: "content" },
    ROOT,
  );
  const { client, refs } = createContentClient(embedded, { standIn: prismicStandIn });
  const content = createContentService(client, { masterRef: () => refs.current() });
  let transforms = 0;
  const images = {
    image: () => {
      transforms++;
      return Promise.reject(new Error("no transform in hosted mode"));
    },
  } as never;
  const hostedApp = createApp({
    config: hosted,
    logger: createLogger("silent"),
    content,
    refs,
    repositoryName: "a-hosted-repository",
    assets,
    images,
  });
  for (const url of [
    "/media/photo.jpg?w=828&auto=format",
    "/media/photo.jpg",
    "/media/icon.svg",
    "/media/kitchens/swatch.png?w=640",
  ]) {
    const res = await request(hostedApp).get(url);
    expect({ url, status: res.status, type: res.type }).toEqual({ url, status: 404, type: "text/plain" });
  }
  expect(transforms).toBe(0);
});
