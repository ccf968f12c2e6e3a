/** Types of scripts/lib/prismicLogin.mjs, for the TypeScript that imports it. */

/** True when `home`'s `.prismic` (default: the user's) holds a Prismic authentication cookie. */
export function hasPrismicLogin(home?: string): boolean;
