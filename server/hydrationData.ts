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
  return JSON.stringify({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  });
}
