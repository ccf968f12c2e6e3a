/**
 * Browser loaders: each fetches its route's loader data as JSON from the server's data
 * endpoint. A 404 or 500 there becomes the same route error the server would have rendered.
 */
import { data, type LoaderFunction } from "react-router";
import { DATA_PREFIX, ROUTE_PARAM } from "../shared/dataEndpoint";
import type { LoaderFactory } from "../views/routes";


export const clientLoaders: LoaderFactory = (_kind, routeId) =>
  (async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set(ROUTE_PARAM, routeId);
    const response = await fetch(`${DATA_PREFIX}${url.pathname}${url.search}`, {
      signal: request.signal,
      headers: { Accept: "application/json" },
    });
    const body = response.headers.get("Content-Type")?.includes("json") ? await response.json() : null;
    if (!response.ok) throw data(body?.message ?? response.statusText, { status: response.status });
    return body;
  }) as LoaderFunction;
