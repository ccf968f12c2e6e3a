/**
 * Klaviyo form events (the `klaviyoForms` window event, docs/behaviour.md section 5.3) forwarded as tracking
 * events named by form id: `klaviyo_form_{formId}` (submit), `klaviyo_form_{formId}_step`
 * (stepSubmit) and `klaviyo_form_{formId}_view` (viewedStep), the step's source in
 * `custom_data.step_source` (names agreed with the relay: server/tracking/trackingPayload.ts).
 */
import { isKlaviyoFormId } from "../shared/klaviyoFormId";
import { track } from "./tracking";

export interface KlaviyoFormDetail {
  type?: string;
  formId?: string;
  metaData?: Record<string, unknown>;
}

const SUFFIX: Record<string, string> = { submit: "", stepSubmit: "_step", viewedStep: "_view" };

/** The tracking event for a form event, or null for other types and malformed ids. */
export function klaviyoFormEvent(
  detail: KlaviyoFormDetail | null | undefined,
): { name: string; data: Record<string, string> } | null {
  const suffix = detail?.type ? SUFFIX[detail.type] : undefined;
  const formId = detail?.formId;
  if (suffix === undefined || !isKlaviyoFormId(formId)) return null;
  const data: Record<string, string> = { form_id: formId };
  if (suffix) {
    const source = detail?.metaData?.$source ?? detail?.metaData?.$step_name;
    if (typeof source === "string" && source) data.step_source = source.slice(0, 500);
  }
  return { name: `klaviyo_form_${formId}${suffix}`, data };
}

export function forwardKlaviyoFormEvents(): void {
  window.addEventListener("klaviyoForms", (event) => {
    const tracked = klaviyoFormEvent((event as CustomEvent<KlaviyoFormDetail>).detail);
    if (tracked) track(tracked.name, tracked.data);
  });
}
