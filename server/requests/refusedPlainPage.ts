/**
 * A refused post's plain answer when the whole form page is not rendered (refusedPageBudget.ts):
 * the errors as a list, in the page's language, with the way back to the form. No script, no
 * style sheet, no React: it costs about what a cached page does. The messages are the site's own
 * (shared/requests/requestSchema.ts); they are escaped all the same.
 */
import type { Locale } from "../../shared/locales";
import type { FieldError } from "../../shared/requests/requestSchema";
import { SITE_NAME } from "../../shared/site";
import { escapeHtml } from "../render/html";

export function refusedPlainPage(errors: readonly FieldError[], formPath: string, locale: Locale): string {
  const items = errors.map(({ message }) => `<li>${escapeHtml(message)}</li>`).join("");
  return [
    `<!doctype html><html lang="${escapeHtml(locale.language)}"><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Some answers need changing – ${escapeHtml(SITE_NAME)}</title>`,
    "<main><h1>Some answers need changing</h1>",
    "<p>Your request has not been sent yet. Go back to the form with your browser's Back button: what you typed is still there. Then change these answers and send it again:</p>",
    `<ul>${items}</ul>`,
    `<p><a href="${escapeHtml(formPath)}">Open the form again</a> (empty, if your browser did not keep your answers).</p></main></html>`,
  ].join("");
}
