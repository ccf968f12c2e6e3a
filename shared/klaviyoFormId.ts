/**
 * A Klaviyo form id (such as `RkTq8v`): letters and digits only. The footer's
 * `klaviyo_footer_form_id` becomes a class name (`klaviyo-form-{id}`) and a tracking event's
 * name (`klaviyo_form_{id}`), so anything else an editor types there is ignored.
 */
export const KLAVIYO_FORM_ID = /^[A-Za-z0-9]{1,40}$/;

export const isKlaviyoFormId = (value: unknown): value is string =>
  typeof value === "string" && KLAVIYO_FORM_ID.test(value);
