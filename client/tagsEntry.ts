/**
 * The tags' browser entry (client/tags.ts: consent, tracking, Klaviyo, widgets): a module of its
 * own, which the server's tail runs just before the browser entry, and only on a page whose server
 * configured tags (server/http/assets.ts `pageEntries`). A page without tags loads none of their
 * code; a page with them starts them with the page, as before, before the entry listens for the
 * first interaction (budgets.json, docs/behaviour.md section 7.5).
 */
import { startTags } from "./tags";

startTags();

/**
 * For the entry, which imports this module (already run) once the app runs, and hands the consent
 * to the field measure of speed (client/vitals/fieldVitals.ts): one chunk, where importing
 * client/tags.ts made it a chunk of its own too.
 */
export { startedTags } from "./tags";
export { currentConsent } from "./consent/consentState";
