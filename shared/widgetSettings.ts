/**
 * The settings editors give the widget slices (views/slices/Reviews, views/slices/PrivacyPolicy),
 * checked before they reach a vendor's script as `data-*` attributes: a value that is not an id
 * is left out (the widget then shows what it shows without it), never passed on.
 */

/** A product or location id of the reviews widget: a letter or digit, then up to 63 letters, digits, `-`, `_`, `.` or `:`. */
export const REVIEWS_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

/** The policy generator's id of a policy: 4 to 64 letters, digits, `-` or `_`. */
export const POLICY_ID = /^[A-Za-z0-9_-]{4,64}$/;

/** `value` when it matches `pattern`, else null. */
export function validId(value: string | null | undefined, pattern: RegExp): string | null {
  const trimmed = value?.trim();
  return trimmed && pattern.test(trimmed) ? trimmed : null;
}
