/**
 * The server's hydration data: a non-executable JSON script on pages every visitor shares
 * (server/render/htmlShell.ts `documentTail`), where the router reads it from the global React
 * Router's own inline script would set (previews still use that script). Read once, before the
 * router is created.
 *
 * Read as what it is, a `<script type="application/json">` child of `<body>` after `#root`, and
 * never by its id alone: the first element of an id is whichever comes first, and a rich-text
 * heading "Router hydration" once came first (docs/behaviour.md section 2.2). Content renders
 * inside `#root` and never as a script, so no element of it can take the data's place.
 */
const HYDRATION_DATA_ID = "router-hydration";

function dataElement(): HTMLScriptElement | undefined {
  const candidates = document.body.querySelectorAll<HTMLScriptElement>(
    `:scope > script[type="application/json"][id="${HYDRATION_DATA_ID}"]`,
  );
  return candidates[candidates.length - 1];
}

export function adoptHydrationData(): void {
  const target = window as { __staticRouterHydrationData?: unknown };
  if (target.__staticRouterHydrationData) return;
  const json = dataElement()?.textContent;
  if (!json) return;
  target.__staticRouterHydrationData = JSON.parse(json);
}
