/**
 * Where the browser's consent manager (client/consent*) meets what asks the visitor: the
 * built-in banner's dialog (client/consent/consentDialog.ts, plain DOM, subscribed before the
 * app loads) and the footer's "Cookie settings" button (React, read with useSyncExternalStore).
 * A tiny store with no DOM; on the server it stays empty, so the button does not render there
 * and hydration matches.
 */

import type { Region } from "./region";
import type { ConsentModel } from "./siteConfig";

/** The visitor's choice for the optional categories; necessary is always on. */
export interface ConsentChoice {
  functional: boolean;
  marketing: boolean;
  /**
   * Marketing turned on in the settings view by a visitor whose browser sends Global Privacy
   * Control, next to the words saying that this overrides the signal (docs/tracking-privacy.md).
   */
  gpcOptIn?: boolean;
}

/**
 * `notice`: the first layer (the opt-in model's banner: accept, reject, settings; the opt-out
 * model's notice); `settings`: one switch per category.
 */
export type PromptView = "notice" | "settings";

/** What the prompt says depends on: the page's region, its consent model, and the browser's Global Privacy Control signal. */
export interface PromptContext {
  region: Region;
  model: ConsentModel;
  gpc: boolean;
}

export interface PromptState {
  /** Counts the openings: each one starts the banner afresh. */
  id: number;
  view: PromptView;
  /** The choice in force, which the settings view starts from; null before the first choice. */
  current: ConsentChoice | null;
  context: PromptContext;
}

/** What the active consent manager does when the visitor answers or asks for the settings. */
export interface PromptHandlers {
  choose: (choice: ConsentChoice) => void;
  openSettings: () => void;
}

let prompt: PromptState | null = null;
let openings = 0;
let handlers: PromptHandlers | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function subscribeConsentPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The banner to show, or null while it is closed. */
export const consentPromptState = (): PromptState | null => prompt;

/** Whether a consent manager runs here, so "Cookie settings" can do something. */
export const consentSettingsAvailable = (): boolean => handlers !== null;

/** Called once by the consent manager that runs on this page. */
export function connectConsentPrompt(given: PromptHandlers): void {
  handlers = given;
  changed();
}

export function openConsentPrompt(view: PromptView, current: ConsentChoice | null, context: PromptContext): void {
  prompt = { id: ++openings, view, current, context };
  changed();
}

export function closeConsentPrompt(): void {
  prompt = null;
  changed();
}

/** The banner's answer. */
export const chooseConsent = (choice: ConsentChoice): void => handlers?.choose(choice);

/** The footer's "Cookie settings": the built-in banner's settings view, or the hosted CMP's. */
export const openConsentSettings = (): void => handlers?.openSettings();
