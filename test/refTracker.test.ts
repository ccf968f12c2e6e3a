/**
 * The repository's master ref (server/content/refTracker.ts), on an injected clock: re-read at
 * most once per TTL, one read shared by concurrent requests, the last known ref kept while the
 * repository cannot be read, re-read at once by the publish webhook.
 */
import { createRefTracker, REF_TTL_MS } from "../server/content/refTracker";

function repository(refs: Array<string | Error>) {
  const read = jest.fn(async () => {
    const next = refs.length > 1 ? refs.shift()! : refs[0];
    if (next instanceof Error) throw next;
    return next;
  });
  return read;
}

let now: number;
const clock = () => now;
beforeEach(() => {
  now = 1_000_000;
});

test("read once, then kept for the TTL (5 s by default), then read again", async () => {
  const read = repository(["r1", "r2"]);
  const refs = createRefTracker(read, undefined, clock);
  expect(REF_TTL_MS).toBe(5_000);
  expect(await refs.current()).toBe("r1");
  now += 4_999;
  expect(await refs.current()).toBe("r1");
  expect(read).toHaveBeenCalledTimes(1);
  now += 1;
  expect(await refs.current()).toBe("r2");
  expect(read).toHaveBeenCalledTimes(2);
});

test("fresh: the ref without I/O while within its TTL, else nothing", async () => {
  const refs = createRefTracker(repository(["r1"]), 1_000, clock);
  expect(refs.fresh?.()).toBeUndefined();
  await refs.current();
  expect(refs.fresh?.()).toBe("r1");
  now += 1_000;
  expect(refs.fresh?.()).toBeUndefined();
  expect(refs.lastKnown()).toBe("r1");
});

test("concurrent requests share one read", async () => {
  const read = repository(["r1"]);
  const refs = createRefTracker(read, 1_000, clock);
  expect(await Promise.all([refs.current(), refs.current(), refs.current()])).toEqual(["r1", "r1", "r1"]);
  expect(read).toHaveBeenCalledTimes(1);
});

test("a failed read keeps the last known ref and tries again only after another TTL", async () => {
  const read = repository(["r1", new Error("Prismic down"), "r2"]);
  const refs = createRefTracker(read, 1_000, clock);
  await refs.current();
  const confirmed = refs.confirmedAt?.();
  now += 1_000;
  expect(await refs.current()).toBe("r1");
  expect(refs.confirmedAt?.()).toBe(confirmed);
  now += 999;
  expect(await refs.current()).toBe("r1");
  expect(read).toHaveBeenCalledTimes(2);
  now += 1;
  expect(await refs.current()).toBe("r2");
  expect(refs.confirmedAt?.()).toBe(now);
});

test("with no ref known yet, a failed read fails", async () => {
  const refs = createRefTracker(repository([new Error("Prismic down"), "r1"]), 1_000, clock);
  await expect(refs.current()).rejects.toThrow("Prismic down");
  expect(refs.lastKnown()).toBeUndefined();
  expect(await refs.current()).toBe("r1");
});

test("refresh reads now, within the TTL too", async () => {
  const read = repository(["r1", "r2"]);
  const refs = createRefTracker(read, 60_000, clock);
  await refs.current();
  expect(await refs.refresh()).toBe("r2");
  expect(await refs.current()).toBe("r2");
  expect(read).toHaveBeenCalledTimes(2);
});

test("a refresh during a read waits for it, then reads again (a publish seen mid-read is not lost)", async () => {
  let finish!: (ref: string) => void;
  const read = jest
    .fn<Promise<string>, []>()
    .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    .mockResolvedValueOnce("r2");
  const refs = createRefTracker(read, 60_000, clock);
  const reading = refs.current();
  const refreshing = refs.refresh();
  finish("r1");
  expect(await reading).toBe("r1");
  expect(await refreshing).toBe("r2");
  expect(read).toHaveBeenCalledTimes(2);
});

describe("confirmedAfter: the ref as read by a read that started after a moment (the edge's race rule)", () => {
  /** A repository whose reads wait for the test: each resolves with the ref given to it. */
  function heldRepository() {
    const reads: Array<{ answer(ref: string | Error): void }> = [];
    const read = jest.fn(
      () =>
        new Promise<string>((resolve, reject) => {
          reads.push({ answer: (ref) => (ref instanceof Error ? reject(ref) : resolve(ref)) });
        }),
    );
    return { read, reads };
  }
  let tick: number;
  const monotonic = () => tick;
  beforeEach(() => {
    tick = 0;
  });

  test("a read under way that started before the request is not enough: the next read answers", async () => {
    const { read, reads } = heldRepository();
    const refs = createRefTracker(read, 1_000, clock, monotonic);
    tick = 10;
    const current = refs.current();
    tick = 20; // the request arrives while that read is under way
    const confirmed = refs.confirmedAfter!(20);
    reads[0].answer("old");
    expect(await current).toBe("old");
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toHaveBeenCalledTimes(2);
    reads[1].answer("new");
    expect(await confirmed).toBe("new");
  });

  test("requests arriving together share one read; a read started after them serves them all", async () => {
    const { read, reads } = heldRepository();
    const refs = createRefTracker(read, 1_000, clock, monotonic);
    tick = 5;
    const first = refs.confirmedAfter!(1);
    const second = refs.confirmedAfter!(2);
    expect(read).toHaveBeenCalledTimes(1);
    reads[0].answer("r1");
    expect([await first, await second]).toEqual(["r1", "r1"]);
    // Done, and it started after a request that arrived at 3: no new read.
    expect(await refs.confirmedAfter!(3)).toBe("r1");
    expect(read).toHaveBeenCalledTimes(1);
    // A request arriving after it started needs a read of its own.
    const later = refs.confirmedAfter!(6);
    expect(read).toHaveBeenCalledTimes(2);
    reads[1].answer("r2");
    expect(await later).toBe("r2");
  });

  test("a failed read confirms nothing, though the last known ref stays in use", async () => {
    const { read, reads } = heldRepository();
    const refs = createRefTracker(read, 1_000, clock, monotonic);
    const first = refs.current();
    reads[0].answer("r1");
    await first;
    tick = 10;
    const confirmed = refs.confirmedAfter!(10);
    reads[1].answer(new Error("down"));
    await expect(confirmed).rejects.toThrow("down");
    expect(refs.lastKnown()).toBe("r1");
  });
});
