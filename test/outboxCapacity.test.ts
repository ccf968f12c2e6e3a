/**
 * The outbox's cap (OUTBOX_MAX_EVENTS, server/outbox/outboxCapacity.ts) counts the events waiting
 * for delivery only: settled ones (delivered, failed, not_sent) wait for nothing but retention,
 * and counting them let anyone who filled the cap once switch tracking off for the retention
 * period (168 h by default).
 */
import { createLogger } from "../server/observability/logger";
import { createOutboxCapacity } from "../server/outbox/outboxCapacity";
import { openSqliteOutboxStore } from "../server/outbox/sqliteStore";
import type { Settlement } from "../server/outbox/store";
import { sampleEvent } from "./support/outboxEvents";

const T = 1_700_000_000_000;
const REFRESH_MS = 5_000;

async function filledOutbox(settlement?: Settlement) {
  const store = openSqliteOutboxStore(":memory:");
  let now = T;
  const capacity = createOutboxCapacity({
    store,
    maxEvents: 5,
    logger: createLogger("silent"),
    refreshMs: REFRESH_MS,
    now: () => now,
  });
  const admitted: boolean[] = [];
  for (let i = 0; i < 5; i++) {
    admitted.push(await capacity.admit());
    await store.add(sampleEvent(now));
  }
  expect(admitted).toEqual([true, true, true, true, true]);
  expect(await capacity.admit()).toBe(false);
  if (settlement) {
    const claimed = await store.claim("w1", 10, 30_000, now);
    expect(
      await store.settle(
        claimed.map((e) => e.id),
        "w1",
        settlement,
      ),
    ).toBe(5);
  }
  // Past the refresh the cap reads the store again.
  now += REFRESH_MS;
  return { store, capacity };
}

test.each<[string, Settlement]>([
  ["not_sent", { status: "not_sent", at: T, reason: "Meta Conversions API credentials are not configured" }],
  ["delivered", { status: "delivered", at: T }],
  ["failed", { status: "failed", at: T, error: "HTTP 400: Invalid parameter" }],
])("five events settled %s leave room for new ones", async (_status, settlement) => {
  const { store, capacity } = await filledOutbox(settlement);
  expect(await store.counts()).toMatchObject({ pending: 0, leased: 0, [settlement.status]: 5 });
  expect(await capacity.admit()).toBe(true);
});

test("events waiting for delivery, pending or leased, still fill it", async () => {
  const { store, capacity } = await filledOutbox();
  await store.claim("w1", 2, 30_000, T);
  expect(await store.counts()).toMatchObject({ pending: 3, leased: 2 });
  expect(await capacity.admit()).toBe(false);
  expect(capacity.refused()).toBe(2);
});
