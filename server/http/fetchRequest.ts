/** Express request → Fetch `Request`, aborted when the client goes away (React Router's SSR example). */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

export function createFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  origin: string,
  url = req.originalUrl,
  method = req.method,
): Request {
  // Concatenated, not `new URL(url, origin)`: a path like `//evil.test/x` must stay a path.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return new Request(origin + url, { method, headers, signal: controller.signal });
}
