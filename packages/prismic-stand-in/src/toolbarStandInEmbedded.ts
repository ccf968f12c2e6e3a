/**
 * The toolbar stand-in's embedded protocol (docs/prismic.md, "Previews inside Prismic's editor"):
 * the part of its script that runs in an editor's frame, spliced into it by toolbarStandIn.ts
 * (the same function scope: it uses the script's constants, `setRef`, `reconcile` and
 * `watchCookie`). The origin checks (CSP's matching of PRISMIC_PREVIEW_ANCESTORS), the height
 * reports after the editor's ack, and the messages each mode takes.
 */
export const EMBEDDED_PROTOCOL = String.raw`  /* An origin as CSP matches it: the same scheme and host ("*." any subdomain), the same port (":*" any). */
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
      if (mode !== "push") return;
      if (data.type === RELOAD) return reconcile(true);
      if (data.type !== SET_REF) return;
      if (typeof data.token !== "string" || data.token.length === 0) return;
      setRef(data.token, data.reload === true);
    });
    if (mode === "poll") watchCookie();
    /* No data in it: safe to any origin, as the real toolbar sends it; what follows is checked. */
    window.parent.postMessage({ type: READY }, "*");
  }
`;
