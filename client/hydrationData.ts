/**
 * The server's hydration data: a non-executable JSON script on pages every visitor shares
 * (server/render/htmlShell.ts `documentTail`), where the router reads it from the global React
 * Router's own inline script would set (previews still use that script). Read once, before the
 * router is created.
 */
const HYDRATION_DATA_ID = "router-hydration";

export function adoptHydrationData(): void {
  const element = document.getElementById(HYDRATION_DATA_ID);
  const target = window as { __staticRouterHydrationData?: unknown };
  if (!element?.textContent || target.__staticRouterHydrationData) return;
  target.__staticRouterHydrationData = JSON.parse(element.textContent);
}
