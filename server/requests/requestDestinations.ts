/**
 * Where requests go, from the configuration (docs/requests.md, "Where requests go"): the
 * business's webhook (REQUESTS_WEBHOOK_URL) and Klaviyo (KLAVIYO_PRIVATE_KEY) when configured;
 * with neither, the local inbox under DATA_DIR, so `npm start` keeps every request where the
 * owner can read it. Nothing a visitor sends chooses a destination.
 */
import path from "node:path";
import type { Config } from "../config";
import type { RequestDestinationSender } from "./destinations/destination";
import { createInboxDestination } from "./destinations/inboxDestination";
import { createKlaviyoDestination } from "./destinations/klaviyoDestination";
import { createWebhookDestination } from "./destinations/webhookDestination";
import type { RequestDestination } from "./requestStore";

type DestinationConfig = Pick<
  Config,
  | "REQUESTS_WEBHOOK_URL"
  | "REQUESTS_WEBHOOK_SECRET"
  | "KLAVIYO_PRIVATE_KEY"
  | "KLAVIYO_LIST_ID"
  | "KLAVIYO_API_URL"
  | "REQUESTS_INBOX_DIR"
  | "DATA_DIR"
>;

export interface RequestDestinations {
  /** Each new request gets one delivery per destination listed. */
  destinations: RequestDestination[];
  senders: Partial<Record<RequestDestination, RequestDestinationSender>>;
  /** The inbox folder, when the inbox is a destination. */
  inboxDir?: string;
}

export function requestDestinations(config: DestinationConfig): RequestDestinations {
  const senders: RequestDestinations["senders"] = {};
  if (config.REQUESTS_WEBHOOK_URL && config.REQUESTS_WEBHOOK_SECRET)
    senders.webhook = createWebhookDestination({
      url: config.REQUESTS_WEBHOOK_URL,
      secret: config.REQUESTS_WEBHOOK_SECRET,
    });
  if (config.KLAVIYO_PRIVATE_KEY)
    senders.klaviyo = createKlaviyoDestination({
      privateKey: config.KLAVIYO_PRIVATE_KEY,
      apiUrl: config.KLAVIYO_API_URL,
      listId: config.KLAVIYO_LIST_ID,
    });
  let inboxDir: string | undefined;
  if (!senders.webhook && !senders.klaviyo) {
    inboxDir = path.resolve(config.REQUESTS_INBOX_DIR ?? path.join(config.DATA_DIR, "inbox"));
    senders.inbox = createInboxDestination({ dir: inboxDir });
  }
  return { destinations: Object.keys(senders) as RequestDestination[], senders, inboxDir };
}
