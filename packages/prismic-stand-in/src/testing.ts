/**
 * For tests only: fault injection (hosted Prismic's other answers, switchable) and the pieces of
 * the stand-in that only tests reach into. Production code never imports this file (biome.jsonc
 * refuses it under server/, and test/prismicStandInBundle.test.ts checks the server's bundle).
 */

// Hosted Prismic's answers the embedded repository never gives by itself (decision record 009).
export {
  answeringEmbeddedFetch,
  answeringFetch,
  PrismicAnswers,
  type PrismicAnswerKind,
  type PrismicAnswerRule,
} from "./embedded/prismicAnswers";

// The embedded repository's parts, to build one from documents in memory and preview its releases.
export { createEmbeddedFetch, EMBEDDED_ENDPOINT, embeddedPreviewToken } from "./embedded/embeddedFetch";
export { createEmbeddedRepository, releaseRef } from "./embedded/embeddedRepository";
export { loadReleases } from "./embedded/loadDocuments";

// The content checks' parts, for tests of the demo content against its models.
export { loadReleaseEntries, overlayRelease } from "./model/contentEntries";
export { richTextUsage, sliceUsage } from "./model/contentUsage";
export { BLOCK_TYPES, SPAN_TYPES, type ContentEntry, type ContentModels } from "./model/modelTypes";

// The image service's parts.
export { createMediaCache } from "./media/mediaCache";
export { mediaStats, planGeometry } from "./media/imageTransform";
