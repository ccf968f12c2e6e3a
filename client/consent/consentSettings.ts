/**
 * The consent dialog's settings view (client/consent/consentDialog.ts): its words and one switch
 * per category. A chunk of its own, loaded only when the settings are asked for, or at the
 * visitor's first interaction with a first layer on screen so that "Settings" finds it there; the
 * first layer runs before any tap without it (budgets.json, docs/development.md "The JavaScript
 * budget").
 */
import type { ConsentChoice, PromptContext } from "../../shared/consentPrompt";
import { categoriesFor, settingsSignal, settingsText, settingsTitle } from "../../shared/consentTexts";
import { element } from "./dialogElements";

/** The view's heading, text and signal line (null: none), from the choice in force. */
export const settingsWords = (context: PromptContext, current: ConsentChoice | null) => ({
  title: settingsTitle(context),
  text: settingsText(context),
  signal: settingsSignal(context, current),
});

/** The switches, set from `choice` and writing back into it; necessary is always on. */
export function categoryList(context: PromptContext, choice: ConsentChoice): HTMLUListElement {
  const list = element("ul", { className: "consent-dialog__categories" });
  for (const { id, label, text } of categoriesFor(context)) {
    const input = element("input", {
      type: "checkbox",
      id: `consent-${id}`,
      checked: id === "necessary" || choice[id],
      disabled: id === "necessary",
    });
    input.setAttribute("aria-describedby", `consent-${id}-text`);
    input.setAttribute("role", "switch");
    if (id !== "necessary") input.addEventListener("change", () => (choice[id] = input.checked));
    const item = element("li", { className: "consent-dialog__category" });
    item.append(
      input,
      element("label", { htmlFor: `consent-${id}` }, label),
      element("p", { id: `consent-${id}-text` }, text),
    );
    list.append(item);
  }
  return list;
}
