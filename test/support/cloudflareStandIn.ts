/**
 * Cloudflare's purge-by-tag API on 127.0.0.1, as its documentation ("Purge cache by cache-tags")
 * shapes it: `POST /client/v4/zones/<zone>/purge_cache` with `Authorization: Bearer <token>` and
 * a JSON body `{"tags": [...]}` of at most 100 tags. A right call is answered 200
 * `{"success": true, "errors": [], "messages": [], "result": {"id": ...}}`; a wrong one as
 * Cloudflare does, `success: false` with an `errors` list (400, or 403 for the token). Every call
 * is recorded; `failNext` answers the next calls with another status (429, 500) for a test of
 * failures.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const STAND_IN_ZONE = "0123456789abcdef0123456789abcdef";
export const STAND_IN_CLOUDFLARE_TOKEN = "cf-stand-in-token-0123456789";

export interface CloudflareCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  status: number;
}

export interface CloudflareStandIn {
  /** The API base: `CLOUDFLARE_API_URL`. */
  apiUrl: string;
  readonly calls: CloudflareCall[];
  /** The tags of every accepted purge, in order. */
  purgedTags(): string[];
  /** Answers the next `count` calls with `status` (Infinity: until `recover`). */
  failNext(count: number, status?: number): void;
  recover(): void;
  close(): Promise<void>;
}

export async function startCloudflareStandIn(): Promise<CloudflareStandIn> {
  const calls: CloudflareCall[] = [];
  let failing = 0;
  let failStatus = 500;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const answer = (status: number, payload: object) => {
        calls.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, status });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const refuse = (status: number, code: number, message: string) =>
        answer(status, { success: false, errors: [{ code, message }], messages: [], result: null });
      if (failing > 0) {
        failing--;
        return refuse(failStatus, failStatus === 429 ? 971 : 10000, "stand-in told to fail");
      }
      if (req.method !== "POST" || req.url !== `/client/v4/zones/${STAND_IN_ZONE}/purge_cache`)
        return refuse(404, 7003, "Could not route to the requested resource");
      if (req.headers.authorization !== `Bearer ${STAND_IN_CLOUDFLARE_TOKEN}`)
        return refuse(403, 10000, "Authentication error");
      const tags = (body as { tags?: unknown } | undefined)?.tags;
      if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => typeof tag === "string"))
        return refuse(
          400,
          1012,
          "Request must contain one of 'purge_everything', 'files', 'tags', 'hosts' or 'prefixes'",
        );
      if (tags.length > 100) return refuse(400, 1018, "Only 100 tags can be purged in a single request");
      answer(200, { success: true, errors: [], messages: [], result: { id: randomUUID().replace(/-/g, "") } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${origin}/client/v4`,
    calls,
    purgedTags: () =>
      calls.filter((call) => call.status === 200).flatMap((call) => (call.body as { tags: string[] }).tags),
    failNext(count, status = 500) {
      failing = count;
      failStatus = status;
    },
    recover() {
      failing = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
