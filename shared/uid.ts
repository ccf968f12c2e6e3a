/**
 * Route validation (docs/behaviour.md section 1.2): a path segment that cannot be a Prismic uid is a 404
 * before any request reaches the content service. Uids are lower-case slugs; letters of
 * any script are allowed, spaces, slashes, dots and control characters are not.
 */
const UID = /^[\p{Ll}\p{Lo}\p{Nd}][\p{Ll}\p{Lo}\p{Nd}_-]*$/u;

export const MAX_UID_LENGTH = 150;

export function isPlausibleUid(value: string | undefined): value is string {
  return value !== undefined && value.length <= MAX_UID_LENGTH && UID.test(value);
}
