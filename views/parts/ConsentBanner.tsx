import { useSyncExternalStore } from "react";
import { consentPromptState, subscribeConsentPrompt } from "../../shared/consentPrompt";
import { ConsentDialog } from "./ConsentDialog";

/**
 * The built-in consent banner, opened by the browser's consent manager (client/consent/
 * bannerAdapter.ts) when no choice is stored, or from the footer's "Cookie settings". Never
 * rendered on the server: the store is empty there, so hydration matches.
 */
export function ConsentBanner() {
  const prompt = useSyncExternalStore(subscribeConsentPrompt, consentPromptState, () => null);
  return prompt ? <ConsentDialog key={prompt.id} prompt={prompt} /> : null;
}
