/**
 * The opt-out model's first layer (US_CONSENT_MODEL=opt-out, on /us): a notice at the foot of the
 * window that does not block the page, since the tags already run by default. It says what the
 * site does, that the visitor may opt out here or with "Your Privacy Choices" in the footer, and,
 * when the browser sends Global Privacy Control, that the signal is detected and honoured. "Close"
 * records the model's defaults (the signal honoured) so it does not come back; "Manage choices"
 * opens the settings view, whose Escape gives the notice back (client/consent/optOutPrompts.ts).
 * It takes no focus when it first shows: the visitor reads on, and reaches it by Tab. The page keeps room for it, so it
 * never hides the control that has focus (client/consent/noticeSpace.ts), and it yields to the
 * open phone menu (views/styles/chrome.css).
 */
import type { PromptState } from "../../shared/consentPrompt";
import { optOutNoticeSignal, optOutNoticeText, optOutNoticeTitle } from "../../shared/optOutNoticeTexts";
import type { PromptStore } from "./consentDialog";
import { button, element } from "./dialogElements";
import { keepRoomFor } from "./noticeSpace";

export interface NoticeOptions {
  /** What "Manage choices" does (the settings view, by default). */
  manage?: () => void;
  /** Focus "Manage choices" once shown: the notice is given back by the settings it opened. */
  focusManage?: boolean;
}

/** Opens the notice for `prompt`; returns what removes it. `store`: client/consent/consentDialog.ts `PromptStore`. */
export function openOptOutNotice(store: PromptStore, prompt: PromptState, options: NoticeOptions = {}): () => void {
  const notice = element("section", { className: "consent-notice" });
  notice.setAttribute("aria-labelledby", "consent-notice-title");
  // Focus moved here by the page's own code (below) does not wake the app (client/firstInteraction.ts).
  notice.setAttribute("data-no-wake", "");
  const status = optOutNoticeSignal(prompt.context.gpc);
  const actions = element("div", { className: "consent-notice__actions" });
  const manage = button("Manage choices", options.manage ?? store.openConsentSettings);
  actions.append(
    manage,
    // The model's defaults: everything on, but what the browser's signal opts out of.
    button("Close", () => store.chooseConsent({ functional: true, marketing: true })),
  );
  notice.append(
    element("h2", { id: "consent-notice-title" }, optOutNoticeTitle),
    element("p", {}, optOutNoticeText),
    ...(status ? [element("p", { className: "consent-signal" }, status)] : []),
    actions,
  );
  document.body.append(notice);
  const stopKeepingRoom = keepRoomFor(notice);
  if (options.focusManage) manage.focus();
  return () => {
    stopKeepingRoom();
    notice.remove();
  };
}
