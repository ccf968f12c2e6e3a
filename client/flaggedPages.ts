/**
 * The email-marketing pages this tab has visited (docs/behaviour.md section 2.6), kept in
 * sessionStorage so the set outlives the full page loads it causes: the store alone, which the
 * entry reads before interaction (client/speculation.ts). What makes a page one of them is
 * client/fullReloadPages.ts, loaded with the app (budgets.json, docs/behaviour.md section 7.5).
 */
const STORAGE_KEY = "email-marketing-pages";

const visited = new Set<string>(readStored());

function readStored(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/** Whether `pathname` was visited in this tab and carries the email-marketing embed. */
export const isFlaggedPage = (pathname: string): boolean => visited.has(pathname);

/** How many such pages this tab has visited. */
export const visitedFlaggedPages = (): number => visited.size;

/** Adds `pathname` to the set (and to sessionStorage). */
export function recordFlaggedPage(pathname: string): void {
  if (visited.has(pathname)) return;
  visited.add(pathname);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...visited]));
  } catch {
    /* storage full or blocked: the set still holds for this document */
  }
}
