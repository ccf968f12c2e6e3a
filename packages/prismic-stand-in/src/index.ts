/**
 * The Prismic stand-in, for a site without a Prismic repository (no PRISMIC_REPOSITORY): what the
 * server loads then, and only then (server/content/prismicStandIn.ts, decision record 025).
 * Fault injection and the other pieces only tests use are in ./testing.ts, which production code
 * never imports.
 */

// The embedded repository: Prismic's REST API answered from the JSON files under CONTENT_DIR
// (decision records 002 and 009).
export { openEmbeddedRepository, type OpenedRepository } from "./embedded/openRepository";
export type { EmbeddedRepository } from "./embedded/embeddedRepository";
export { ContentFileError, loadDocuments, loadReleases, RELEASES_FOLDER } from "./embedded/loadDocuments";
export { absolutizeMediaUrls } from "./embedded/mediaUrls";

// The content checks Prismic makes when an editor saves, made on the files: every document
// against its custom type and the shared slice models.
export { loadContentEntries, loadReleaseEntries, overlayRelease } from "./model/contentEntries";
export { loadModels } from "./model/loadModels";
export { validateContent } from "./model/validateContent";

// Images: Prismic's image CDN (imgix) stood in for by /media/<file> (decision record 012).
export { createImageService, type ImageService, type ImageTracing } from "./media/imageService";
export type { MediaCacheStats } from "./media/mediaCache";
export { createMediaRoute } from "./media/mediaRoute";
export { startMediaWarmer, type MediaWarmer } from "./media/mediaWarmer";
export type { TransformQueueStats } from "./media/transformQueue";

// The preview toolbar, served at /preview/toolbar.js.
export { TOOLBAR_STAND_IN_SCRIPT, toolbarStandInScript } from "./toolbarStandIn";
