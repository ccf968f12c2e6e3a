/**
 * The few DOM helpers of the consent prompt's plain-DOM views (client/consent/consentDialog.ts,
 * client/consent/optOutNotice.ts and what they load), in the one small chunk both first layers
 * share: elements, where focus goes after a pointer or a key, and the visitor's first interaction.
 */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(text: string, onClick: () => void): HTMLButtonElement {
  const node = element("button", { type: "button", className: "button button--outlined" }, text);
  node.addEventListener("click", onClick);
  return node;
}

/**
 * Whether the visitor's last action was a pointer's (not a key's): focus then moves without
 * scrolling, so a click does not move the page under the pointer; after a key it is scrolled into
 * view, where the visitor can see it. Followed from the first prompt on.
 */
let byPointer = false;
document.addEventListener("pointerdown", () => (byPointer = true), { capture: true, passive: true });
document.addEventListener("keydown", () => (byPointer = false), { capture: true, passive: true });

/** Focuses `target`, scrolled into view unless the pointer did it. */
export const focusOn = (target: HTMLElement | null): void => target?.focus({ preventScroll: byPointer });

/** The events that wake the app (client/firstInteraction.ts), as far as a prompt's views need them. */
const INTERACTIONS = ["pointermove", "pointerdown", "touchstart", "keydown"] as const;

/**
 * Calls `load` once, on the visitor's first interaction: what a view needs only after a tap (the
 * settings view) is fetched then, with the app, and is there when the tap comes.
 */
export function onFirstInteraction(load: () => void): void {
  const once = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, once, true);
    load();
  };
  for (const type of INTERACTIONS) document.addEventListener(type, once, { capture: true, passive: true });
}
