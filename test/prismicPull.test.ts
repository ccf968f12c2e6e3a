/**
 * `npm run prismic:pull` against Prismic's REST API served over HTTP on loopback by the embedded
 * repository (test/support/prismicHttpStandIn.ts): every document of every language comes back
 * in our embedded format with its images downloaded, the snapshot passes the content checks, and
 * the round trip holds: served with CONTENT_DIR=<snapshot>, every page of the sitemap renders the
 * same as from content/. A release's ref and remote images are pulled on request.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { loadContentEntries, loadReleaseEntries, overlayRelease } from "../server/content/model/contentEntries";
import { loadModels } from "../server/content/model/loadModels";
import type { ContentEntry } from "../server/content/model/modelTypes";
import { validateContent } from "../server/content/model/validateContent";
import { loadDocuments } from "../server/content/embedded/loadDocuments";
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

const pull = (folder: string, ...args: string[]) =>
  runScript(PULL, [folder, ...args], {
    cwd: ROOT,
    env: { PRISMIC_REPOSITORY: "hartley-and-reed", PRISMIC_API_ENDPOINT: standIn.endpoint, PRISMIC_ACCESS_TOKEN: undefined },
    timeoutMs: 120_000,
  });

const byId = (entries: ContentEntry[]) => new Map(entries.map((entry) => [entry.document.id as string, entry.document]));
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
  expect(pulled.stdout).toMatch(/^Pulled \d+ documents in 2 language\(s\) \(en-gb, en-us\) at the master ref, \d+ media files/);
  const entries = loadContentEntries(snapshot, tmp).entries;
  expect(entries).toHaveLength(original.length);
  const pulledById = byId(entries);
  for (const { document } of original) {
    const copy = pulledById.get(document.id);
    expect(copy).toBeDefined();
    expect({ ...copy, href: undefined }).toEqual({ ...document, href: undefined });
  }
  // The same layout as content/: <lang>/<type>/<uid>.json, a single type's one document as <type>.json.
  const layout = (entries: ContentEntry[], root: string) => entries.map((e) => path.relative(root, path.join(ROOT, e.file))).sort();
  expect(entries.map((e) => path.relative("snapshot", e.file)).sort()).toEqual(layout(original, CONTENT));
});

test("downloads every image the documents use into media/, byte for byte, and the snapshot passes the content checks", () => {
  const report = validateContent(loadContentEntries(snapshot, tmp).entries, models, { mediaDir: path.join(snapshot, "media") });
  expect(report.notes).toEqual([]);
  expect(report.errors).toEqual([]);
  const files = fs.readdirSync(path.join(snapshot, "media"));
  expect(files.length).toBeGreaterThan(10);
  const digest = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  for (const file of files) expect([file, digest(path.join(snapshot, "media", file))]).toEqual([file, digest(path.join(CONTENT, "media", file))]);
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
    if (normalize(b.text) !== normalize(a.text)) expect({ pagePath, html: normalize(b.text) }).toEqual({ pagePath, html: normalize(a.text) });
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
