/**
 * New deploys (docs/behaviour.md section 2.10): the page knows its own build id (`<meta name="build-id">`, written by
 * the server) and, while the tab is visible, polls /builds/latest.json with a timestamp query.
 * Once that names another build, the next navigation is a full page load (client/fullPageLoads.ts),
 * so the visitor moves to the new code and its chunks at a natural moment, never mid-reading.
 */

export const LATEST_BUILD_URL = "/builds/latest.json";

let newerBuild = false;

/** Whether a build other than this page's has been deployed since the page loaded. */
export const isNewVersionAvailable = (): boolean => newerBuild;

/** What a chunk of this build that no longer loads suggests (client/chunkErrors.ts). */
export function assumeNewVersion(): void {
  newerBuild = true;
}

/** This page's build id, or undefined when the server did not say. */
export function currentBuildId(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content || undefined;
}

export function watchForNewVersion(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="build-id"]');
  const own = meta?.content;
  const interval = Number(meta?.dataset.checkInterval);
  if (!own || !(interval >= 1000)) return;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCheck = Date.now();

  const check = async () => {
    lastCheck = Date.now();
    try {
      const response = await fetch(`${LATEST_BUILD_URL}?t=${lastCheck}`, {
        cache: "no-store",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const latest = (await response.json()) as { id?: unknown };
      if (typeof latest.id === "string" && latest.id !== own) newerBuild = true;
    } catch {
      /* offline or mid-deploy: ask again next time */
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    if (newerBuild || document.visibilityState !== "visible") return;
    const wait = Math.max(0, lastCheck + interval - Date.now());
    timer = setTimeout(() => void check().then(schedule), wait);
  };

  // Hidden tabs do not poll; a tab that comes back checks at once if its last check is old.
  document.addEventListener("visibilitychange", schedule);
  schedule();
}
