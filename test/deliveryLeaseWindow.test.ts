/**
 * A batch is sent only while its lease still has room for the request and its settlement: a claim
 * that outlasted that (a slow store) must not send events another worker may have taken over.
 * The clock is injected; the store's slowness is the clock moving during its claim.
 */
import type { OutboxStore } from "../server/outbox/store";
import { addEvents, T, useDeliveryFixture } from "./support/deliveryFixture";
import { FAST_WORKER } from "./support/fastWorker";
import { repeatUntil } from "./support/waitFor";

const f = useDeliveryFixture();
const { leaseMs, requestTimeoutMs } = FAST_WORKER;

/** `store` whose claims take `claimMs(limit)` of the injected clock, and run `during` before answering. */
function slowClaims(
  store: OutboxStore,
  clock: { now: number },
  claimMs: (limit: number) => number,
  during?: () => Promise<unknown>,
): OutboxStore {
  return Object.assign(Object.create(store) as OutboxStore, {
    async claim(workerId: string, limit: number, lease: number, now: number) {
      const claimed = await store.claim(workerId, limit, lease, now);
      clock.now += claimMs(limit);
      await during?.();
      return claimed;
    },
  });
}

test("a claim that takes longer than the lease less the request timeout never leads to a send; the events go later, once", async () => {
  const store = f.openStore();
  const ids = await addEvents(store, 5);
  const clock = { now: T };
  const slow = f.worker(
    slowClaims(store, clock, () => leaseMs - requestTimeoutMs + 1),
    { now: () => clock.now },
  );
  expect(await slow.runOnce()).toBe(5);
  expect(f.fake.requests).toHaveLength(0);
  // Left to their lease: once it ends, a worker with a quick store sends them.
  clock.now += leaseMs;
  expect(await f.worker(store, { now: () => clock.now }).runOnce()).toBe(5);
  expect(ids.map((id) => f.fake.accepted.get(id))).toEqual(ids.map(() => 1));
  for (const id of ids) expect(await store.get(id)).toMatchObject({ status: "delivered", attempts: 1 });
});

test("events taken over by another worker while the first one's claim outlasted its lease are sent by the new holder only", async () => {
  const store = f.openStore();
  const ids = await addEvents(store, 20);
  const clock = { now: T };
  const other = f.worker(store, { now: () => clock.now });
  let tookOver = 0;
  // During the first worker's claim its lease runs out and the other worker claims and sends.
  const first = f.worker(
    slowClaims(
      store,
      clock,
      () => leaseMs + 1,
      async () => (tookOver = await other.runOnce()),
    ),
    { now: () => clock.now },
  );
  await first.runOnce();
  expect(tookOver).toBe(20);
  expect(f.fake.requests).toHaveLength(1);
  expect(ids.filter((id) => f.fake.accepted.get(id) !== 1)).toEqual([]);
  for (const id of ids) expect(await store.get(id)).toMatchObject({ status: "delivered", attempts: 1 });
});

test("a store whose claims slow down with their size still delivers every event exactly once: the worker claims fewer", async () => {
  const store = f.openStore();
  const ids = await addEvents(store, 60);
  const clock = { now: T };
  // 100 ms an event: a claim of more than ~18 events leaves the send too little of its lease.
  const w = f.worker(
    slowClaims(store, clock, (limit) => 100 * limit),
    { now: () => clock.now },
  );
  await repeatUntil("the slow store's events to be delivered", 200, async () => {
    await w.runOnce();
    clock.now += 10;
    return (await store.counts()).delivered === ids.length;
  });
  expect(ids.filter((id) => f.fake.accepted.get(id) !== 1)).toEqual([]);
  expect(Math.max(...f.fake.requests.map((r) => r.eventIds.length))).toBeLessThanOrEqual(18);
});
