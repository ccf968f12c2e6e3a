/**
 * Preloaded into a built server (`node --import`, test/prismicStandIn.test.ts): writes
 * "module loaded: <url>" to stderr for every module the server loads whose URL matches
 * MODULE_LOADS_MATCHING (a regular expression), so a test can see what a server does not load.
 */
import { registerHooks } from "node:module";

const matching = new RegExp(process.env.MODULE_LOADS_MATCHING ?? "(?!)");

registerHooks({
  load(url, context, nextLoad) {
    if (matching.test(url)) process.stderr.write(`module loaded: ${url}\n`);
    return nextLoad(url, context);
  },
});
