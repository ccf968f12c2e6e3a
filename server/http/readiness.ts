/**
 * GET /readyz, the load balancer's question "may I send traffic here?": not while the process
 * drains (server/http/shutdown.ts), not before the content service has answered once, and not when
 * the client build the pages point at is missing (a half-deployed or deleted dist/).
 * /healthz stays "ok" throughout: the process is alive, and restarting it would not help.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import type { AssetManifest } from "./assets";
import type { RefTracker } from "../content/refTracker";

export interface ReadinessDeps {
  /** True once a shutdown has begun. */
  draining: () => boolean;
  refs: RefTracker;
  /** The manifest read at start-up, and where its files live (BUILD_DIR). */
  manifest: AssetManifest;
  buildDir: string;
}

/** Why this instance is not ready (draining, client build missing, content service not reached yet), or undefined when it is. */
export function createReadinessCheck({
  draining,
  refs,
  manifest,
  buildDir,
}: ReadinessDeps): () => Promise<string | undefined> {
  // The browser entry every page loads: present means the build the manifest describes is served.
  const entryFile = path.join(buildDir, "client", ...manifest.entry.split("/").filter(Boolean));
  const buildPresent = () =>
    fs.access(entryFile).then(
      () => true,
      () => false,
    );
  const contentReached = async () =>
    refs.lastKnown() !== undefined ||
    (await refs.current().then(
      () => true,
      () => false,
    ));

  return async () =>
    draining()
      ? "draining"
      : !(await buildPresent())
        ? "client build missing"
        : !(await contentReached())
          ? "content service not reachable yet"
          : undefined;
}

export function createReadinessRoute(deps: ReadinessDeps): RequestHandler {
  const check = createReadinessCheck(deps);
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const notReady = await check();
    res
      .status(notReady ? 503 : 200)
      .type("text/plain")
      .send(notReady ?? "ready");
  };
}
