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
 */
import { createRequire } from "node:module";
import net from "node:net";

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

createRequire(import.meta.url)("start-slicemachine/cli");
