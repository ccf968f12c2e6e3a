/** The few DOM helpers of the consent banner's plain-DOM views (client/consent/consentDialog.ts, client/consent/optOutNotice.ts). */

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
