/**
 * A server process kept ready by scripts/dev.mjs: it loads the server bundle's packages (React,
 * Express, the router… most of a server's start-up time) while nothing is waiting, then, when
 * told to start, runs the current build (dist-dev/server/index.js) exactly as `npm run serve` does.
 * A restart after a save then costs only the evaluation of our own bundle.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const launcher = path.resolve(process.argv[2]);

/**
 * The packages the bundles import (they keep them external): bare names in the import statements
 * of the server and of the Prismic stand-in it loads without a repository (sharp among them).
 */
function bundlePackages() {
  const bundle = ["server.js", "prismic-stand-in.js"]
    .map((file) => fs.readFileSync(path.join(path.dirname(launcher), file), "utf8"))
    .join("\n");
  return [
    ...new Set([...bundle.matchAll(/(?:\bfrom|\bimport\()\s*["']([^"'./][^"']*)["']/g)].map((match) => match[1])),
  ];
}

const warm = Promise.all(bundlePackages().map((name) => import(name).catch(() => undefined)));
process.on("message", async (message) => {
  if (message?.type !== "start") return;
  await warm;
  await import(pathToFileURL(launcher).href);
});
