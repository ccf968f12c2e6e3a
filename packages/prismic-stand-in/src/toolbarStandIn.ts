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
 *   - prismicPreviewUpdate, detail { ref }: the previewed content changed;
 *   - prismicPreviewEnd: the editor ends the preview (the Exit link).
 * The Exit link is /preview/exit?to=<current path>, which clears the cookie server-side.
 * It polls nothing: window.__prismicToolbarStandIn.update(ref) simulates an update (tests, or
 * by hand from the console); given a ref, it first writes it into the preview cookie, as the
 * real toolbar does. window.__prismicToolbarStandIn.end() is the Exit link's action.
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
 *     nothing unless `reload` is true; an empty token is ignored.
 * In poll mode the cookie is read every 3 seconds and a changed ref fires prismicPreviewUpdate.
 * The cookie is written `SameSite=None; Secure` on HTTPS and loopback hosts (as /preview writes it):
 * a frame on another site is given and sends no other.
 */
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

  /* An origin as CSP matches it: the same scheme and host ("*." any subdomain), the same port (":*" any). */
  function originMatches(allowed, origin) {
    if (allowed === origin) return true;
    var a = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?$/.exec(allowed);
    var o = /^(https?):\/\/([^:/]+)(?::(\d+))?$/.exec(origin);
    if (!a || !o || a[1] !== o[1]) return false;
    if (a[2] ? o[2].slice(-(a[3].length + 1)) !== "." + a[3] : o[2] !== a[3]) return false;
    var standard = o[1] === "https" ? "443" : "80";
    return a[4] === "*" || (a[4] || standard) === (o[3] || standard);
  }

  function allowedOrigin(origin) {
    if (typeof origin !== "string" || origin === "" || origin === "null") return false;
    if (origin === location.origin) return true;
    for (var i = 0; i < ALLOWED_PARENT_ORIGINS.length; i++) if (originMatches(ALLOWED_PARENT_ORIGINS[i], origin)) return true;
    return false;
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

  /* A ref the editor pushed: the plain ref into the cookie, as the real toolbar writes it in the editor's frame. */
  function setRef(ref, reload) {
    if (ref === currentRef() && !reload) return;
    document.cookie = COOKIE + "=" + encodeURIComponent(ref) + cookieAttributes();
    if (!fire("prismicPreviewUpdate", { ref: ref })) location.reload();
  }

  /* The page's height to the editor, so its frame follows the page (at most every 100 ms, only when it changes). */
  function reportHeight(parentOrigin) {
    var last = -1;
    var timer = null;
    function measure() {
      if (timer !== null) return;
      timer = setTimeout(function () {
        timer = null;
        var body = document.body;
        if (!body) return;
        var height = Math.ceil(Math.max(body.scrollHeight, body.getBoundingClientRect().height));
        if (height === last) return;
        last = height;
        window.parent.postMessage({ type: DOCUMENT_HEIGHT, height: height }, parentOrigin);
      }, 100);
    }
    if (typeof ResizeObserver === "function") {
      var observer = new ResizeObserver(measure);
      observer.observe(document.documentElement);
      if (document.body) observer.observe(document.body);
    }
    window.addEventListener("load", measure);
    measure();
  }

  function connectToParent(mode) {
    var reporting = false;
    window.addEventListener("message", function (event) {
      if (!allowedOrigin(event.origin)) return;
      if (event.source !== window.parent) return;
      var data = event.data;
      if (!data || typeof data !== "object") return;
      if (data.type === ACK) {
        if (!reporting) reportHeight(event.origin);
        reporting = true;
        return;
      }
      if (mode !== "push" || data.type !== SET_REF) return;
      if (typeof data.token !== "string" || data.token.length === 0) return;
      setRef(data.token, data.reload === true);
    });
    if (mode === "poll") {
      var seen = currentRef();
      setInterval(function () {
        var now = currentRef();
        if (now === seen) return;
        seen = now;
        if (now && !fire("prismicPreviewUpdate", { ref: now })) location.reload();
      }, POLL_MS);
    }
    /* No data in it: safe to any origin, as the real toolbar sends it; what follows is checked. */
    window.parent.postMessage({ type: READY }, "*");
  }

  /* Dispatches a toolbar event; true when the page took it over (preventDefault). */
  function fire(name, detail) {
    var event = new CustomEvent(name, { detail: detail, cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }

  function update(ref) {
    var given = typeof ref === "string" && ref !== "";
    if (given) storeRef(ref);
    if (!fire("prismicPreviewUpdate", { ref: given ? ref : null })) location.reload();
  }

  function end() {
    if (!fire("prismicPreviewEnd", null)) location.assign(exitHref());
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
  } else if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
`;

/** The stand-in with no editor origin but the site's own (PRISMIC_PREVIEW_ANCESTORS empty). */
export const TOOLBAR_STAND_IN_SCRIPT = toolbarStandInScript([]);
