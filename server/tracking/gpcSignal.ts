/**
 * Global Privacy Control at the relay (docs/tracking-privacy.md, "Global Privacy Control"). A
 * browser that sends `Sec-GPC: 1` asks not to have its visitor's data sold or shared, which
 * California (11 CCR section 7025) and several other US states require to be honoured as an opt-out.
 * The browser posts an event only when marketing is allowed (consent given, and no signal, or the
 * visitor turned marketing on in the settings after being told that it overrides the signal: then
 * the body says `"gpc_opt_in": true`). An event with the signal and without that opt-in is an
 * opted-out visitor's, whatever reached the relay: no cookie is written, and the event is dropped
 * (TRACKING_GPC=drop, the default) or sent with Meta's Limited Data Use (TRACKING_GPC=ldu).
 */
import type { IncomingHttpHeaders } from "node:http";

export type GpcMode = "drop" | "ldu";

/** What the relay does with one event: send it as it is, send it with Limited Data Use, or drop it. */
export type EventTreatment = "send" | "limited" | "dropped";

/**
 * Whether the request carries the signal: `Sec-GPC: 1`, the only value the specification defines,
 * however a middlebox repeated or spaced it. Node joins repeated header lines with ", ", so the
 * value is read as a list; when any member is `1` the browser sent the signal, even beside another
 * member (a mixed value fails closed, toward the visitor's privacy: docs/tracking-privacy.md).
 */
export function sendsGpc(headers: IncomingHttpHeaders): boolean {
  const value = headers["sec-gpc"];
  if (value === undefined) return false;
  const lines = Array.isArray(value) ? value : [value];
  return lines.some((line) => line.split(",").some((member) => member.trim() === "1"));
}

/** The treatment of an event with (`gpc`) or without the signal, and with or without the visitor's explicit opt-in. */
export function treatmentOf(gpc: boolean, optIn: boolean | undefined, mode: GpcMode): EventTreatment {
  if (!gpc || optIn === true) return "send";
  return mode === "ldu" ? "limited" : "dropped";
}

/** Meta's Limited Data Use, with the country and state left for Meta to find from the IP address (0, 0). */
export const LIMITED_DATA_USE = {
  data_processing_options: ["LDU"],
  data_processing_options_country: 0,
  data_processing_options_state: 0,
} as const;

/** Opted-out visitors' events since start, by what became of them: the metric `tracking_gpc_opt_out_events_total`. */
export interface GpcOptOuts {
  count(treatment: Exclude<EventTreatment, "send">): void;
  counts(): Record<Exclude<EventTreatment, "send">, number>;
}

export function createGpcOptOuts(): GpcOptOuts {
  const counts = { dropped: 0, limited: 0 };
  return {
    count: (treatment) => void counts[treatment]++,
    counts: () => ({ ...counts }),
  };
}
