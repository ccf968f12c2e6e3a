/**
 * A Slice Machine stand-in for browser tests: a tiny HTTP server on 127.0.0.1 serving a parent
 * page that frames /slice-simulator and drives it with @prismicio/simulator's own
 * `SimulatorClient` (./parent.ts, bundled here with esbuild).
 */
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import * as esbuild from "esbuild";

export interface StandInServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The parent page's path for a simulator URL. */
  pagePath(simulatorUrl: string, options?: { width?: number; height?: number; connectTimeout?: number }): string;
  close(): Promise<void>;
}

async function bundleParent(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, "parent.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "chrome111",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Slice Machine (stand-in)</title>
<style>body { margin: 0 } iframe { border: 0; display: block }</style>
<script type="module" src="/parent.js"></script></head><body></body></html>`;

export async function startSliceMachineStandIn(port = 0): Promise<StandInServer> {
  const script = await bundleParent();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(PAGE);
    } else if (url.pathname === "/parent.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }).end(script);
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    pagePath: (simulatorUrl, options = {}) => {
      const query = new URLSearchParams({ simulator: simulatorUrl });
      for (const [key, value] of Object.entries(options)) query.set(key, String(value));
      return `/?${query}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
