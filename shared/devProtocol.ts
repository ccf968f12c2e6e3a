/** What the development server (server/dev/) and the development client (client/dev/) say to each other. */

/** Server-sent events: `hello` on every connection, `content` after the content was reloaded. */
export const DEV_EVENTS_PATH = "/__dev/events";
/** Where the development client posts what the browser console said (hydration mismatches). */
export const DEV_BROWSER_ERROR_PATH = "/__dev/browser-error";

/** Sent on connecting: the code fingerprint of the running build and its stylesheets. */
export interface DevHello {
  code: string;
  css: string[];
}
