/**
 * A field report's body, read from the raw request before the Express app (docs/decisions/019-cpu-per-request.md:
 * the app's stack cost a report four times its own work), with the decisions `express.json({ limit,
 * type: ["text/plain", "application/json"], inflate: false, strict: true })` took on it, so that each
 * refusal keeps its reason (server/observability/vitalsRoute.ts):
 * - no body announced (no Content-Length, no Transfer-Encoding), or another content type: `not_json`, unread;
 * - a charset that is not UTF-8 or UTF-16 (JSON's, RFC 8259; body-parser takes only `utf-*`): `not_json`, unread;
 * - a Content-Encoding (browsers never compress a request body): `encoding`, unread;
 * - more than `limit` bytes, announced or sent: `too_large`, answered once the body has been read off;
 * - not JSON, or JSON whose first character is not `{` or `[`: `not_json`; an empty body is `{}`.
 */
import type { IncomingMessage } from "node:http";

export type BodyRefusal = "not_json" | "encoding" | "too_large";
export type BodyResult = { ok: true; value: unknown } | { ok: false; status: number; reason: BodyRefusal };

/** What the browser's beacon sends (a string posted by sendBeacon): read without parsing the header. */
const BEACON_TYPE = "text/plain;charset=UTF-8";
const TYPES = new Set(["text/plain", "application/json"]);
const DECODERS: Record<string, string> = {
  "utf-8": "utf-8",
  "utf-16": "utf-16le",
  "utf-16le": "utf-16le",
  "utf-16be": "utf-16be",
};

const refused = (status: number, reason: BodyRefusal): BodyResult => ({ ok: false, status, reason });

/** The header's media type and charset, as body-parser's content-type reads them (lenient, lower case). */
function mediaType(header: string): { type: string; charset: string | undefined } {
  const semicolon = header.indexOf(";");
  const type = (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  let charset: string | undefined;
  if (semicolon >= 0)
    for (const parameter of header.slice(semicolon + 1).split(";")) {
      const eq = parameter.indexOf("=");
      if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== "charset") continue;
      charset = parameter
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/s, "$1")
        .toLowerCase();
      break;
    }
  return { type, charset };
}

/** The JSON in `text`, as body-parser's strict parser reads it. */
function parseStrict(text: string): BodyResult {
  if (text.length === 0) return { ok: true, value: {} };
  // The first character past JSON's whitespace (space, tab, line feed, carriage return).
  let at = 0;
  while (at < text.length && " \t\n\r".includes(text[at])) at++;
  if (text[at] !== "{" && text[at] !== "[") return refused(400, "not_json");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return refused(400, "not_json");
  }
}

/** Reads and parses the body of `req`, at most `limit` bytes, and calls `done` once with the outcome. */
export function readJsonBody(req: IncomingMessage, limit: number, done: (result: BodyResult) => void): void {
  const headers = req.headers;
  const length = headers["content-length"];
  if (headers["transfer-encoding"] === undefined && (length === undefined || Number.isNaN(Number(length))))
    return done(refused(400, "not_json"));
  const header = headers["content-type"] ?? "";
  let encoding = "utf-8";
  if (header !== BEACON_TYPE) {
    const { type, charset } = mediaType(header);
    if (!TYPES.has(type)) return done(refused(400, "not_json"));
    const decoder = DECODERS[charset ?? "utf-8"];
    if (decoder === undefined) return done(refused(400, "not_json"));
    encoding = decoder;
  }
  const coding = headers["content-encoding"];
  if (coding !== undefined && coding.toLowerCase() !== "identity") return done(refused(415, "encoding"));

  // Past the bound the rest is read off and dropped, then answered (as body-parser does), so the
  // connection stays usable and the client reads the answer rather than a reset.
  let over = length !== undefined && Number(length) > limit;
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (result: BodyResult) => {
    if (finished) return;
    finished = true;
    done(result);
  };
  req.on("data", (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else {
      over = true;
      chunks.length = 0;
    }
  });
  req.once("end", () => {
    if (over) return finish(refused(413, "too_large"));
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    let text = encoding === "utf-8" ? body.toString("utf8") : new TextDecoder(encoding).decode(body);
    // The byte order mark a decoder drops (iconv-lite, which body-parser reads with, drops it).
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    finish(parseStrict(text));
  });
  // A client gone before the end: body-parser's "request aborted" (400), which no one reads.
  req.once("error", () => finish(refused(400, "not_json")));
  req.once("close", () => req.complete || finish(refused(400, "not_json")));
}
