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
