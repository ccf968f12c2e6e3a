/**
 * The toolbar's events that come before the app listens (docs/prismic.md, "Previews inside
 * Prismic's editor"): a draft pushed or a preview started (`prismicPreviewUpdate`,
 * `prismicPreviewStart`) or ended (`prismicPreviewEnd`). An event nobody cancels makes the
 * toolbar reload the page or navigate to the exit, which in the editor's frame starts the whole
 * load again or shows a refusal. A preview page's own first script (server/render/htmlShell.ts,
 * preview pages only, so no other visitor carries a byte of it) cancels them and marks the
 * window with the last; the app, once its preview code listens (client/preview.ts), does what the
 * last would have done, and marks the window so that nothing is held any more.
 */
export const DRAFT_HELD_FLAG = "__prismicDraftHeld";
/** The flag's value once a draft push or a preview start has been held. */
export const DRAFT_HELD = 1;
/** The flag's value once the preview's end has been held (after any draft). */
export const END_HELD = 3;
/** The flag's value once the app listens itself. */
export const PREVIEW_LISTENING = 2;

/** The inline script of a preview page, before the toolbar's. */
export const PREVIEW_DRAFT_HOLD_SCRIPT = `["Update","Start","End"].forEach(function(n){addEventListener("prismicPreview"+n,function(e){if(window.${DRAFT_HELD_FLAG}!==${PREVIEW_LISTENING}){e.preventDefault();window.${DRAFT_HELD_FLAG}=n=="End"?${END_HELD}:${DRAFT_HELD}}})})`;
