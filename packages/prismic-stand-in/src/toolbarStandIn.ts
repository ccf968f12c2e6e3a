/**
 * The preview toolbar's stand-in for the embedded repository (no Prismic account): served by
 * the preview route at /preview/toolbar.js (TOOLBAR_STAND_IN_SRC), the default
 * PRISMIC_TOOLBAR_SRC in embedded mode. Kept here as a string rather than in public/ so that
 * it has exactly one URL under /preview (a public/preview/ folder would make the static files
 * answer /preview itself with a redirect to /preview/).
 *
 * The script is dependency-free and sets no inline style attribute (the CSP has no
 * 'unsafe-inline': styles go through the CSSOM). It shows a fixed bar "Previewing drafts ·
 * Exit preview", and fires the browser events the real toolbar fires, on window, cancelable,
 * with the same default when the page does not take them over (a full reload):
 *   - prismicPreviewStart, detail { ref }: a preview this page does not show yet (the cookie
 *     held no ref when the page loaded, or lost it since, and now holds one);
 *   - prismicPreviewUpdate, detail { ref }: the previewed content changed;
 *   - prismicPreviewEnd: the preview ended (the Exit link, or the cookie gone); the ref is
 *     removed from the cookie first, as the real toolbar does.
 * Like the real toolbar's later versions, every event comes from one comparison of the cookie's ref with the
 * ref the page renders (reconcile), so each ref is announced once. The Exit link is
 * /preview/exit?to=<current path>, which clears the cookie server-side.
 * At the top of a tab it reads the cookie every 3 seconds while visible (another tab, or a share
 * link, starts or ends a preview). window.__prismicToolbarStandIn.update(ref) simulates an update
 * (tests, or by hand from the console); given a ref, it first writes it into the preview cookie,
 * as the real toolbar does. window.__prismicToolbarStandIn.end() is the Exit link's action.
 *
 * Inside an editor's frame it speaks the toolbar's embedded protocol (Prismic's toolbar 4.1.5,
 * docs/prismic.md, "Previews inside Prismic's editor"), chosen by the frame's `window.name`:
 * `prismic:embedded-preview` (push) or `prismic:embedded-preview:poll` (poll), and only when
 * framed. It hides its bar (the editor has its own), posts `{type: "prismic:embedded-preview:ready"}`
 * to the parent, and takes messages only from an allowed parent origin (the site's own, or one of
 * `allowedParentOrigins`: PRISMIC_PREVIEW_ANCESTORS, where `:*` is any port and `*.` any
 * subdomain) and only when `event.source` is `window.parent`:
 *   - `prismic:embedded-preview:ack`: starts reporting the page's height,
 *     `{type: "prismic:embedded-preview:document-height", height}`, to that origin, so the
 *     editor's frame follows the page;
 *   - `prismic:embedded-preview:set-ref`, `{token, reload?}` (push mode): a non-empty token is
 *     written into the cookie as the plain ref, as the real toolbar does, and prismicPreviewUpdate
 *     fires (the page re-reads its data in place); the ref the cookie already holds changes
 *     nothing unless `reload` is true; an empty token is ignored;
 *   - `prismic:embedded-preview:reload` (push mode, as the real toolbar's later versions take it):
 *     the same ref, new content: prismicPreviewUpdate fires.
 * In poll mode set-ref and reload are ignored: the real toolbar follows the repository's preview
 * session there (it asks Prismic every 3 seconds and writes a new ref into the cookie); the
 * stand-in has no session to ask, so it reads the cookie every 3 seconds (while visible), and a
 * changed ref fires prismicPreviewStart or prismicPreviewUpdate, a removed one prismicPreviewEnd.
 * The cookie is written `SameSite=None; Secure` on HTTPS and loopback hosts (as /preview writes it):
 * a frame on another site is given and sends no other.
 */
import { EMBEDDED_PROTOCOL } from "./toolbarStandInEmbedded";

