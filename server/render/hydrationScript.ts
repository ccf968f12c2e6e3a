/**
 * The router's hydration data as JSON, in the shape React Router's StaticRouterProvider embeds
 * (`loaderData`, `actionData`, `errors` serialized as it does), for a non-executable
 * `<script type="application/json">` instead of its inline script: an inline script with
 * per-page data would need its own hash in every page's policy, and data has no business running.
 */
import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";

function serializeErrors(errors: StaticHandlerContext["errors"]): Record<string, unknown> | null {
  if (!errors) return null;
  const serialized: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) serialized[routeId] = { ...error, __type: "RouteErrorResponse" };
    else if (error instanceof Error)
      serialized[routeId] = {
        message: error.message,
        __type: "Error",
        ...(error.name !== "Error" ? { __subType: error.name } : {}),
      };
    else serialized[routeId] = error;
  }
  return serialized;
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
/** The same test without the global flag's `lastIndex`, which would carry over from one text to the next. */
const HAS_UNSAFE = /[<\u2028\u2029]/;
const UNSAFE_ESCAPES: Record<string, string> = { "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * JSON that cannot end its `<script>` element: `<`, U+2028 and U+2029 as JSON escapes (the same
 * value once parsed). Escaped piece by piece as it is written, so a frozen value's JSON is
 * escaped once per content version, not the whole page's data on every render.
 */
const scriptSafe = (text: string): string =>
  HAS_UNSAFE.test(text) ? text.replace(UNSAFE_IN_SCRIPT, (c) => UNSAFE_ESCAPES[c]) : text;

/** The router's hydration data as JSON safe inside a `<script type="application/json">` element. */
export function hydrationJson(context: StaticHandlerContext): string {
  return json({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  }) as string;
}

/**
 * JSON of frozen values: content shared by every render at one ref is frozen, and so are its
 * browser trims (shared/browserPayload.ts), so most of a page's data is serialized once per content version.
 */
const frozenJson = new WeakMap<object, string>();

/** `JSON.stringify(value)`, script-safe, or undefined where JSON.stringify omits the value. */
const stringified = (value: unknown): string | undefined => {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : scriptSafe(text);
};

/**
 * What `JSON.stringify(value)` gives (script-safe), reusing the JSON of frozen objects
 * (undefined where it would omit the value).
 */
function json(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || typeof (value as { toJSON?: unknown }).toJSON === "function")
    return stringified(value);
  const prototype = Object.getPrototypeOf(value);
  // Anything but plain objects and arrays (a Map, a boxed string) exactly as JSON.stringify writes it.
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) return stringified(value);
  if (Object.isFrozen(value)) {
    let found = frozenJson.get(value);
    if (found === undefined) {
      found = stringified(value) as string;
      frozenJson.set(value, found);
    }
    return found;
  }
  if (Array.isArray(value)) {
    // Holes, undefined and functions are null in an array, as JSON.stringify writes them.
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(json(value[i]) ?? "null");
    return `[${items.join(",")}]`;
  }
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const member = json((value as Record<string, unknown>)[key]);
    if (member !== undefined) members.push(`${stringified(key)}:${member}`);
  }
  return `{${members.join(",")}}`;
}
