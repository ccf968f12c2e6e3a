/**
 * Widgets that only some pages or slices place (views/parts/ScriptSlot.tsx, the `reviews` and
 * `privacy_policy` slices): the reviews widget (with functional consent) and the privacy-policy
 * generator (necessary: the policy itself). Started with the page, before the app wakes
 * (client/tags.ts). A widget's script loads when a slot for it is on the page and consent
 * allows it, and fills every slot there is; a slot that arrives later, with a client
 * navigation, is filled by running the widget's script again (a vendor script fills the slots
 * it finds when it runs; the browser has it cached). React leaves the slots' content alone.
 */
import type { ScriptSlotKind } from "../shared/scriptSlot";
import type { PublicSiteConfig } from "../shared/siteConfig";
import { currentConsent, onConsentChange, type ConsentState } from "./consent/consentState";
import { loadScriptOrWarn, runScriptAgain } from "./loadScript";

/**
 * shared/scriptSlot.ts's SCRIPT_SLOT_ATTRIBUTE, spelled out: importing the constant into the
 * entry as well as the slices' views made the build split it into a 41-byte chunk of its own,
 * one more request before interaction (test/slices/WidgetSlices.test.tsx checks they agree).
 */
export const SLOT_ATTRIBUTE = "data-script-slot";

interface Widget {
  kind: ScriptSlotKind;
  src: string;
  allowed: (consent: ConsentState) => boolean;
  /** Whether its script has run once. */
  loaded: boolean;
}

export function startPageScripts(config: PublicSiteConfig): void {
  const widgets: Widget[] = [];
  if (config.reviewsWidgetSrc)
    widgets.push({
      kind: "reviews",
      src: config.reviewsWidgetSrc,
      allowed: (consent) => consent.functional,
      loaded: false,
    });
  if (config.privacyPolicySrc)
    widgets.push({ kind: "privacy-policy", src: config.privacyPolicySrc, allowed: () => true, loaded: false });
  if (!widgets.length) return;
  // Slots the widget's script has seen (or will see, when it runs): only new ones ask for a refill.
  const seen = new WeakSet<Element>();
  const check = () => {
    for (const widget of widgets) {
      if (!widget.allowed(currentConsent())) continue;
      const fresh = [...document.querySelectorAll(`[${SLOT_ATTRIBUTE}="${widget.kind}"]`)].filter(
        (slot) => !seen.has(slot),
      );
      if (!fresh.length) continue;
      for (const slot of fresh) seen.add(slot);
      if (widget.loaded) runScriptAgain(widget.src);
      else loadScriptOrWarn(widget.src);
      widget.loaded = true;
    }
  };
  // Slots arrive with client navigations: watch the page rather than the router.
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  onConsentChange(check);
  check();
}
