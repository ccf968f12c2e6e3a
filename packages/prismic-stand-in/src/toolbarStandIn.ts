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
 */
export const TOOLBAR_STAND_IN_SCRIPT = String.raw`/* Prismic toolbar stand-in (embedded repository): see packages/prismic-stand-in/src/toolbarStandIn.ts */
(function () {
  "use strict";
  if (window.__prismicToolbarStandIn) return;

  var COOKIE = "io.prismic.preview";

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
    document.cookie =
      COOKIE + "=" + encodeURIComponent(value) + "; Path=/; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
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

  window.__prismicToolbarStandIn = { update: update, end: end };
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
`;
