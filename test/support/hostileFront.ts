/**
 * A front on loopback before the Prismic HTTP stand-in that can answer any request with a hostile
 * answer instead: a body of any size streamed in 64 KiB chunks (never allocated whole, so the
 * memory a test measures is the site's), a body that trickles a byte at a time and never ends, a
 * redirect, or any JSON. Every other request is passed to the stand-in as it is. Point
 * PRISMIC_API_ENDPOINT at `endpoint`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type HostileAnswer =
  | { kind: "stream"; bytes: number; contentLength?: boolean }
  | { kind: "trickle"; everyMs: number }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "json"; body: unknown };

export interface HostileFront {
  /** `http://127.0.0.1:<port>/api/v2` */
  endpoint: string;
  /** Answers the requests `picks` chooses with `answer` (undefined: pass everything on); counts start again. */
  set(answer: HostileAnswer | undefined, picks?: (url: URL) => boolean): void;
  /** How many bytes of hostile bodies were written to the socket (the rest was refused by the reader). */
  readonly written: () => number;
  /** Hostile answers given. */
  readonly answered: () => number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, "a");

export async function startHostileFront(standInOrigin: string): Promise<HostileFront> {
  let hostile: HostileAnswer | undefined;
  let picks: (url: URL) => boolean = () => true;
  let written = 0;
  let answered = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (hostile && picks(url)) {
      answered++;
      return answerHostile(hostile, res, (n) => (written += n));
    }
    void (async () => {
      const upstream = await fetch(new URL(url.pathname + url.search, standInOrigin), { method: req.method });
      const body = Buffer.from(await upstream.arrayBuffer());
      const text = body.toString("utf8").replaceAll(standInOrigin, origin);
      res.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
        "content-length": Buffer.byteLength(text),
      });
      res.end(text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint: `${origin}/api/v2`,
    set(answer, only = () => true) {
      hostile = answer;
      picks = only;
      written = 0;
      answered = 0;
    },
    written: () => written,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerHostile(answer: HostileAnswer, res: http.ServerResponse, count: (bytes: number) => void): void {
  if (answer.kind === "redirect") {
    res.writeHead(answer.status, { location: answer.location });
    return void res.end();
  }
  if (answer.kind === "json") {
    const text = JSON.stringify(answer.body);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    return void res.end(text);
  }
  if (answer.kind === "trickle") {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => {
      count(1);
      res.write(" ");
    }, answer.everyMs);
    return void res.on("close", () => clearInterval(timer));
  }
  res.writeHead(200, {
    "content-type": "application/json",
    ...(answer.contentLength ? { "content-length": answer.bytes } : {}),
  });
  let left = answer.bytes;
  const pump = () => {
    // Only as fast as the reader takes it: a reader that stops stops the writing.
    while (left > 0 && !res.destroyed) {
      const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= chunk.length;
      count(chunk.length);
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (left <= 0) res.end();
  };
  res.on("close", () => {
    left = 0;
  });
  pump();
}
