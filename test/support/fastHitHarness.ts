/**
 * The page cache's fast path (server/pageCache/fastHit.ts) alone on a node:http server on
 * 127.0.0.1, in front of a stand-in for the app that answers 299 to whatever the fast path leaves
 * to it: its dependencies are the real page cache, ref tracker (on a clock the test moves),
 * security headers and URL redaction, with a preview gate that answers by the cookie's value and a
 * capturing logger.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRefTracker, REF_TTL_MS } from "../../server/content/refTracker";
import { redactSecrets } from "../../server/observability/logger";
import { createFastHitPath } from "../../server/pageCache/fastHit";
import { publicSecurityHeaders } from "../../server/pageCache/headerBlock";
import type { CachedPage, PageCache } from "../../server/pageCache/pageCache";
import type { PreviewAdmission } from "../../server/preview/previewVerification";
import { securityHeaders } from "../../server/http/security";
import { capturingLogger, type LogLine } from "./capturingLogger";

export const CURRENT_REF = "ref-current";
export const SCRIPT_HASH = "'sha256-pageScriptHashAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
export const SECURITY = publicSecurityHeaders(securityHeaders("https://www.example.test"));
/** What the stand-in for the app answers with. */
export const APP_STATUS = 299;

/** What the preview gate answers for each value of the preview cookie (the gate itself: test/previewVerification.test.ts). */
const ADMISSIONS: Record<string, PreviewAdmission> = {
  verified: "preview",
  asking: "verify",
  refused: "refused",
  "no-budget": "unverified",
};

/** A page's HTML, long enough for its codings to differ from it. */
export const page = (text: string) =>
  `<!doctype html><html><body><h1>${text}</h1>${"<p>Oak and walnut.</p>".repeat(40)}</body></html>`;

/** Stores a rendered page under a cache key. */
export async function putPage(
  cache: PageCache,
  key: string,
  html: string,
  fields: Partial<Pick<CachedPage, "status" | "ref" | "routeId">> = {},
): Promise<CachedPage> {
  const entry = await cache.prepare({
    ref: fields.ref ?? CURRENT_REF,
    routeId: fields.routeId ?? "page",
    status: fields.status ?? 200,
    contentType: "text/html; charset=utf-8",
    scriptHashes: [SCRIPT_HASH],
    html: Buffer.from(html),
  });
  cache.keep(key, entry);
  return entry;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FastHitHarness {
  send(path: string, headers?: Record<string, string>, method?: string): Promise<Answer>;
  /** Log lines written, parsed. */
  lines: LogLine[];
  recordHit: jest.Mock;
  /** The client address the preview gate saw, per question. */
  admitted: unknown[];
  /** Peers whose forwarding headers are believed. */
  trusted: Set<string>;
  /** Moves the ref tracker's clock. */
  advanceRefClock(ms: number): void;
  /** What the app's request looked like when it got it. */
  lastFallThrough(): { headersSent: boolean; headerNames: string[] } | undefined;
  /** `res.locals` of the last request sent with `x-test-locals` (as inside the app, tracing on). */
  lastLocals(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

export async function startFastHit(cache: PageCache): Promise<FastHitHarness> {
  const { logger, lines } = capturingLogger("info");
  const recordHit = jest.fn();
  const admitted: unknown[] = [];
  const trusted = new Set<string>();
  let clock = 1_000_000;
  let fallThrough: ReturnType<FastHitHarness["lastFallThrough"]>;
  let locals: Record<string, unknown> | undefined;
  const refs = createRefTracker(
    async () => CURRENT_REF,
    REF_TTL_MS,
    () => clock,
  );
  await refs.current();
  const hits = createFastHitPath({
    cache,
    refs,
    previews: {
      admit: (req) => {
        admitted.push(req.ip);
        return ADMISSIONS[String(req.cookies?.["io.prismic.preview"])] ?? "none";
      },
    },
    logger,
    securityHeaders: SECURITY,
    redactUrl: redactSecrets,
    trustProxy: (address) => trusted.has(address),
    recordHit,
  });
  const server = http.createServer((req, res) => {
    if (req.headers["x-test-locals"]) (res as http.ServerResponse & { locals?: object }).locals = locals = {};
    if (hits(req, res)) return;
    fallThrough = { headersSent: res.headersSent, headerNames: res.getHeaderNames() };
    res.writeHead(APP_STATUS, { "x-answered-by": "app" }).end("app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const send = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  return {
    send,
    lines,
    recordHit,
    admitted,
    trusted,
    advanceRefClock: (ms) => {
      clock += ms;
    },
    lastFallThrough: () => fallThrough,
    lastLocals: () => locals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
