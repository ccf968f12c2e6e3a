/** The preload queue: never more than its limit at once, urgent work first, failures free their slot. */
import { createTaskQueue } from "../client/taskQueue";

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

test("runs at most `limit` tasks at once and starts the next as one finishes", async () => {
  const queue = createTaskQueue(5);
  const gates = Array.from({ length: 12 }, deferred);
  let running = 0;
  let most = 0;
  const done = gates.map((gate) =>
    queue.run(async () => {
      running++;
      most = Math.max(most, running);
      await gate.promise;
      running--;
    }),
  );
  expect(queue.active).toBe(5);
  for (const gate of gates) {
    gate.resolve();
    await Promise.resolve();
  }
  await Promise.all(done);
  expect(most).toBe(5);
  expect(queue.active).toBe(0);
});

test("an urgent task starts before the ones already waiting, and a failing task frees its slot", async () => {
  const queue = createTaskQueue(1);
  const first = deferred();
  const order: string[] = [];
  const a = queue.run(() => first.promise);
  const b = queue.run(async () => void order.push("queued"));
  const c = queue.run(async () => void order.push("urgent"), true);
  first.reject(new Error("chunk failed"));
  await expect(a).rejects.toThrow("chunk failed");
  await Promise.all([b, c]);
  expect(order).toEqual(["urgent", "queued"]);
});
