/**
 * The purges of this instance, one at a time, never lost (docs/operations.md, "Edge caching and
 * purges"): keys queued while a purge runs or waits to be retried join the next call; a failed
 * purge is retried with exponential back-off and full jitter (server/outbox/backoff.ts) until the
 * edge accepts it, its keys merged with the newer ones. Past MAX_QUEUED_KEYS the keys collapse
 * into `all`: one call that purges everything beats thousands that purge pages one by one.
 *
 * While a purge is failing the queue is unhealthy: answers go out with today's short edge
 * lifetime (edgeLifetimes.ts), so what the edge keeps meanwhile expires in seconds, not a day.
 */
import { type BackoffPolicy, backoffDelay } from "../outbox/backoff";
import type { Logger } from "../observability/logger";
import type { EdgePurger } from "./edgePurger";
import { EDGE_KEY_ALL } from "./edgeKeys";
import { type PurgerConfig, purgerFromConfig } from "./purgerFromConfig";

/** 1 s, doubling, at most a minute between attempts. */
export const PURGE_BACKOFF: BackoffPolicy = { initialMs: 1_000, factor: 2, maxMs: 60_000 };
/** Keys waiting past which one purge of everything is sent instead. */
export const MAX_QUEUED_KEYS = 2_000;

export interface PurgeStats {
  /** Purges the edge accepted, and attempts it did not (each retry counts). */
  succeeded: number;
  failed: number;
  /** Keys in accepted purges, since start. */
  keysPurged: number;
  /** Keys waiting for the next attempt (in a failing purge or queued behind one). */
  pendingKeys: number;
  /** When the oldest failure still unresolved happened (ms), or undefined while purges work. */
  failingSince: number | undefined;
  /** When the edge last accepted a purge (ms), or undefined. */
  lastSuccessAt: number | undefined;
}

export interface PurgeQueue {
  /** Queues a purge of `keys`: sent at once, or merged into the purge being retried. */
  add(keys: readonly string[]): void;
  /** False from a purge's first failure until the edge accepts it. */
  healthy(): boolean;
  stats(): PurgeStats;
  /**
   * For shutdown (server/http/shutdown.ts): tries what waits once more now and resolves when no
   * purge is in flight or after `ms`, whichever is first. What is still unpurged is logged.
   */
  settle(ms: number): Promise<void>;
}

export interface PurgeQueueOptions {
  purger: EdgePurger;
  logger: Logger;
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => number;
  maxKeys?: number;
}

export function createPurgeQueue({
  purger,
  logger,
  backoff = PURGE_BACKOFF,
  random = Math.random,
  now = Date.now,
  maxKeys = MAX_QUEUED_KEYS,
}: PurgeQueueOptions): PurgeQueue {
  let pending = new Set<string>();
  let running: Promise<void> | undefined;
  /** The keys of the call under way. */
  let sending: string[] = [];
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let failingSince: number | undefined;
  let lastSuccessAt: number | undefined;
  let succeeded = 0;
  let failed = 0;
  let keysPurged = 0;

  const merge = (keys: Iterable<string>) => {
    if (pending.has(EDGE_KEY_ALL)) return;
    for (const key of keys) pending.add(key);
    if (pending.has(EDGE_KEY_ALL) || pending.size > maxKeys) pending = new Set([EDGE_KEY_ALL]);
  };

  const attempt = async () => {
    const keys = [...pending];
    pending = new Set();
    sending = keys;
    try {
      await purger.purge(keys);
      succeeded++;
      keysPurged += keys.length;
      lastSuccessAt = now();
      if (failingSince !== undefined)
        logger.info(
          { edge: purger.name, keys: keys.length, failedFor: lastSuccessAt - failingSince },
          "edge purge: accepted again",
        );
      failures = 0;
      failingSince = undefined;
    } catch (error) {
      failed++;
      failures++;
      failingSince ??= now();
      merge(keys);
      const delay = backoffDelay(failures, backoff, random);
      logger.warn(
        { err: error, edge: purger.name, keys: pending.size, failures, retryInMs: delay },
        "edge purge failed: retrying; answers carry the short edge lifetime meanwhile",
      );
      retry = setTimeout(() => {
        retry = undefined;
        start();
      }, delay);
      retry.unref();
    }
  };

  function start(): void {
    if (running || retry || pending.size === 0) return;
    running = attempt().finally(() => {
      running = undefined;
      sending = [];
      start();
    });
  }

  return {
    add(keys) {
      if (keys.length === 0) return;
      merge(keys);
      start();
    },
    healthy: () => failingSince === undefined,
    stats: () => ({ succeeded, failed, keysPurged, pendingKeys: pending.size, failingSince, lastSuccessAt }),
    async settle(ms) {
      if (retry) {
        clearTimeout(retry);
        retry = undefined;
        start();
      }
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
      await Promise.race([running ?? Promise.resolve(), deadline]);
      clearTimeout(timer);
      if (retry) {
        clearTimeout(retry);
        retry = undefined;
      }
      const left = [...new Set([...sending, ...pending])];
      if (left.length > 0)
        logger.error(
          { edge: purger.name, keys: left.slice(0, 50), count: left.length },
          "edge purge: not done at shutdown; another instance's next publish, or the edge lifetime, will clear them",
        );
    },
  };
}

/** EDGE_PURGER's queue, or undefined with EDGE_PURGER=none. */
export function purgeQueueFromConfig(config: PurgerConfig, logger: Logger): PurgeQueue | undefined {
  const purger = purgerFromConfig(config);
  return purger && createPurgeQueue({ purger, logger });
}
