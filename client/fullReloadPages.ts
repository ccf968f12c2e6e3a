/**
 * Pages with the email-marketing embed (docs/behaviour.md section 2.6): the embed only starts on a document
 * load, so once such a page has been visited, navigating to it again is a full page load. The
 * set of visited flagged pages only grows; it is kept in sessionStorage so it outlives those
 * reloads, for as long as the tab lives.
 */
import type { DataRouter } from "react-router";
import { carriesEmailMarketingEmbed } from "../shared/emailMarketing";

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

function record(pathname: string): void {
  if (visited.has(pathname)) return;
  visited.add(pathname);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...visited]));
  } catch {
    /* storage full or blocked: the set still holds for this document */
  }
}

type RouterState = DataRouter["state"];

/** Adds the page shown to the set when its loader data carries the embed. */
function recordShownPage(state: RouterState): void {
  if (state.navigation.state !== "idle") return;
  for (const match of state.matches) {
    if (state.errors?.[match.route.id] !== undefined) continue;
    const data = state.loaderData[match.route.id] as { document?: { data?: unknown } } | null | undefined;
    if (carriesEmailMarketingEmbed(data?.document)) record(state.location.pathname);
  }
}

/** Records the page shown now and every page shown after it. */
export function recordEmailMarketingPages(router: DataRouter): void {
  recordShownPage(router.state);
  router.subscribe(recordShownPage);
}
