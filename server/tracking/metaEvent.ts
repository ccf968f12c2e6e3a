/**
 * The Conversions API server event built from a browser's tracking payload and the request it
 * came in: Meta's `server event` parameters (event_id for deduplication with the browser pixel,
 * action_source website, the customer information it needs to match the visit, and Limited Data
 * Use for a Global Privacy Control opt-out when TRACKING_GPC=ldu: server/tracking/gpcSignal.ts).
 */
import { LIMITED_DATA_USE } from "./gpcSignal";
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
  /** Limited Data Use (`["LDU"]`, country and state 0: Meta finds them), for an opted-out visitor only. */
  data_processing_options?: readonly string[];
  data_processing_options_country?: number;
  data_processing_options_state?: number;
}

export interface RequestFacts {
  /** The event's id: the browser's when it sent one, else a new UUID. */
  eventId: string;
  /** When the relay received the event (ms since the epoch). */
  receivedAt: number;
  /** The client's IP from the trusted proxy chain (Express `req.ip`). */
  clientIp: string | undefined;
  userAgent: string | undefined;
  /** The click id, `fb.{subdomainIndex}.{creation ms}.{fbclid}` (server/tracking/clickCookies.ts). */
  fbc: string | undefined;
  /** The browser id, the `_fbp` cookie's value. */
  fbp: string | undefined;
  /** Whether Meta is to process the event under Limited Data Use. */
  limitedDataUse: boolean;
}

/** The longest User-Agent passed on (real ones are far shorter). */
const MAX_USER_AGENT = 512;

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`: Meta gets the plain IPv4 address. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");

export function buildMetaEvent(payload: TrackingPayload, facts: RequestFacts): MetaServerEvent {
  const user_data: MetaServerEvent["user_data"] = {};
  if (facts.clientIp) user_data.client_ip_address = plainIp(facts.clientIp);
  if (facts.userAgent) user_data.client_user_agent = facts.userAgent.slice(0, MAX_USER_AGENT);
  if (facts.fbp) user_data.fbp = facts.fbp;
  if (facts.fbc) user_data.fbc = facts.fbc;
  return {
    event_name: payload.event_name,
    event_time: Math.floor(facts.receivedAt / 1000),
    event_id: facts.eventId,
    action_source: "website",
    event_source_url: payload.custom_data.page_url,
    user_data,
    custom_data: { ...payload.custom_data },
    ...(facts.limitedDataUse ? LIMITED_DATA_USE : {}),
  };
}
