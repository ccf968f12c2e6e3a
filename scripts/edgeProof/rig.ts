/**
 * The test harness's pieces the edge proof (scripts/edgeProof.mjs) runs, bundled by esbuild into
 * .cache/bench/ (two folders below the root, as test/support/, where their ROOT is resolved from):
 * the Prismic stand-in over HTTP, built instances in hosted mode, nginx and Varnish with the
 * deploy's files.
 */
export { loadDocuments } from "../../packages/prismic-stand-in/src/index";
export { startPrismicHttpStandIn } from "../../test/support/prismicHttpStandIn";
export { createInstance, instancePorts, startNginx } from "../../test/support/siteCluster";
export { startVarnish, VARNISH_TOKEN } from "../../test/support/varnish";
