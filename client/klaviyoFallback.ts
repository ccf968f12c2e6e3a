/**
 * The KlaviyoForm slice in the browser (views/slices/KlaviyoForm, docs/requests.md "Klaviyo's own
 * forms"): a chunk of its own, which client/tags.ts loads only on a page that has the slice with
 * Klaviyo configured, so no other page's JavaScript grows (decision records 008 and 017).
 *
 * Each such section (`data-klaviyo-fallback="{id}"`) holds Klaviyo's empty `klaviyo-form-{id}`
 * element and the site's own request form, which is what the visitor has until Klaviyo has drawn
 * its form: a `<form>` in that element, or Klaviyo's `embedOpen` form event for that id, within
 * KLAVIYO_DRAW_MS of its script's request. Only then does the request form's wrapper get `hidden`.
 * Marketing refused (the script is never requested), the script blocked or failing, nothing drawn
 * in time: the request form stays, and Klaviyo's element is hidden once the wait is over, so a
 * form drawn late never turns up beside it. A visitor who has started on the request form (focus
 * or typing in it) keeps it too, and Klaviyo's form is hidden instead.
 *
 * It imports nothing the entry imports: a module shared with the entry would be split into a
 * chunk of its own, one more request before interaction on every page.
 */
import type { KlaviyoFormDetail } from "./klaviyoForms";

/** How long after Klaviyo's script is requested its form may take to be drawn (docs/requests.md). */
export const KLAVIYO_DRAW_MS = 4000;

/** Watches every KlaviyoForm section on the page; `requested` holds when Klaviyo's script was requested. */
export function watchKlaviyoForms(requested: Promise<number>): void {
  for (const section of document.querySelectorAll<HTMLElement>("[data-klaviyo-fallback]")) watch(section, requested);
}

function watch(section: HTMLElement, requested: Promise<number>): void {
  const id = section.dataset.klaviyoFallback;
  // By class name, not a selector: nothing in the id can change what is found.
  const embed = id ? (section.getElementsByClassName(`klaviyo-form-${id}`)[0] as HTMLElement | undefined) : undefined;
  const own = section.querySelector<HTMLElement>("[data-klaviyo-fallback-form]");
  if (!embed || !own) return;
  let settled = false;
  let opened = false;
  let started = false;
  const onStart = () => {
    started = true;
  };
  const check = () => {
    if (settled || !(opened || embed.querySelector("form"))) return;
    settle(started || own.contains(document.activeElement));
  };
  const onFormEvent = (event: Event) => {
    const detail = (event as CustomEvent<KlaviyoFormDetail>).detail;
    if (detail?.type !== "embedOpen" || detail.formId !== id) return;
    opened = true;
    check();
  };
  const observer = new MutationObserver(() => check());
  /** Ends the watch, hiding Klaviyo's element (`keepOwn`) or the request form. */
  const settle = (keepOwn: boolean) => {
    settled = true;
    observer.disconnect();
    window.removeEventListener("klaviyoForms", onFormEvent);
    own.removeEventListener("focusin", onStart);
    own.removeEventListener("input", onStart);
    (keepOwn ? embed : own).hidden = true;
  };
  own.addEventListener("focusin", onStart);
  own.addEventListener("input", onStart);
  window.addEventListener("klaviyoForms", onFormEvent);
  observer.observe(embed, { childList: true, subtree: true });
  check();
  void requested.then((at) =>
    setTimeout(
      () => {
        if (!settled) settle(true);
      },
      Math.max(0, at + KLAVIYO_DRAW_MS - performance.now()),
    ),
  );
}
