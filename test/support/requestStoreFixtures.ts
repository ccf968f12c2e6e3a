/** Requests for the request store's tests (test/requestStore.contract.test.ts and its adapters' own tests). */
import { randomUUID } from "node:crypto";
import type { NewVisitorRequest, RequestDestination } from "../../server/requests/requestStore";

export const ALL_DESTINATIONS: readonly RequestDestination[] = ["webhook", "klaviyo", "inbox"];

/** A showroom visit received at `receivedAt`, for every destination unless `overrides` says otherwise. */
export function sampleRequest(receivedAt: number, overrides: Partial<NewVisitorRequest> = {}): NewVisitorRequest {
  return {
    id: randomUUID(),
    kind: "visit",
    region: "uk",
    fields: {
      showroom: "frome",
      days: ["tue", "sat"],
      time_of_day: "morning",
      name: "Ada Lovelace",
      email: "ada@example.com",
      keep_posted: false,
    },
    page: "/book-a-visit",
    receivedAt,
    destinations: ALL_DESTINATIONS,
    ...overrides,
  };
}
