/**
 * What the production build is made from, as one hash, and whether a build folder holds the build
 * of the sources as they are now: scripts/build/buildInputs.mjs, which build.mjs stamps each
 * production build with (test/support/globalSetup.ts reads the stamp).
 */
export { BUILD_INPUTS, BUILD_STAMP, buildInputsHash, isCurrentBuild } from "../../scripts/build/buildInputs.mjs";
