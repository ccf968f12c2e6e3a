/**
 * The stand-in editor `npm run dev` serves at http://localhost:9998 (docs/prismic.md, "Previews
 * inside Prismic's editor"): a page on another origin than the site that frames its /preview in
 * an iframe named `prismic:embedded-preview`, as Prismic's Live Preview panel does, answers the
 * toolbar's `ready` with an `ack`, sizes the frame by the `document-height` it reports, and
 * pushes the ref typed in its text box with `prismic:embedded-preview:set-ref` (with `reload: true`
 * when "Refresh even if unchanged" is ticked). At `/poll` it frames the site in poll mode
 * (`prismic:embedded-preview:poll`), where the toolbar ignores pushes and follows the cookie. With the embedded
 * repository only: a hosted repository's editor is Prismic's own. It listens on 127.0.0.1 and
 * shows only what is typed into it; nothing it serves reads the project's files.
 */
import http from "node:http";

/** The port, as PRISMIC_PREVIEW_ANCESTORS's development default names it (server/config.ts). */
export const PREVIEW_EDITOR_PORT = 9998;

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** The editor's page for a site at `siteUrl`, previewing `token` from document `documentId`; `poll`: the frame in poll mode. */
export function editorPage(siteUrl, token, documentId, poll = false) {
  const frameName = poll ? "prismic:embedded-preview:poll" : "prismic:embedded-preview";
  const src = `${siteUrl}/preview?token=${encodeURIComponent(token)}&documentId=${encodeURIComponent(documentId)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stand-in editor · Live Preview</title>
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #f3f3f5; color: #1d1d1f; }
  header { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 12px 20px; background: #fff; border-bottom: 1px solid #ddd; }
  header h1 { font-size: 15px; margin: 0 12px 0 0; }
  form { display: flex; gap: 8px 12px; align-items: center; flex-wrap: wrap; }
  #ref { width: 36em; max-width: 100%; padding: 6px 8px; font: inherit; }
  button { padding: 6px 14px; font: inherit; }
  #status { color: #555; }
  main { padding: 20px; }
  iframe { display: block; width: 100%; height: 800px; border: 1px solid #ccc; background: #fff; }
</style>
</head>
<body>
<header>
  <h1>Stand-in editor</h1>
  <form id="push">
    <label for="ref">Ref to push</label>
    <input id="ref" name="ref" value="${escapeHtml(token)}" autocomplete="off" spellcheck="false">
    <label><input type="checkbox" id="reload"> Refresh even if unchanged</label>
    <button type="submit">Push</button>
  </form>
  <span id="status" role="status">waiting for the preview frame…</span>
</header>
<main>
  <iframe name="${frameName}" title="Live Preview" src="${escapeHtml(src)}"></iframe>
</main>
<script>
  var siteOrigin = ${JSON.stringify(new URL(siteUrl).origin).replace(/</g, "\\u003c")};
  var frame = document.getElementsByName(${JSON.stringify(frameName)})[0];
  var statusLine = document.getElementById("status");
  window.addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || event.origin !== siteOrigin) return;
    var data = event.data || {};
    if (data.type === "prismic:embedded-preview:ready") {
      frame.contentWindow.postMessage({ type: "prismic:embedded-preview:ack" }, siteOrigin);
      statusLine.textContent = "connected to " + siteOrigin;
    } else if (data.type === "prismic:embedded-preview:document-height" && typeof data.height === "number") {
      frame.style.height = Math.max(200, data.height) + "px";
    }
  });
  document.getElementById("push").addEventListener("submit", function (event) {
    event.preventDefault();
    var ref = document.getElementById("ref").value.trim();
    var message = { type: "prismic:embedded-preview:set-ref", token: ref };
    if (document.getElementById("reload").checked) message.reload = true;
    frame.contentWindow.postMessage(message, siteOrigin);
    statusLine.textContent = ref ? "pushed " + ref : "an empty ref is ignored";
  });
</script>
</body>
</html>`;
}

/**
 * Starts the stand-in editor for the site at `siteUrl`; resolves to its URL, or null when the
 * port is taken (the site runs without it).
 */
export function startPreviewEditorStandIn({
  siteUrl,
  port = PREVIEW_EDITOR_PORT,
  token = "https://embedded.invalid/previews/spring-refresh",
  documentId = "home-gb",
}) {
  const pages = { "/": editorPage(siteUrl, token, documentId), "/poll": editorPage(siteUrl, token, documentId, true) };
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end();
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const page = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
    if (page === undefined) return void res.writeHead(404).end("Not Found");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : page);
  });
  return new Promise((resolve) => {
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://localhost:${port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    );
  });
}