export function toolbarStandInScript(allowedParentOrigins: readonly string[]): string {
  // Only origins as PRISMIC_PREVIEW_ANCESTORS validates them; JSON keeps the script's text safe.
  const origins = allowedParentOrigins.filter((origin) => /^https?:\/\/[\w.*-]+(:(\d{1,5}|\*))?$/.test(origin));
  return TEMPLATE.replace("/*ALLOWED_PARENT_ORIGINS*/[]", JSON.stringify(origins).replace(/</g, "\\u003c"));
}

const TEMPLATE = String.raw`/* Prismic toolbar stand-in (embedded repository): see packages/prismic-stand-in/src/toolbarStandIn.ts */
(function () {
  "use strict";
  if (window.__prismicToolbarStandIn) return;

  var COOKIE = "io.prismic.preview";
  var ALLOWED_PARENT_ORIGINS = /*ALLOWED_PARENT_ORIGINS*/[];
  var READY = "prismic:embedded-preview:ready";
  var ACK = "prismic:embedded-preview:ack";
  var SET_REF = "prismic:embedded-preview:set-ref";
  var RELOAD = "prismic:embedded-preview:reload";
  var DOCUMENT_HEIGHT = "prismic:embedded-preview:document-height";
  var POLL_MS = 3000;

  /* "push", "poll" or null: only in a frame, by the frame's name, as the real toolbar decides. */
  function embeddedMode() {
    if (window.self === window.top) return null;
    if (window.name === "prismic:embedded-preview") return "push";
    if (window.name === "prismic:embedded-preview:poll") return "poll";
    return null;
  }

  function isLoopback(host) {
    return host === "localhost" || /\.localhost$/.test(host) || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
  }

  /* SameSite=None; Secure where a browser takes Secure (HTTPS, loopback): the only cookie a frame on another site keeps. */
  function cookieAttributes() {
    return location.protocol === "https:" || isLoopback(location.hostname)
      ? "; Path=/; SameSite=None; Secure"
      : "; Path=/; SameSite=Lax";
  }

  function currentPath() {
    return location.pathname + location.search + location.hash;
  }

  function exitHref() {
    return "/preview/exit?to=" + encodeURIComponent(currentPath());
  }

  function readCookie() {
    var parts = document.cookie ? document.cookie.split("; ") : [];
    for (var i = 0; i < parts.length; i++) {
      var at = parts[i].indexOf("=");
      if (parts[i].slice(0, at) === COOKIE) return parts[i].slice(at + 1);
    }
    return null;
  }

  /* Writes ref into the preview cookie, keeping its shape: {"<repo>.prismic.io":{"preview":ref}}, or a bare token. */
  function storeRef(ref) {
    var raw = readCookie();
    if (raw === null) return;
    var value = ref;
    try {
      var parsed = JSON.parse(decodeURIComponent(raw));
      if (parsed && typeof parsed === "object") {
        Object.keys(parsed).forEach(function (key) {
          if (parsed[key] && typeof parsed[key] === "object") parsed[key].preview = ref;
        });
        value = JSON.stringify(parsed);
      }
    } catch (error) {
      /* a bare token: replaced as it is */
    }
    document.cookie = COOKIE + "=" + encodeURIComponent(value) + cookieAttributes();
  }

  /* The ref the cookie holds now: the repository entry's token, or the plain ref. */
  function currentRef() {
    var raw = readCookie();
    if (raw === null) return null;
    var value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch (error) {
      /* as it is */
    }
    try {
      var parsed = JSON.parse(value);
      if (typeof parsed === "string") return parsed;
      if (parsed && typeof parsed === "object") {
        var keys = Object.keys(parsed);
        for (var i = 0; i < keys.length; i++)
          if (parsed[keys[i]] && typeof parsed[keys[i]].preview === "string") return parsed[keys[i]].preview;
        return null;
      }
    } catch (error) {
      /* a plain ref */
    }
    return value;
  }

  /* The ref the page renders: the cookie's when it loaded (the server read the same cookie). */
  var renderedRef = currentRef();

  /*
   * Tells the page when the cookie's ref is not the one it renders: a start (it rendered none), an
   * update, or the end (the cookie holds none). force: the same ref, new content. What the page
   * does not take over is a reload, the real toolbar's default (for the end: the exit route).
   */
  function reconcile(force) {
    var ref = currentRef();
    if (ref === renderedRef && !force) return;
    var name = ref === null ? "prismicPreviewEnd" : renderedRef === null ? "prismicPreviewStart" : "prismicPreviewUpdate";
    renderedRef = ref;
    if (fire(name, ref === null ? null : { ref: ref })) return;
    if (ref === null) location.assign(exitHref());
    else location.reload();
  }

  /* A ref the editor pushed: the plain ref into the cookie, as the real toolbar writes it in the editor's frame. */
  function setRef(ref, reload) {
    if (ref !== currentRef()) document.cookie = COOKIE + "=" + encodeURIComponent(ref) + cookieAttributes();
    reconcile(reload);
  }

  /* Reads the cookie every 3 seconds while the page is visible: a ref another tab, or the session, wrote. */
  function watchCookie() {
    setInterval(function () {
      if (document.visibilityState === "visible") reconcile(false);
    }, POLL_MS);
  }

${EMBEDDED_PROTOCOL}
  /* Dispatches a toolbar event; true when the page took it over (preventDefault). */
  function fire(name, detail) {
    var event = new CustomEvent(name, { detail: detail, cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }

  function update(ref) {
    var given = typeof ref === "string" && ref !== "";
    if (given) storeRef(ref);
    renderedRef = currentRef();
    if (!fire("prismicPreviewUpdate", { ref: given ? ref : null })) location.reload();
  }

  /* The end: the ref out of the cookie (as the real toolbar removes it), then prismicPreviewEnd. */
  function end() {
    if (currentRef() !== null) document.cookie = COOKIE + "=" + cookieAttributes() + "; Max-Age=0";
    renderedRef = "";
    reconcile(false);
  }

  function style(element, rules) {
    for (var key in rules) element.style.setProperty(key, rules[key]);
  }

  function mount() {
    var bar = document.createElement("div");
    bar.setAttribute("data-prismic-toolbar-stand-in", "");
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", "Preview");
    style(bar, {
      position: "fixed",
      left: "16px",
      bottom: "16px",
      "z-index": "2147483647",
      display: "flex",
      gap: "8px",
      "align-items": "center",
      padding: "8px 14px",
      "border-radius": "999px",
      background: "#14213d",
      color: "#ffffff",
      font: "500 14px/1.4 system-ui, sans-serif",
      "box-shadow": "0 4px 16px rgba(0, 0, 0, 0.25)",
    });

    var label = document.createElement("span");
    label.textContent = "Previewing drafts";
    var dot = document.createElement("span");
    dot.setAttribute("aria-hidden", "true");
    dot.textContent = "\u00b7";
    var exit = document.createElement("a");
    exit.textContent = "Exit preview";
    exit.href = exitHref();
    style(exit, { color: "#ffd6de", "text-decoration": "underline" });
    /* The path changes with client-side navigation: refresh the link before it is used. */
    var refresh = function () {
      exit.href = exitHref();
    };
    exit.addEventListener("mouseenter", refresh);
    exit.addEventListener("focus", refresh);
    exit.addEventListener("click", function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return refresh();
      event.preventDefault();
      end();
    });

    bar.appendChild(label);
    bar.appendChild(dot);
    bar.appendChild(exit);
    document.body.appendChild(bar);
  }

  var mode = embeddedMode();
  window.__prismicToolbarStandIn = { update: update, end: end, mode: mode };
  if (mode) {
    /* In the editor's frame the editor is the toolbar: no bar, the embedded protocol instead. */
    connectToParent(mode);
  } else {
    watchCookie();
    if (document.body) mount();
    else document.addEventListener("DOMContentLoaded", mount);
  }
})();
`;

/** The stand-in with no editor origin but the site's own (PRISMIC_PREVIEW_ANCESTORS empty). */
export const TOOLBAR_STAND_IN_SCRIPT = toolbarStandInScript([]);
