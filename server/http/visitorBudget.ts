/**
 * Token buckets per client, in bounded memory: each key may spend `burst` at once and earns
 * `perSecond` back, up to `burst`. The buckets live in an LRU of at most `maxKeys` entries, each
 * dropped once it would be full again (a full bucket and no bucket are the same), so memory is
 * bounded whatever the number of clients; a client pushed out early by a flood of others only
 * starts again with a full bucket.
 *
 * `clientKey` is the address express-rate-limit's `ipKeyGenerator` gives: the client's IP
 * (req.ip, through the proxies TRUST_PROXY names), IPv6 by its /64, the block one subscriber
 * holds, so one line cannot take a fresh key per address.
 */
import type { Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { LRUCache } from "lru-cache";

export interface BudgetOptions {
  /** What a client may spend at once. */
  burst: number;
  /** What a client earns back per second. */
  perSecond: number;
  /** Clients remembered at once (default 10,000: about a megabyte). */
  maxKeys?: number;
  now?: () => number;
}

export interface ClientBudget {
  /** Spends one unit of `key`'s bucket: 0 when it could, else the seconds until one is earned back. */
  take(key: string): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createClientBudget({
  burst,
  perSecond,
  maxKeys = 10_000,
  now = Date.now,
}: BudgetOptions): ClientBudget {
  const refillMs = Math.ceil((burst / perSecond) * 1000);
  const buckets = new LRUCache<string, Bucket>({
    max: maxKeys,
    ttl: Math.max(1, refillMs),
    ttlAutopurge: false,
    updateAgeOnGet: false,
  });
  return {
    take(key) {
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: burst, at: t };
      const tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        return Math.max(1, Math.ceil((1 - tokens) / perSecond));
      }
      // Kept until it is full again (its time to live restarts with each spend).
      buckets.set(key, { tokens: tokens - 1, at: t });
      return 0;
    },
  };
}

/** The client's budget key: its address, IPv6 by /64. */
export const clientKey = (req: Request): string => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? "unknown", 64);
