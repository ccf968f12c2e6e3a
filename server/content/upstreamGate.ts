/**
 * Whether a request may go to Prismic now, after Prismic asked us to wait (a 429, or a 503 with
 * Retry-After): a circuit breaker that opens for at most `maxWaitMs` whatever the header says,
 * and lets one probe through every `probeIntervalMs` while open (half-open), so the site reads
 * content again as soon as Prismic answers, not when a long or wrong Retry-After runs out
 * (docs/behaviour.md section 3.6). Only a probe's healthy answer closes it: a request that left
 * before the wait was asked for proves nothing about Prismic after it.
 */
import { ContentUnavailableError } from "./contentErrors";

/** The longest one answer from Prismic may stop content reads (a 429's or a 503's Retry-After). */
export const MAX_UPSTREAM_WAIT_MS = 60_000;
/** While stopped, one request in this interval goes to Prismic to see whether it is back. */
export const PROBE_INTERVAL_MS = 5_000;

export interface GateOptions {
  maxWaitMs?: number;
  probeIntervalMs?: number;
  now?: () => number;
}

/** A request let through the gate: a probe when the gate was closed. */
export interface Pass {
  probe: boolean;
}

export interface UpstreamGate {
  /** A pass for one request, or throws ContentUnavailableError (fail fast) while Prismic asked us to wait. */
  enter(): Pass;
  /** Prismic asked us to wait `ms` (capped at maxWaitMs); returns the wait applied. */
  hold(ms: number): number;
  /** The request of `pass` got an answer that is not a request to wait: a probe's reopens reads. */
  answered(pass: Pass): void;
  /** The request of `pass` has ended, however it ended. */
  leave(pass: Pass): void;
}

export function createUpstreamGate(options: GateOptions = {}): UpstreamGate {
  const { maxWaitMs = MAX_UPSTREAM_WAIT_MS, probeIntervalMs = PROBE_INTERVAL_MS, now = Date.now } = options;
  let blockedUntil = 0;
  let nextProbeAt = 0;
  let probing = false;

  return {
    enter() {
      const at = now();
      if (at >= blockedUntil) return { probe: false };
      if (!probing && at >= nextProbeAt) {
        probing = true;
        nextProbeAt = at + probeIntervalMs;
        return { probe: true };
      }
      // Visitors may try again when the next probe may have found Prismic back.
      const until = probing ? blockedUntil : Math.min(blockedUntil, nextProbeAt);
      throw new ContentUnavailableError(
        "Prismic asked us to wait (429 or 503)",
        Math.max(1, Math.ceil((until - at) / 1000)),
      );
    },
    hold(ms) {
      const wait = Math.min(Math.max(0, ms), maxWaitMs);
      const at = now();
      blockedUntil = Math.max(blockedUntil, at + wait);
      nextProbeAt = at + probeIntervalMs;
      return wait;
    },
    answered(pass) {
      if (pass.probe) blockedUntil = 0;
    },
    leave(pass) {
      if (pass.probe) probing = false;
    },
  };
}
