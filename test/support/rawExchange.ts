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
