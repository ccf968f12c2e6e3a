/**
 * `npm run prismic:pull -- <folder> [--ref <ref, release id or label>] [--keep-remote-images]`:
 * a snapshot of the hosted repository in our embedded format, so `CONTENT_DIR=<folder>` serves
 * it offline. Every document of every language at the master ref (or at a release's ref) is
 * written to `<folder>/<lang>/<type>/<uid>.json` as the REST API returns it; its images and media
 * files are downloaded into `<folder>/media/` and its URLs rewritten to `/media/<file>`, unless
 * --keep-remote-images leaves them pointing at Prismic's CDN.
 *
 * Settings: PRISMIC_REPOSITORY, PRISMIC_ACCESS_TOKEN for a private repository, and
 * PRISMIC_API_ENDPOINT to read another Document API endpoint than the repository's.
 *
 * Media files are downloaded only from the repository's media hosts (images.prismic.io and
 * <repository>.cdn.prismic.io, https; PRISMIC_MEDIA_HOSTS names more, comma-separated, such as
 * a local stand-in), each at most PRISMIC_MEDIA_MAX_BYTES (25 MiB) within
 * PRISMIC_MEDIA_TIMEOUT_MS (60 s): a repository's content names the URLs, and a pull must not
 * fetch whatever it names, however large or slow. A file refused is reported and keeps its
 * remote URL; the rest of the pull goes on (scripts/prismic/mediaDownload.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as prismic from "@prismicio/client";
import { z } from "zod";
import { downloadMedia, mediaHosts, type MediaLimits } from "./mediaDownload.ts";
import { collectMedia, localNames, rewriteMedia } from "./mediaFiles.ts";

const DOWNLOADS_AT_ONCE = 6;
/**
 * Where embedded documents say they come from (packages/prismic-stand-in/src/embedded/embeddedFetch.ts,
 * EMBEDDED_ENDPOINT): a snapshot's `href`s name it, as content/'s do (the round-trip test
 * compares the pages, which carry them).
 */
const EMBEDDED_ENDPOINT = "https://embedded.invalid/api/v2";
const REQUEST_TIMEOUT_MS = 30_000;
/** Languages, type ids, uids and ids as Prismic makes them: letters, digits, `-`, `_`, `.` (not leading). */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { ref: { type: "string" }, "keep-remote-images": { type: "boolean", default: false } },
});
if (positionals.length !== 1) {
  console.error("Usage: npm run prismic:pull -- <folder> [--ref <ref, release id or label>] [--keep-remote-images]");
  process.exit(2);
}
const folder = path.resolve(positionals[0]);

const settings = z
  .object({
    PRISMIC_REPOSITORY: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,62}$/, "a Prismic repository name (lower-case letters, digits and hyphens)"),
    PRISMIC_ACCESS_TOKEN: z.string().min(1).optional(),
    PRISMIC_API_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    PRISMIC_MEDIA_HOSTS: z
      .string()
      .regex(/^[A-Za-z0-9.:,[\] -]*$/, "host[:port] names, comma-separated")
      .default("")
      .transform((hosts) => hosts.split(",")),
    PRISMIC_MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(25 * 1024 * 1024),
    PRISMIC_MEDIA_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  })
  .safeParse(process.env);
