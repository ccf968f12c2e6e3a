/**
 * What the app asks of the CDN in front of it (docs/operations.md, "Edge caching and purges"):
 * forget every answer tagged with one of these keys (server/edge/edgeKeys.ts). One small
 * interface, one implementation per edge (Varnish, Cloudflare, Fastly), chosen by EDGE_PURGER
 * (purgerFromConfig.ts). A purge resolves once every batch was accepted and rejects on the first
 * failure; the purge queue (purgeQueue.ts) retries it whole.
 */
export interface EdgePurger {
  /** The edge's name, for logs: varnish, cloudflare, fastly. */
  readonly name: string;
  purge(keys: string[]): Promise<void>;
}

/** How long one purge call may take before it counts as failed (the queue retries it). */
export const PURGE_CALL_TIMEOUT_MS = 10_000;

/** A purge call the edge did not accept: its status (0: no answer) and a short reason. */
export class PurgeFailedError extends Error {
  override name = "PurgeFailedError";
  constructor(
    readonly edge: string,
    readonly status: number,
    reason: string,
  ) {
    super(`${edge} purge failed${status ? ` (${status})` : ""}: ${reason}`);
  }
}

/** `keys` in runs of at most `size`, in order, without duplicates. */
export function batches(keys: readonly string[], size: number): string[][] {
  const unique = [...new Set(keys)];
  const runs: string[][] = [];
  for (let at = 0; at < unique.length; at += size) runs.push(unique.slice(at, at + size));
  return runs;
}

/**
 * One HTTP call of a purge through Node's fetch, bounded by `timeoutMs`: resolves with the
 * response, or rejects with a PurgeFailedError when there was none (refused, timed out).
 */
export async function purgeCall(edge: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${timeoutMs} ms`
        : String((error as Error)?.message ?? error);
    throw new PurgeFailedError(edge, 0, reason);
  }
}

/** A refusal's reason: the start of its body, on one line. */
export async function refusalReason(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return text.replace(/\s+/g, " ").trim().slice(0, 200) || response.statusText || "refused";
}
