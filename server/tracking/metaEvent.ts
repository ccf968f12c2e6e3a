/**
 * The Conversions API server event built from a browser's tracking payload and the request it
 * came in: Meta's `server event` parameters (event_id for deduplication with the browser pixel,
 * action_source website, the customer information it needs to match the visit).
 */
import type { CustomDataValue, TrackingPayload } from "./trackingPayload";

export interface MetaServerEvent {
  event_name: string;
  /** Seconds since the epoch. */
  event_time: number;
  event_id: string;
  action_source: "website";
  event_source_url: string;
  user_data: {
    client_ip_address?: string;
    client_user_agent?: string;
    fbp?: string;
    fbc?: string;
  };
  custom_data: Record<string, CustomDataValue>;
}

export interface RequestFacts {
  /** The event's id: the browser's when it sent one, else a new UUID. */
  eventId: string;
  /** When the relay received the event (ms since the epoch). */
  receivedAt: number;
  /** The client's IP from the trusted proxy chain (Express `req.ip`). */
  clientIp: string | undefined;
  userAgent: string | undefined;
}

/** The longest User-Agent passed on (real ones are far shorter). */
const MAX_USER_AGENT = 512;

/**
 * The click id as Meta wants it: `fb.1.{ms}.{fbclid}`, the fbclid exactly as received (Meta
 * rejects a re-cased one), the time when we first saw it.
 */
export const fbcFrom = (fbclid: string, receivedAt: number) => `fb.1.${receivedAt}.${fbclid}`;

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`: Meta gets the plain IPv4 address. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");

export function buildMetaEvent(payload: TrackingPayload, facts: RequestFacts): MetaServerEvent {
  const user_data: MetaServerEvent["user_data"] = {};
  if (facts.clientIp) user_data.client_ip_address = plainIp(facts.clientIp);
  if (facts.userAgent) user_data.client_user_agent = facts.userAgent.slice(0, MAX_USER_AGENT);
  if (payload.fbp) user_data.fbp = payload.fbp;
  if (payload.fbclid) user_data.fbc = fbcFrom(payload.fbclid, facts.receivedAt);
  return {
    event_name: payload.event_name,
    event_time: Math.floor(facts.receivedAt / 1000),
    event_id: facts.eventId,
    action_source: "website",
    event_source_url: payload.custom_data.page_url,
    user_data,
    custom_data: { ...payload.custom_data },
  };
}
