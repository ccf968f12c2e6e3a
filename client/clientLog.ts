/**
 * Reports a browser error to the server's log (`POST /api/client-log`, server/observability/browserErrorReports.ts):
 * kind, message, a trimmed stack, the page's path (never its query: it may hold a preview token)
 * and the build id. At most a few reports per page, each error once; the body stays under the
 * server's 4 KB limit.
 */
import { currentBuildId } from "./newVersion";

export const CLIENT_LOG_URL = "/api/client-log";
export type ClientErrorKind = "startup" | "uncaught" | "render" | "recoverable" | "script";

const MAX_REPORTS = 5;
const MAX_BYTES = 4000;
const seen = new Set<string>();

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`.slice(0, 1000), stack: error.stack?.slice(0, 3000) };
  return { message: String(error).slice(0, 1000) || "Unknown error" };
}

export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (seen.has(key) || seen.size >= MAX_REPORTS) return;
  seen.add(key);
  const report = { kind, message, stack, path: location.pathname.slice(0, 500), buildId: currentBuildId() };
  let body = JSON.stringify(report);
  // Escaped or non-ASCII text can outgrow the limit: the stack gives way first.
  while (new TextEncoder().encode(body).length > MAX_BYTES && report.stack) {
    report.stack = report.stack.length > 200 ? report.stack.slice(0, report.stack.length / 2) : undefined;
    body = JSON.stringify(report);
  }
  void fetch(CLIENT_LOG_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}
