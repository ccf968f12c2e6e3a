/**
 * A draft the editor pushes into a preview before the app listens (docs/prismic.md, "Previews
 * inside Prismic's editor"): the toolbar fires `prismicPreviewUpdate`, and an event nobody
 * cancels makes it reload the page, which in the editor's frame starts the whole load again. A
 * preview page's own first script (server/render/htmlShell.ts, preview pages only, so no other
 * visitor carries a byte of it) cancels such events and marks the window; the app, once its
 * preview code listens (client/preview.ts), re-reads the page's data if one came, and marks the
 * window so that nothing is held any more.
 */
export const DRAFT_HELD_FLAG = "__prismicDraftHeld";
/** The flag's value once a draft has been held. */
export const DRAFT_HELD = 1;
/** The flag's value once the app listens itself. */
export const PREVIEW_LISTENING = 2;

/** The inline script of a preview page, before the toolbar's. */
export const PREVIEW_DRAFT_HOLD_SCRIPT = `addEventListener("prismicPreviewUpdate",function(e){if(window.${DRAFT_HELD_FLAG}!==${PREVIEW_LISTENING}){e.preventDefault();window.${DRAFT_HELD_FLAG}=${DRAFT_HELD}}})`;
