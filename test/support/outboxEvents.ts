/** Tracking events for outbox and delivery tests: what the relay would store for a page view. */
import { randomUUID } from "node:crypto";
import type { NewOutboxEvent } from "../../server/outbox/store";

export function sampleEvent(createdAt: number, id: string = randomUUID()): NewOutboxEvent {
  return {
    id,
    region: "uk",
    createdAt,
    payload: {
      event_name: "PageView",
      event_time: Math.floor(createdAt / 1000),
      event_id: id,
      action_source: "website",
      event_source_url: "https://www.example.com/gallery",
      user_data: {
        client_ip_address: "203.0.113.7",
        client_user_agent: "Mozilla/5.0",
        fbp: "fb.1.1700000000000.123456789",
      },
      custom_data: { page_url: "https://www.example.com/gallery", page_title: "Gallery" },
    },
  };
}