if (!settings.success) {
  for (const issue of settings.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
const { PRISMIC_REPOSITORY, PRISMIC_ACCESS_TOKEN, PRISMIC_API_ENDPOINT } = settings.data;
const mediaLimits: MediaLimits = {
  ...mediaHosts(PRISMIC_REPOSITORY, settings.data.PRISMIC_MEDIA_HOSTS),
  maxBytes: settings.data.PRISMIC_MEDIA_MAX_BYTES,
  timeoutMs: settings.data.PRISMIC_MEDIA_TIMEOUT_MS,
};

const timedFetch = (input: RequestInfo | URL, init?: RequestInit) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
const client = prismic.createClient(PRISMIC_REPOSITORY, {
  accessToken: PRISMIC_ACCESS_TOKEN,
  fetch: timedFetch,
  ...(PRISMIC_API_ENDPOINT ? { documentAPIEndpoint: PRISMIC_API_ENDPOINT } : {}),
});

const started = performance.now();
try {
  await pull();
} catch (error) {
  const { message } = error as Error;
  console.error(`Pull failed: ${(error as object)?.constructor?.name ?? "Error"}: ${message}`);
  process.exit(1);
}

async function pull() {
  const ref = await chosenRef();
  const documents = await client.dangerouslyGetAll({ lang: "*", ref: ref.ref });
  const files = documentFiles(documents);
  let names = new Map<string, string>();
  let bytes = 0;
  let refused = 0;
  if (!flags["keep-remote-images"]) {
    const sources = new Set<string>();
    for (const document of documents) collectMedia(document.data, sources);
    names = localNames(sources);
    ({ bytes, refused } = await download(names, path.join(folder, "media")));
  }
  for (const [file, document] of files) {
    const target = path.join(folder, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${JSON.stringify(stored(document, names), null, 2)}\n`);
  }
  const langs = new Set(documents.map((document) => document.lang));
  console.log(
    `Pulled ${documents.length} documents in ${langs.size} language(s) (${[...langs].sort().join(", ")}) at ${ref.isMasterRef ? "the master ref" : `release "${ref.label}"`}` +
      (flags["keep-remote-images"]
        ? ", images left remote"
        : `, ${names.size} media files (${(bytes / 1024 / 1024).toFixed(1)} MB)${refused ? `, ${refused} media files refused (their URLs kept)` : ""}`) +
      ` into ${folder} in ${Math.round(performance.now() - started)} ms.`,
  );
}

/**
 * A document as the embedded repository stores it: `url` left out (the repository serving it
 * resolves it), `href` on the embedded endpoint, media URLs local when they were downloaded.
 */
function stored(document: prismic.PrismicDocument, names: ReadonlyMap<string, string>) {
  const { url: _resolved, ...rest } = document;
  const href = rest.href.replace(/^https?:\/\/[^/]+\/api\/v2(?=\/|$)/, EMBEDDED_ENDPOINT);
  return { ...rest, href, data: names.size ? rewriteMedia(document.data, names) : document.data };
}

/** The master ref, or the ref, release id or release label given with --ref. */
async function chosenRef(): Promise<prismic.Ref> {
  const refs = await client.getRefs();
  if (!flags.ref) return refs.find((ref) => ref.isMasterRef)!;
  const wanted = flags.ref;
  const found = refs.find((ref) => ref.ref === wanted || ref.id === wanted || ref.label === wanted);
  if (!found)
    throw new Error(
      `no ref, release id or release label "${wanted}" (the repository has: ${refs.map((ref) => ref.label).join(", ")})`,
    );
  return found;
}

/** Each document's file: `<lang>/<type>/<uid>.json`; without a uid, `<type>.json` for the only one of its type and language, else `<id>.json`. */
function documentFiles(documents: prismic.PrismicDocument[]): Map<string, prismic.PrismicDocument> {
  const withoutUid = new Map<string, number>();
  for (const d of documents)
    if (!d.uid) withoutUid.set(`${d.lang}/${d.type}`, (withoutUid.get(`${d.lang}/${d.type}`) ?? 0) + 1);
  const files = new Map<string, prismic.PrismicDocument>();
  for (const d of documents) {
    const name = d.uid ?? (withoutUid.get(`${d.lang}/${d.type}`) === 1 ? d.type : d.id);
    // Each part becomes a folder or file name: anything but a plain name is refused, never followed.
    for (const part of [d.lang, d.type, name]) {
      if (!SAFE_NAME.test(part))
        throw new Error(`document ${JSON.stringify(d.id)}: ${JSON.stringify(part)} cannot be a file name`);
    }
    files.set(path.join(d.lang, d.type, `${name}.json`), d);
  }
  return files;
}

/**
 * Downloads every source into `dir` (a few at a time), within the media limits. A source refused
 * is reported on stderr and taken out of `names`, so its documents keep the remote URL. Resolves
 * the bytes written and how many were refused.
 */
async function download(names: Map<string, string>, dir: string): Promise<{ bytes: number; refused: number }> {
  const queue = [...names];
  let bytes = 0;
  let refused = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [source, name] = next;
      const result = await downloadMedia(source, mediaLimits);
      if (!result.ok) {
        console.error(`Media file not downloaded, its URL kept: ${source}: ${result.reason}`);
        names.delete(source);
        refused++;
        continue;
      }
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, name), result.body);
      bytes += result.body.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(DOWNLOADS_AT_ONCE, names.size) }, worker));
  return { bytes, refused };
}
