/**
 * One HTTP request driven by hand (node:http), for shutdown tests: it can carry `Expect:
 * 100-continue`, whose `100 Continue` proves the server has the request (it is in flight there
 * from then on), hold its body back until told, and it reports when its connection closed.
 */
import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  endedAt: number;
}

export interface InFlightRequest {
  /** Resolves on the server's 100 Continue (requests made with `expectContinue`). */
  received: Promise<void>;
  /** The whole response; rejects if the connection is cut before it ends. */
  response: Promise<Answer>;
  /** Resolves when the request's connection has closed (ms since the epoch). */
  socketClosed: Promise<number>;
  /** Whether the response has ended (or failed) yet. */
  settled(): boolean;
  /** Sends the held-back body and ends the request. */
  sendBody(body: string): void;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  agent?: http.Agent | false;
  expectContinue?: boolean;
  /** Send the body later, with sendBody (its Content-Length must be in `headers`). */
  holdBody?: boolean;
}

export function startRequest(url: string, options: RequestOptions = {}): InFlightRequest {
  const headers = { ...options.headers, ...(options.expectContinue ? { Expect: "100-continue" } : {}) };
  const req = http.request(url, { method: options.method ?? "GET", headers, agent: options.agent ?? false });
  let settled = false;
  const received = new Promise<void>((resolve) => req.once("continue", () => resolve()));
  const socketClosed = new Promise<number>((resolve) =>
    req.once("socket", (socket) => socket.once("close", () => resolve(Date.now()))),
  );
  const response = new Promise<Answer>((resolve, reject) => {
    req.once("error", reject);
    req.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("error", reject);
      res.once("aborted", () => reject(new Error("response aborted")));
      res.once("end", () =>
        res.complete
          ? resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              endedAt: Date.now(),
            })
          : reject(new Error("response cut before its end")),
      );
    });
  }).finally(() => (settled = true));
  // A failed request is asserted on through `response`; never an unhandled rejection meanwhile.
  response.catch(() => undefined);
  if (!options.holdBody) req.end();
  return { received, response, socketClosed, settled: () => settled, sendBody: (body) => req.end(body) };
}
