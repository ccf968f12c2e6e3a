/**
 * The image transform queue: one job per key, a bounded wait (then QueueFullError), cheapest
 * first, heavy jobs never take the last slot, background work only in spare slots, and a job
 * whose every requester has gone is dropped before it starts.
 */
import { AbandonedError, createTransformQueue, QueueFullError } from "../src/media/transformQueue";

const gate = () => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

test("requests for one key share one job; a full queue refuses the next key", async () => {
  const queue = createTransformQueue({ concurrency: 1, maxWaiting: 1 });
  const first = gate();
  let runs = 0;
  const work = (g: { promise: Promise<void> }, value: string) => async () => {
    runs++;
    await g.promise;
    return value;
  };
  const a = [queue.run("a", work(first, "A")), queue.run("a", work(first, "other"))];
  const b = queue.run("b", work({ promise: Promise.resolve() }, "B"));
  await expect(queue.run("c", work({ promise: Promise.resolve() }, "C"))).rejects.toBeInstanceOf(QueueFullError);
  expect(queue.stats()).toMatchObject({ running: 1, waiting: 1, refused: 1 });
  first.open();
  expect(await Promise.all([...a, b])).toEqual(["A", "A", "B"]);
  expect(runs).toBe(2);
});

test("a job whose every requester has gone is dropped before it starts; one still wanted runs", async () => {
  const queue = createTransformQueue({ concurrency: 1, maxWaiting: 10 });
  const blocker = gate();
  const started: string[] = [];
  const job = (key: string) => async () => {
    started.push(key);
    if (key === "blocker") await blocker.promise;
    return key;
  };
  const running = queue.run("blocker", job("blocker"));
  const leaving = [new AbortController(), new AbortController()];
  const dropped = leaving.map((c) => queue.run("dropped", job("dropped"), { signal: c.signal }));
  const staying = new AbortController();
  const shared = [queue.run("kept", job("kept"), { signal: staying.signal }), queue.run("kept", job("kept"))];
  staying.abort();
  for (const c of leaving) c.abort();
  for (const promise of [...dropped, shared[0]]) await expect(promise).rejects.toBeInstanceOf(AbandonedError);
  blocker.open();
  expect(await running).toBe("blocker");
  expect(await shared[1]).toBe("kept");
  expect(started).toEqual(["blocker", "kept"]);
  expect(queue.stats().abandoned).toBe(1);
});

test("cheaper visitors' jobs start first, heavy ones leave a slot free, background waits for spare slots", async () => {
  const queue = createTransformQueue({ concurrency: 2, maxWaiting: 10, heavyCost: 100 });
  const gates = new Map<string, ReturnType<typeof gate>>();
  const started: string[] = [];
  const job = (key: string) => () => {
    started.push(key);
    const g = gate();
    gates.set(key, g);
    return g.promise.then(() => key);
  };
  const all = [
    queue.run("heavy-1", job("heavy-1"), { cost: 500 }),
    queue.run("heavy-2", job("heavy-2"), { cost: 400 }),
    queue.run("warm", job("warm"), { cost: 1, priority: "background" }),
  ];
  await tick();
  // One heavy job runs; the other waits although a slot is free; background may take that slot.
  expect(started).toEqual(["heavy-1", "warm"]);
  gates.get("warm")!.open();
  await tick();
  all.push(
    queue.run("light-big", job("light-big"), { cost: 90 }),
    queue.run("light-small", job("light-small"), { cost: 10 }),
  );
  await tick();
  expect(started).toEqual(["heavy-1", "warm", "light-big"]);
  gates.get("light-big")!.open();
  await tick();
  // The cheapest waiting job goes next, ahead of the heavy one queued earlier.
  expect(started.slice(3)).toEqual(["light-small"]);
  gates.get("light-small")!.open();
  gates.get("heavy-1")!.open();
  await tick();
  await tick();
  expect(started.slice(4)).toEqual(["heavy-2"]);
  gates.get("heavy-2")!.open();
  expect(await Promise.all(all)).toEqual(["heavy-1", "heavy-2", "warm", "light-big", "light-small"]);
});
