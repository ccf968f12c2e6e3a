/**
 * Where a page or slice wants a third-party widget: `<div data-script-slot="reviews">`, rendered
 * by views/parts/ScriptSlot.tsx; client/pageScripts.ts loads the widget's script for it.
 */
export type ScriptSlotKind = "reviews" | "privacy-policy";

export const SCRIPT_SLOT_ATTRIBUTE = "data-script-slot";
