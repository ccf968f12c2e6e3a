/**
 * A slow Meta does not multiply deliveries (docs/tracking.md, "Delivery is at least once"): the
 * Conversions API can take seconds to answer, and a request given up on early is still processed
 * by Meta, so every early give-up sends its events again. With the worker's own timings (no test
 * overrides: the request timeout, the lease, the back-off), two workers sharing one outbox and a
 * Meta that answers every request in 3 s send each of 300 events once.
 */
import { createDeliveryWorker } from "../server/outbox/deliveryWorker";
import { createLogger } from "../server/observability/logger";
import { addEvents, useDeliveryFixture } from "./support/deliveryFixture";

const f = useDeliveryFixture();

test("Meta answering in 3 s: 300 events from two workers, each sent once, all delivered", async () => {
  const store = f.openStore();
  const ids = await addEvents(store, 300, Date.now());
  f.fake.delayMs = 3_000;
  const workers = ["a", "b"].map((name) =>
    createDeliveryWorker({
      store,
      logger: createLogger("silent"),
      credentials: f.credentials(),
      workerId: `slow-meta-${name}`,
      // Test events are created now: no maximum age to wait out; everything else as in production.
      idleMs: 50,
    }),
  );
  const started = Date.now();
  for (const worker of workers) worker.start();
  try {
    while ((await store.counts()).delivered < ids.length && Date.now() - started < 40_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  expect(await store.counts()).toMatchObject({ delivered: 300, pending: 0, leased: 0 });
  const sent = f.fake.requests.flatMap((r) => r.eventIds);
  expect(sent.length).toBe(300);
  expect(new Set(sent).size).toBe(300);
  expect([...f.fake.accepted.values()].every((times) => times === 1)).toBe(true);
}, 60_000);
