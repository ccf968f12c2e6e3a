/**
 * Widgets that only some pages or slices need (views/parts/ScriptSlot.tsx): the reviews widget
 * (with functional consent) and the privacy-policy generator (necessary: the policy itself).
 * Each script loads once, when a slot for it is on the page and consent allows it.
 */
import { SCRIPT_SLOT_ATTRIBUTE, type ScriptSlotKind } from "../shared/scriptSlot";
import type { PublicSiteConfig } from "../shared/siteConfig";
import { currentConsent, onConsentChange, type ConsentState } from "./consent/consentState";
import { loadScriptOrWarn } from "./loadScript";

interface Widget {
  kind: ScriptSlotKind;
  src: string | null;
  allowed: (consent: ConsentState) => boolean;
}

export function startPageScripts(config: PublicSiteConfig): void {
  const widgets: Widget[] = [
    { kind: "reviews", src: config.reviewsWidgetSrc, allowed: (consent) => consent.functional },
    { kind: "privacy-policy", src: config.privacyPolicySrc, allowed: () => true },
  ];
  let pending = widgets.filter((widget) => widget.src);
  if (!pending.length) return;
  const check = () => {
    pending = pending.filter((widget) => {
      const wanted = widget.allowed(currentConsent()) && document.querySelector(`[${SCRIPT_SLOT_ATTRIBUTE}="${widget.kind}"]`);
      if (wanted) loadScriptOrWarn(widget.src!);
      return !wanted;
    });
    if (!pending.length) observer.disconnect();
  };
  // Slots arrive with client navigations: watch the page rather than the router.
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  onConsentChange(check);
  check();
}
