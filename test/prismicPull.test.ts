/**
 * `npm run prismic:pull` against Prismic's REST API served over HTTP on loopback by the embedded
 * repository (test/support/prismicHttpStandIn.ts): every document of every language comes back
 * in our embedded format with its images downloaded, the snapshot passes the content checks, and
 * the round trip holds: served with CONTENT_DIR=<snapshot>, every page of the sitemap renders the
 * same as from content/. A release's ref and remote images are pulled on request. Images are
 * downloaded from the repository's media hosts only, each within a size and a time cap; one
 * refused is reported and keeps its remote URL.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { loadContentEntries, loadDocuments, loadModels, validateContent } from "../packages/prismic-stand-in/src/index";
import { type ContentEntry, loadReleaseEntries, overlayRelease } from "../packages/prismic-stand-in/src/testing";
import { downloadMedia, mediaHosts } from "../scripts/prismic/mediaDownload";
import { startPrismicHttpStandIn, type PrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { runScript, type ScriptResult } from "./support/runScript";
import { parseUrlset } from "./support/sitemapXml";
import { createTestApp, ROOT } from "./support/testApp";

const PULL = path.join(ROOT, "scripts/prismic/pull.ts");
const CONTENT = path.join(ROOT, "content");

let standIn: PrismicHttpStandIn;
let tmp: string;
let snapshot: string;
let pulled: ScriptResult;

/** The stand-in serves the images too: its host is named as one of the repository's media hosts. */
const pull = (folder: string, ...args: string[]) => pullWith({}, folder, ...args);
const pullWith = (env: Record<string, string>, folder: string, ...args: string[]) =>
  runScript(PULL, [folder, ...args], {
    cwd: ROOT,
    env: {
      PRISMIC_REPOSITORY: "hartley-and-reed",
      PRISMIC_API_ENDPOINT: standIn.endpoint,
      PRISMIC_ACCESS_TOKEN: undefined,
      PRISMIC_MEDIA_HOSTS: new URL(standIn.origin).host,
      ...env,
    },
    timeoutMs: 120_000,
  });

const byId = (entries: ContentEntry[]) =>
  new Map(entries.map((entry) => [entry.document.id as string, entry.document]));
const { models } = loadModels(ROOT);
const original = loadContentEntries(CONTENT, ROOT).entries;

