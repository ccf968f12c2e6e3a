/** Where the browser fetches loader data: `GET {DATA_PREFIX}{page path}?{ROUTE_PARAM}={route id}`. */
export const DATA_PREFIX = "/_data";
export const ROUTE_PARAM = "_route";
