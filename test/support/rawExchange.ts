/**
 * Sends `head` to a loopback port exactly as written (request targets supertest cannot send) and
 * resolves with everything the server answered before it closed the connection, or after
 * `waitMs` (an empty string: no answer).
 */
import net from "node:net";

export function exchange(port: number, head: string, waitMs = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => undefined); // followed by "close"
    socket.on("close", () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, waitMs).unref();
  });
}

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
}

/**
 * `GET target` sent with the request target exactly as written (`//gallery`, `/%67allery`: what
 * fetch and supertest would normalise first), one request per connection; resolves with the
 * status and headers of the answer (status 0: no answer within `waitMs`).
 */
export async function rawGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  waitMs = 10_000,
): Promise<RawAnswer> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers, Connection: "close" }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  const answer = await exchange(port, `GET ${target} HTTP/1.1\r\n${lines.join("")}\r\n`, waitMs);
  const [head] = answer.split("\r\n\r\n", 1);
  const [statusLine, ...headerLines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0);
  const parsed: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(":");
    if (at > 0) parsed[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status, headers: parsed };
}
