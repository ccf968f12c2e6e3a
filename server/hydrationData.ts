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

/** What `JSON.stringify(value)` gives, reusing the JSON of frozen objects (undefined where it would omit the value). */
function json(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || typeof (value as { toJSON?: unknown }).toJSON === "function")
    return JSON.stringify(value);
  const prototype = Object.getPrototypeOf(value);
  // Anything but plain objects and arrays (a Map, a boxed string) exactly as JSON.stringify writes it.
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) return JSON.stringify(value);
  if (Object.isFrozen(value)) {
    let found = frozenJson.get(value);
    if (found === undefined) {
      found = JSON.stringify(value);
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
    if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
  }
  return `{${members.join(",")}}`;
}
