/**
 * Prismic's REST API over real HTTP on loopback, answered by the embedded repository: the
 * repository endpoint `/api/v2`, `/api/v2/documents/search`, and the content's images under
 * `/media/<file>` (standing in for Prismic's image CDN). Tests point the hosted code path (a real
 * `fetch` over the network, the client's own retries and caches) or `prismic:pull` at it.
 *
 * `answers` switches the repository to any other answer hosted Prismic gives (refused preview
 * tokens, 401/403/410/429, 5xx, a slow reply: packages/prismic-stand-in/src/embedded/prismicAnswers.ts);
 * `answer` lets a test replace any answer before the repository sees the request.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { PrismicDocument } from "@prismicio/client";
import { absolutizeMediaUrls, type EmbeddedRepository, loadDocuments } from "../../packages/prismic-stand-in/src/index";
import {
  answeringEmbeddedFetch,
  createEmbeddedRepository,
  EMBEDDED_ENDPOINT,
  loadReleases,
  PrismicAnswers,
} from "../../packages/prismic-stand-in/src/testing";

export interface PrismicHttpStandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The repository endpoint, `http://127.0.0.1:<port>/api/v2`: what `createClient(endpoint)` takes. */
  endpoint: string;
  /** Every request's path and query, in order. */
  readonly requests: string[];
  /** Every request's headers, in the same order (a trace's `traceparent`, for example). */
  readonly headers: http.IncomingHttpHeaders[];
  /** Publishes a new document set (a new master ref). */
  publish(documents: PrismicDocument[]): void;
  /** The repository as served now. */
  repository(): EmbeddedRepository;
  /**
   * Switches the repository to hosted Prismic's other answers (refused preview tokens, 401/403/410/429,
   * 5xx, slow): `standIn.answers.switchTo({ kind: "preview-token-expired", ref: token })`.
   */
  readonly answers: PrismicAnswers;
  /** Replaces the answer to matching requests; return undefined to let the repository answer. */
  answer(handler: ((url: URL) => Response | Promise<Response> | undefined) | undefined): void;
  close(): Promise<void>;
}

export interface PrismicHttpStandInOptions {
  /** An embedded repository folder (default: the project's `content/`). */
  contentDir?: string;
  /** Where `/media/<file>` is read from (default: `<contentDir>/media`). */
  mediaDir?: string;
}

const MEDIA_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

export async function startPrismicHttpStandIn(options: PrismicHttpStandInOptions = {}): Promise<PrismicHttpStandIn> {
  const contentDir = path.resolve(options.contentDir ?? path.join(__dirname, "../../content"));
  const mediaDir = path.resolve(options.mediaDir ?? path.join(contentDir, "media"));
  const requests: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  let override: ((url: URL) => Response | Promise<Response> | undefined) | undefined;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = `${origin}/api/v2`;

  // Image fields point at this server, as hosted documents point at Prismic's image CDN.
  const absolute = (documents: readonly PrismicDocument[]) => documents.map((d) => absolutizeMediaUrls(d, origin));
  const releases = loadReleases(contentDir).map((release) => ({ ...release, documents: absolute(release.documents) }));
  let repository = createEmbeddedRepository(absolute(loadDocuments(contentDir)), { releases });
  const answers = new PrismicAnswers();
  const embeddedFetch = answeringEmbeddedFetch(() => repository, answers);
  const embeddedBase = new URL(EMBEDDED_ENDPOINT);

  server.on("request", (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin);
      requests.push(url.pathname + url.search);
      headers.push(req.headers);
      let response = await override?.(url);
      if (!response && url.pathname.startsWith("/media/")) response = readMedia(mediaDir, url.pathname);
      if (!response && (url.pathname === "/api/v2" || url.pathname.startsWith("/api/v2/"))) {
        const inner = new URL(url.pathname + url.search, embeddedBase.origin);
        response = await embeddedFetch(inner.toString(), { method: req.method });
      }
      response ??= new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
      // The repository's own URLs (next_page, forms) name the embedded endpoint: serve them here.
      const isJson = (response.headers.get("content-type") ?? "").includes("json");
      const body = isJson
        ? Buffer.from((await response.text()).replaceAll(embeddedBase.origin, origin))
        : Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });

  return {
    origin,
    endpoint,
    requests,
    headers,
    answers,
    publish: (documents) => {
      repository = createEmbeddedRepository(absolute(documents), { releases });
    },
    repository: () => repository,
    answer: (handler) => {
      override = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readMedia(mediaDir: string, pathname: string): Response {
  const name = decodeURIComponent(pathname.slice("/media/".length));
  const file = path.resolve(mediaDir, name);
  if (!file.startsWith(mediaDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return new Response("Not found", { status: 404 });
  }
  const type = MEDIA_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  return new Response(fs.readFileSync(file), { headers: { "content-type": type } });
}