beforeAll(async () => {
  standIn = await startPrismicHttpStandIn();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "prismic-pull-"));
  snapshot = path.join(tmp, "snapshot");
  pulled = await pull(snapshot);
}, 150_000);
afterAll(async () => {
  await standIn?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("pulls every document of every language, with the same data, in <lang>/<type>/<uid>.json files", () => {
  expect(pulled.stderr).toBe("");
  expect(pulled.status).toBe(0);
  expect(pulled.stdout).toMatch(
    /^Pulled \d+ documents in 2 language\(s\) \(en-gb, en-us\) at the master ref, \d+ media files/,
  );
  const entries = loadContentEntries(snapshot, tmp).entries;
  expect(entries).toHaveLength(original.length);
  const pulledById = byId(entries);
  for (const { document } of original) {
    const copy = pulledById.get(document.id);
    expect(copy).toBeDefined();
    expect({ ...copy, href: undefined }).toEqual({ ...document, href: undefined });
  }
  // The same layout as content/: <lang>/<type>/<uid>.json, a single type's one document as <type>.json.
  const layout = (entries: ContentEntry[], root: string) =>
    entries.map((e) => path.relative(root, path.join(ROOT, e.file))).sort();
  expect(entries.map((e) => path.relative("snapshot", e.file)).sort()).toEqual(layout(original, CONTENT));
});

test("downloads every image the documents use into media/, byte for byte, and the snapshot passes the content checks", () => {
  const report = validateContent(loadContentEntries(snapshot, tmp).entries, models, {
    mediaDir: path.join(snapshot, "media"),
  });
  expect(report.notes).toEqual([]);
  expect(report.errors).toEqual([]);
  const files = fs.readdirSync(path.join(snapshot, "media"));
  expect(files.length).toBeGreaterThan(10);
  const digest = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  for (const file of files)
    expect([file, digest(path.join(snapshot, "media", file))]).toEqual([
      file,
      digest(path.join(CONTENT, "media", file)),
    ]);
});

test("round trip: served from the snapshot, every sitemap page renders the same as from content/", async () => {
  const fromContent = createTestApp().app;
  const fromSnapshot = createTestApp({ contentDir: snapshot, env: { MEDIA_DIR: path.join(snapshot, "media") } }).app;
  const sitemap = parseUrlset((await request(fromContent).get("/sitemap.xml").expect(200)).text);
  const snapshotSitemap = (await request(fromSnapshot).get("/sitemap.xml").expect(200)).text;
  expect(parseUrlset(snapshotSitemap)).toEqual(sitemap);
  const paths = sitemap.urls.map((url) => new URL(url.loc).pathname);
  expect(paths.length).toBeGreaterThan(40);
  // The nonce is new in every response; nothing else may differ.
  const normalize = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
  for (const pagePath of paths) {
    const [a, b] = await Promise.all([request(fromContent).get(pagePath), request(fromSnapshot).get(pagePath)]);
    expect({ pagePath, status: b.status }).toEqual({ pagePath, status: a.status });
    if (normalize(b.text) !== normalize(a.text))
      expect({ pagePath, html: normalize(b.text) }).toEqual({ pagePath, html: normalize(a.text) });
  }
}, 120_000);

test("--ref pulls a release: its drafts replace the published documents", async () => {
  const releases = loadReleaseEntries(CONTENT, ROOT).releases;
  expect(releases.length).toBeGreaterThan(0);
  const release = releases[0];
  const folder = path.join(tmp, "release");
  const run = await pull(folder, "--ref", release.name, "--keep-remote-images");
  expect(run.stderr).toBe("");
  expect(run.stdout).toContain("at release");
  const expected = byId(overlayRelease(original, release));
  const got = byId(loadContentEntries(folder, tmp).entries);
  expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
  const draft = release.entries[0].document;
  expect(JSON.stringify(got.get(draft.id).data)).toContain(JSON.stringify(draft.data).slice(1, 40));
});

test("--keep-remote-images leaves image URLs on the repository's CDN and downloads nothing", async () => {
  const folder = path.join(tmp, "remote");
  const run = await pull(folder, "--keep-remote-images");
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("images left remote");
  expect(fs.existsSync(path.join(folder, "media"))).toBe(false);
  const home = fs.readFileSync(path.join(folder, "en-gb/home/home.json"), "utf8");
  expect(home).toContain(`"url": "${standIn.origin}/media/`);
  expect(home).not.toContain('"url": "/media/');
});

test("an unknown ref is refused, naming the refs there are", async () => {
  const run = await pull(path.join(tmp, "nothing"), "--ref", "no-such-release");
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('no ref, release id or release label "no-such-release"');
  expect(fs.existsSync(path.join(tmp, "nothing"))).toBe(false);
});

test("a uid that is not a plain file name is refused, and nothing is written outside the folder", async () => {
  const documents = loadDocuments(CONTENT);
  const page = documents.find((d) => d.type === "page" && d.uid)!;
  standIn.publish(documents.map((d) => (d === page ? { ...d, uid: "../../escaped" } : d)));
  try {
    const run = await pull(path.join(tmp, "hostile", "snapshot"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`document "${page.id}": "../../escaped" cannot be a file name`);
    expect(fs.existsSync(path.join(tmp, "escaped.json"))).toBe(false);
    expect(fs.existsSync(path.join(tmp, "hostile"))).toBe(false);
  } finally {
    standIn.publish(documents);
  }
});

describe("downloads are bounded: the repository's media hosts only, a size cap, a time cap", () => {
  /** A media host: `/endless.jpg` streams bytes until the client hangs up, `/stalled.jpg` never sends its body, `/huge.jpg` announces 30 MB. */
  async function mediaHost() {
    const seen = { requests: [] as string[], endlessBytes: 0 };
    const server = http.createServer((req, res) => {
      seen.requests.push(req.url ?? "");
      if (req.url === "/endless.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) seen.endlessBytes += chunk.length;
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      } else if (req.url === "/stalled.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        res.flushHeaders();
      } else if (req.url === "/huge.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(30 * 1024 * 1024) });
        res.flushHeaders();
      } else {
        res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.alloc(1000, 2));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url, seen, close };
  }

  /** The image objects of the documents (with dimensions), each once. */
  function imagesOf(value: unknown, found: Array<Record<string, unknown>> = []) {
    if (Array.isArray(value)) for (const item of value) imagesOf(item, found);
    else if (value && typeof value === "object") {
      const object = value as Record<string, unknown>;
      if (typeof object.url === "string" && object.dimensions) found.push(object);
      for (const item of Object.values(object)) imagesOf(item, found);
    }
    return found;
  }

  test("an image elsewhere, too large or too slow is reported and keeps its URL; the rest is pulled", async () => {
    const cdn = await mediaHost();
    const elsewhere = await mediaHost();
    const documents = loadDocuments(CONTENT);
    const home = documents.find((d) => d.type === "home" && d.lang === "en-gb")!;
    const images = imagesOf(home.data);
    expect(images.length).toBeGreaterThanOrEqual(4);
    const refused = [
      `${elsewhere.url}/not-our-cdn.jpg`,
      `${cdn.url}/endless.jpg`,
      `${cdn.url}/stalled.jpg`,
      `${cdn.url}/huge.jpg`,
    ];
    for (const [i, url] of refused.entries()) images[i].url = url;
    // Every view of the same image names the same file; the views of the images changed are dropped here.
    for (const image of images.slice(0, 4))
      for (const key of Object.keys(image))
        if (typeof image[key] === "object" && (image[key] as { url?: string })?.url) delete image[key];
    standIn.publish(documents);
    const folder = path.join(tmp, "bounded");
    const started = Date.now();
    try {
      const run = await pullWith(
        {
          PRISMIC_MEDIA_HOSTS: `${new URL(standIn.origin).host},${new URL(cdn.url).host}`,
          PRISMIC_MEDIA_MAX_BYTES: String(1024 * 1024),
          PRISMIC_MEDIA_TIMEOUT_MS: "2000",
        },
        folder,
      );
      expect(run.status).toBe(0);
      // The stalled download gave up after 2 s, not the request timeout of 30 s.
      expect(Date.now() - started).toBeLessThan(25_000);
      expect(run.stderr).toContain(`${elsewhere.url}/not-our-cdn.jpg: not on the repository's media hosts`);
      expect(run.stderr).toContain(`${cdn.url}/endless.jpg: larger than 1 MB`);
      expect(run.stderr).toContain(`${cdn.url}/huge.jpg: larger than 1 MB`);
      expect(run.stderr).toContain(`${cdn.url}/stalled.jpg: no complete answer within 2000 ms`);
      expect(run.stdout).toMatch(/4 media files refused \(their URLs kept\)/);
      // Nothing was asked of the other host; the endless body was cut near the cap.
      expect(elsewhere.seen.requests).toEqual([]);
      expect(cdn.seen.endlessBytes).toBeLessThan(16 * 1024 * 1024);
      const pulledHome = fs.readFileSync(path.join(folder, "en-gb/home/home.json"), "utf8");
      for (const url of refused) expect(pulledHome).toContain(`"url": "${url}"`);
      expect(pulledHome).toContain('"url": "/media/');
      expect(fs.readdirSync(path.join(folder, "media")).length).toBeGreaterThan(10);
      for (const name of ["not-our-cdn.jpg", "endless.jpg", "stalled.jpg", "huge.jpg"])
        expect(fs.existsSync(path.join(folder, "media", name))).toBe(false);
    } finally {
      standIn.publish(loadDocuments(CONTENT));
      await Promise.all([cdn.close(), elsewhere.close()]);
    }
  }, 120_000);

  test("a redirect is followed only to a media host", async () => {
    const elsewhere = await mediaHost();
    const server = http.createServer((req, res) => {
      const to =
        req.url === "/away.jpg" ? `${elsewhere.url}/x.jpg` : req.url === "/here.jpg" ? "/final.jpg" : undefined;
      if (to) res.writeHead(302, { location: to }).end();
      else res.writeHead(200).end("image bytes");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const cdn = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const limits = { ...mediaHosts("hartley-and-reed", [new URL(cdn).host]), maxBytes: 1024, timeoutMs: 2_000 };
    try {
      expect(await downloadMedia(`${cdn}/here.jpg`, limits)).toEqual({ ok: true, body: Buffer.from("image bytes") });
      expect(await downloadMedia(`${cdn}/away.jpg`, limits)).toEqual({
        ok: false,
        reason: expect.stringContaining("not on the repository's media hosts"),
      });
      expect(elsewhere.seen.requests).toEqual([]);
      // The named host may be plain http (a local stand-in); Prismic's own hosts only https.
      expect(await downloadMedia("http://images.prismic.io/x.jpg", limits)).toEqual({
        ok: false,
        reason: expect.stringContaining("not on the repository's media hosts"),
      });
    } finally {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await elsewhere.close();
    }
  });

  test("by default only Prismic's image CDN and the repository's own CDN host are media hosts, over https", async () => {
    const folder = path.join(tmp, "default-hosts");
    const run = await pullWith({ PRISMIC_MEDIA_HOSTS: "" }, folder);
    expect(run.status).toBe(0);
    // The stand-in's images are on 127.0.0.1: none is downloaded, each is reported.
    expect(run.stderr).toMatch(
      /: not on the repository's media hosts \(images\.prismic\.io, hartley-and-reed\.cdn\.prismic\.io\)/,
    );
    expect(fs.existsSync(path.join(folder, "media"))).toBe(false);
    expect(fs.readFileSync(path.join(folder, "en-gb/home/home.json"), "utf8")).toContain(
      `"url": "${standIn.origin}/media/`,
    );
  }, 120_000);
});
