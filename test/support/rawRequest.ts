/**
 * One request through `node:http` with nothing added: the target exactly as written (`//gallery`,
 * `/%67allery`, `/./gallery`: fetch and supertest would normalise them first) and only the headers
 * given (Node's fetch adds `cache-control: no-cache` to any request carrying If-None-Match, which
 * rightly defeats a 304: docs/development.md, "Tests that catch what they name"). A fresh connection per request.
 */
import http from "node:http";

export interface RawResponse {
  status: number;
  /** Header names in lower case, as Node parsed them (a repeated Set-Cookie is an array). */
  headers: http.IncomingHttpHeaders;
  /** The body as sent, still in its content coding. */
  body: Buffer;
}

export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
