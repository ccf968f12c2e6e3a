/**
 * Fastly's batch purge by surrogate key on 127.0.0.1, as its API reference shapes it: `POST
 * /service/<service>/purge` with the token in `Fastly-Key` and the keys, separated by spaces, in
 * a `Surrogate-Key` request header, at most 256 of them. A right call is answered 200 with a JSON
 * object of each key's purge id; a wrong one 400 (401 for the token). `Fastly-Soft-Purge` is
 * recorded. Every call is recorded; `failNext` answers the next calls with another status.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const STAND_IN_SERVICE = "SU1Z0isxPaozGVKXdv0eY";
export const STAND_IN_FASTLY_TOKEN = "fastly-stand-in-token-0123456789";

export interface FastlyCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  keys: string[];
  status: number;
}

export interface FastlyStandIn {
  /** The API base: `FASTLY_API_URL`. */
  apiUrl: string;
  readonly calls: FastlyCall[];
  /** The keys of every accepted purge, in order. */
  purgedKeys(): string[];
  failNext(count: number, status?: number): void;
  recover(): void;
  close(): Promise<void>;
}

export async function startFastlyStandIn(): Promise<FastlyStandIn> {
  const calls: FastlyCall[] = [];
  let failing = 0;
  let failStatus = 500;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const header = req.headers["surrogate-key"];
      const keys = typeof header === "string" ? header.split(" ").filter(Boolean) : [];
      const answer = (status: number, payload: object) => {
        calls.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, keys, status });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (failing > 0) {
        failing--;
        return answer(failStatus, { msg: "stand-in told to fail" });
      }
      if (req.method !== "POST" || req.url !== `/service/${STAND_IN_SERVICE}/purge`)
        return answer(404, { msg: "Record not found" });
      if (req.headers["fastly-key"] !== STAND_IN_FASTLY_TOKEN)
        return answer(401, { msg: "Provided credentials are missing or invalid" });
      if (keys.length === 0) return answer(400, { msg: "No surrogate keys given" });
      if (keys.length > 256) return answer(400, { msg: "Too many surrogate keys: at most 256" });
      answer(200, Object.fromEntries(keys.map((key) => [key, randomUUID()])));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    purgedKeys: () => calls.filter((call) => call.status === 200).flatMap((call) => call.keys),
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
