/**
 * The real app on a loopback HTTP server with the graceful shutdown of server/index.ts attached
 * (server/http/shutdown.ts), so a test can put requests in flight, start the drain and watch them.
 * The app is createTestApp's, with the drain's state wired into /readyz.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createDrain, type Drain, type DrainOptions } from "../../server/http/shutdown";
import { capturingLogger, type LogLine } from "./capturingLogger";
import { createTestApp, type TestApp, type TestAppOptions } from "./testApp";

export interface DrainingServer extends TestApp {
  url: string;
  server: http.Server;
  drain: Drain;
  /** The log lines of the app and the drain, parsed. */
  lines: LogLine[];
}

export async function startDrainingServer(
  options: TestAppOptions = {},
  drainOptions: Partial<Omit<DrainOptions, "logger">> = {},
): Promise<DrainingServer> {
  const { logger, lines } = capturingLogger();
  // The drain needs the server, and the app reads the drain's state: hand it over once made.
  let drain: Drain | undefined;
  const test = createTestApp({ ...options, logger, draining: () => drain?.draining() ?? false });
  const server = http.createServer();
  drain = createDrain(server, {
    delayMs: 0,
    timeoutMs: 10_000,
    outbox: test.outbox,
    ...drainOptions,
    logger,
  });
  server.on("request", test.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { ...test, url: `http://127.0.0.1:${port}`, server, drain, lines };
}
