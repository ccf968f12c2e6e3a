/**
 * `npm run slicemachine`: Slice Machine's local app (slice-machine-ui) for this project, on Node 24
 * (npm scripts run the `node` dev dependency) and port 9999 unless `--port` says otherwise.
 *
 * Slice Machine listens on every interface, and its /_manager endpoint writes the project's
 * files: we bind it to 127.0.0.1 so only this machine can reach it. Set SLICE_MACHINE_HOST to
 * listen elsewhere (in a container, 0.0.0.0 behind a published port).
 *
 * The development server lets only http://localhost:9999 frame its /slice-simulator
 * (SLICE_SIMULATOR_ANCESTORS): on another port, Simulate stays blank unless `npm run dev` is told
 * the new origin, so that is said at start (docs/prismic.md).
 *
 * The simulator Slice Machine frames is the site's: `localSliceSimulatorURL` in
 * slicemachine.config.json (http://localhost:3000/slice-simulator, `npm run dev`'s default port).
 * With PORT set, as for `npm run dev`, this run uses http://localhost:$PORT/slice-simulator
 * instead, and the file is left as it is (a configuration Slice Machine writes back keeps the
 * file's URL). Slice Machine reads its configuration once, so a new PORT needs a new run.
 */
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { hasPrismicLogin } from "./lib/prismicLogin.mjs";

const require = createRequire(import.meta.url);

/** The simulator URL for this run, from PORT (the site's port), or undefined: the file's own. */
function simulatorURLFromPort() {
  const sitePort = process.env.PORT;
  if (sitePort === undefined || sitePort === "") return undefined;
  if (!/^\d{1,5}$/.test(sitePort) || Number(sitePort) > 65535 || Number(sitePort) === 0) {
    console.error(
      `Invalid configuration:\n  PORT: the site's port (npm run dev's), from 1 to 65535 (it is ${JSON.stringify(sitePort)})`,
    );
    process.exit(1);
  }
  return `http://localhost:${Number(sitePort)}/slice-simulator`;
}

/**
 * Slice Machine's project manager (the copy start-slicemachine loads) answers `simulatorURL` for
 * `localSliceSimulatorURL`, and writes the file's own URL back when it saves its configuration.
 */
function useSimulatorURL(simulatorURL) {
  const fromStarter = createRequire(require.resolve("start-slicemachine/cli"));
  const managerDist = path.dirname(fromStarter.resolve("@slicemachine/manager"));
  const { ProjectManager } = fromStarter(path.join(managerDist, "managers", "project", "ProjectManager.cjs"));
  const read = ProjectManager.prototype.getSliceMachineConfig;
  const write = ProjectManager.prototype.writeSliceMachineConfig;
  if (typeof read !== "function" || typeof write !== "function")
    throw new Error("Slice Machine's ProjectManager changed: PORT cannot set the simulator URL (docs/prismic.md)");
  let fileURL;
  ProjectManager.prototype.getSliceMachineConfig = async function () {
    const config = await read.call(this);
    fileURL = config.localSliceSimulatorURL;
    return { ...config, localSliceSimulatorURL: simulatorURL };
  };
  ProjectManager.prototype.writeSliceMachineConfig = function (args) {
    const config = args?.config;
    if (config?.localSliceSimulatorURL === simulatorURL && fileURL !== undefined)
      return write.call(this, { ...args, config: { ...config, localSliceSimulatorURL: fileURL } });
    return write.call(this, args);
  };
}

const simulatorURL = simulatorURLFromPort();
if (simulatorURL) {
  useSimulatorURL(simulatorURL);
  console.log(`Slice Machine's simulator for this run: ${simulatorURL} (PORT; slicemachine.config.json is unchanged)`);
}

const host = process.env.SLICE_MACHINE_HOST || "127.0.0.1";
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  // Only the form Slice Machine uses, `listen(port[, callback])`, gets the host added.
  if (typeof args[0] === "number" && (args.length === 1 || typeof args[1] === "function")) {
    const port = args[0];
    args.splice(1, 0, host);
    // With a host, binding waits for a (local) lookup, but Slice Machine reads `address().port`
    // at once to print its URL: answer with the port it asked for until the server listens.
    const address = this.address;
    this.address = function () {
      return address.call(this) ?? { address: host, family: net.isIPv6(host) ? "IPv6" : "IPv4", port };
    };
  }
  return listen.apply(this, args);
};

const portArgument = process.argv.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
const port = portArgument < 0 ? "9999" : (process.argv[portArgument].split("=")[1] ?? process.argv[portArgument + 1]);
if (port !== "9999")
  console.log(
    `Slice Machine on port ${port}: for Simulate, start the site with SLICE_SIMULATOR_ANCESTORS=http://localhost:${port} npm run dev`,
  );

// Slice Machine's own terminal says nothing about these, and its page's console shows only the 500s.
if (!hasPrismicLogin())
  console.log(
    "No Prismic login: Slice Machine's page shows four HTTP 500s in the browser console on each load (environments and onboarding need a login; the adapter update check asks about this project's own adapter, which is not published). Harmless: slices and types are edited locally (docs/prismic.md)",
  );

require("start-slicemachine/cli");
