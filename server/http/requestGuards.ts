/** Turns malformed URLs into clear 4xx answers before any routing or content request. */
import type { NextFunction, Request, Response } from "express";

export const MAX_URL_LENGTH = 2048;
/** NUL and other control characters have no place in a path. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in a path on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function rejectMalformedUrls(req: Request, res: Response, next: NextFunction): void {
  // Absolute-form (`GET http://evil.example/`) and asterisk (`OPTIONS *`) targets are for proxies
  // and the server as a whole: a page is only ever asked for by its path.
  if (!req.originalUrl.startsWith("/")) {
    res.status(400).type("text/plain").send("Bad Request: the request target must be a path");
    return;
  }
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    res.status(414).type("text/plain").send("URI Too Long");
    return;
  }
  const path = req.originalUrl.split("?")[0];
  try {
    const decoded = decodeURIComponent(path);
    // Stryker disable next-line StringLiteral: the message never leaves the catch below
    if (CONTROL_CHARACTERS.test(decoded)) throw new URIError("control character");
  } catch {
    res.status(400).type("text/plain").send("Bad Request: malformed URL");
    return;
  }
  next();
}
