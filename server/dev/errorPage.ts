/**
 * Development only: a render error as a page, with its message and stack, where production sends
 * a plain "Internal Server Error" (server/render/streamDocument.tsx picks one by the build's NODE_ENV,
 * so production builds do not even contain this module).
 */
import { escapeHtml } from "../render/html";

export function devErrorPage(error: unknown): string {
  const err = error instanceof Error ? error : new Error(String(error));
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>Render error</title></head>',
    "<body>",
    `<h1>${escapeHtml(err.name)}: ${escapeHtml(err.message)}</h1>`,
    `<pre data-dev-stack>${escapeHtml(err.stack ?? "")}</pre>`,
    "<p>Shown by <code>npm run dev</code> only; a production build answers “Internal Server Error”.</p>",
    "</body></html>",
  ].join("");
}
