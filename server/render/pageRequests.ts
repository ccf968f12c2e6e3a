/**
 * The Request the loaders of a shared render get (server/render/render.tsx): made from the page's key
 * alone (a GET with no header, body or visitor in it), so one object serves every render of that
 * page instead of a new one each time (constructing a fetch Request was 2 % of a render: docs/capacity.md).
 * Its signal is never aborted: a shared render belongs to no visitor. Bounded: cleared when full.
 */
const MAX_REQUESTS = 2_000;
const requests = new Map<string, Request>();

export function pageRequest(url: string): Request {
  let request = requests.get(url);
  if (!request) {
    if (requests.size >= MAX_REQUESTS) requests.clear();
    request = new Request(url);
    requests.set(url, request);
  }
  return request;
}
