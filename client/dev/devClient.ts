/**
 * The development client (`npm run dev` only: build.mjs builds it into development builds, and
 * the server names it in the page only when the manifest has it, so it never reaches a
 * production build or response). It listens to the server's development events
 * (server/dev/devEvents.ts) and:
 * - reloads the page when the code it was served with has been rebuilt (client or server),
 *   or when the content changed;
 * - swaps the stylesheets in place when only they changed;
 * - shows why the last save did not build, over the page, until the next good build reloads it;
 * - sends hydration warnings to the terminal (they are printed in this console as well).
 */
import { DEV_BROWSER_ERROR_PATH, DEV_EVENTS_PATH, type DevHello } from "../../shared/devProtocol";

const script = document.querySelector<HTMLScriptElement>("script[data-dev-code]");
/** What this page was rendered with. */
const pageCode = script?.dataset.devCode ?? "";

const ownStylesheets = () => [
  ...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]'),
];

/** Puts the new stylesheets in and removes the old ones once the new have loaded: no flash of unstyled page. */
function swapStylesheets(hrefs: readonly string[]): void {
  const old = ownStylesheets();
  const current = old.map((link) => link.getAttribute("href"));
  if (JSON.stringify(current) === JSON.stringify(hrefs)) return;
  // In order, after the last of the old ones: the cascade stays as the server would write it.
  let previous: ChildNode | null = old[old.length - 1] ?? document.head.lastChild;
  const loads = hrefs.map((href) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    previous?.after(link);
    previous = link;
    return new Promise((resolve) => {
      link.onload = resolve;
      link.onerror = resolve;
    });
  });
  void Promise.all(loads).then(() => {
    for (const link of old) link.remove();
    console.info("[dev] stylesheet updated");
  });
}

function onHello(hello: DevHello): void {
  // A server that still cannot build says so right after this.
  document.getElementById("dev-build-error")?.remove();
  if (hello.code !== pageCode) {
    console.info("[dev] rebuilt: reloading");
    location.reload();
    return;
  }
  swapStylesheets(hello.css);
}

/**
 * The build error over the page. Styled through the CSSOM (element.style), which the policy's
 * `style-src 'self'` allows, unlike style attributes in markup.
 */
function showBuildError(message: string): void {
  const id = "dev-build-error";
  document.getElementById(id)?.remove();
  const overlay = document.createElement("div");
  overlay.id = id;
  overlay.setAttribute("role", "alert");
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "0",
    zIndex: "2147483647",
    overflow: "auto",
    padding: "2rem",
    background: "rgba(20, 33, 61, 0.94)",
    color: "#fff",
    font: "14px/1.5 ui-monospace, monospace",
  });
  const title = document.createElement("p");
  title.textContent = "The last save did not build (the page shows the last good build):";
  Object.assign(title.style, { color: "#ffb4b4", fontWeight: "600", margin: "0 0 1rem" });
  const text = document.createElement("pre");
  text.textContent = message;
  Object.assign(text.style, { whiteSpace: "pre-wrap", margin: "0" });
  overlay.append(title, text);
  document.body.append(overlay);
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;
function connect(): void {
  const events = new EventSource(DEV_EVENTS_PATH);
  events.addEventListener("hello", (event) => onHello(JSON.parse((event as MessageEvent<string>).data) as DevHello));
  events.addEventListener("stylesheets", (event) =>
    swapStylesheets((JSON.parse((event as MessageEvent<string>).data) as { css: string[] }).css),
  );
  events.addEventListener("build-error", (event) =>
    showBuildError((JSON.parse((event as MessageEvent<string>).data) as { message: string }).message),
  );
  events.addEventListener("content", () => {
    console.info("[dev] content changed: reloading");
    location.reload();
  });
  // EventSource retries by itself (after the `retry` the server sets) unless the answer was not an
  // event stream (a 502 while no server is up): then it is closed, and we try again.
  events.onerror = () => {
    if (events.readyState !== EventSource.CLOSED) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, 500);
  };
}
connect();

/** console.error's format: `%s` and friends filled in order, the rest appended. */
function formatArgs(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== "string") return args.map(String).join(" ");
  const text = first.replace(/%[sdoOif]/g, () => (rest.length ? String(rest.shift()) : ""));
  return [text, ...rest.map(String)].join(" ");
}

// React reports hydration mismatches through console.error (and recoverable errors through the
// root's handler, which client/fatalErrors.ts already sends to the server log): copy the first
// kind to the terminal where the developer is looking.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleError(...args);
  const message = formatArgs(args);
  if (!/hydrat/i.test(message)) return;
  void fetch(DEV_BROWSER_ERROR_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      kind: "hydration",
      page: location.pathname + location.search,
      message: message.slice(0, 8_000),
    }),
    keepalive: true,
  }).catch(() => {});
};
