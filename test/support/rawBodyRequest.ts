/**
 * A request with a body, written byte for byte on a fresh TCP connection, and its answer read until the
 * server closes it: for what `node:http`'s client would refuse to send or would fix on the way,
 * such as a GET with a malformed chunked body (test/twoPathsAgree.test.ts). The request line,
 * `Host`, `Connection: close`, the given headers, a blank line and `body` exactly as given, in one
 * write, so the server's parser meets the body just after the headers.
 */
import net from "node:net";
import type { RawResponse } from "./rawRequest";

const CRLF = "\r\n";

/** A chunked body decoded (the sizes in hex, then the bytes); enough for what our server sends. */
function dechunked(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf(CRLF, at);
    if (end < 0) break;
    const size = Number.parseInt(bytes.subarray(at, end).toString("latin1").split(";")[0], 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses one HTTP/1.1 answer as Node's client would present it (`RawResponse`). */
function parsed(all: Buffer, method: string): RawResponse {
  const split = all.indexOf(CRLF + CRLF);
  if (split < 0) throw new Error(`no complete answer: ${JSON.stringify(all.toString("latin1"))}`);
  const [statusLine, ...lines] = all.subarray(0, split).toString("latin1").split(CRLF);
  const headers: RawResponse["headers"] = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "set-cookie") headers["set-cookie"] = [...(headers["set-cookie"] ?? []), value];
    else headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const status = Number(statusLine.split(" ")[1]);
  let body = all.subarray(split + 4);
  if (method === "HEAD" || status === 304) body = Buffer.alloc(0);
  else if (/chunked/i.test(String(headers["transfer-encoding"] ?? ""))) body = dechunked(body);
  else if (headers["content-length"] !== undefined) body = body.subarray(0, Number(headers["content-length"]));
  return { status, headers, body };
}

export function rawBodyRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<RawResponse> {
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join(CRLF);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("connect", () => socket.write(head + CRLF + CRLF + body));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may close the connection as it finds the body malformed: what arrived is the answer.
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      try {
        resolve(parsed(Buffer.concat(chunks), method));
      } catch (error) {
        reject(error);
      }
    });
  });
}
