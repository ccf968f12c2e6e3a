/**
 * Pages with the email-marketing embed (docs/behaviour.md section 2.6): the embed only starts on a document
 * load, so once such a page has been visited, navigating to it again is a full page load. The
 * set of visited flagged pages only grows; it is kept in sessionStorage so it outlives those
 * reloads, for as long as the tab lives.
 */
import type { DataRouter } from "react-router";
import { carriesEmailMarketingEmbed } from "../shared/emailMarketing";
import { recordFlaggedPage } from "./flaggedPages";

/** The set itself is client/flaggedPages.ts, which the entry reads before the app loads. */
export { isFlaggedPage, visitedFlaggedPages } from "./flaggedPages";

type RouterState = DataRouter["state"];

/** Adds the page shown to the set when its loader data carries the embed. */
function recordShownPage(state: RouterState): void {
  if (state.navigation.state !== "idle") return;
  for (const match of state.matches) {
    if (state.errors?.[match.route.id] !== undefined) continue;
    const data = state.loaderData[match.route.id] as { document?: { data?: unknown } } | null | undefined;
    if (carriesEmailMarketingEmbed(data?.document)) recordFlaggedPage(state.location.pathname);
  }
}

/** Records the page shown now and every page shown after it. */
export function recordEmailMarketingPages(router: DataRouter): void {
  recordShownPage(router.state);
  router.subscribe(recordShownPage);
}
