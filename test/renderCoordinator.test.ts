/**
 * No herd (server/pageCache/renderCoordinator.ts): concurrent misses of one page share one
 * render; background refreshes after a publish run a few at a time, first come first served,
 * once per page, bounded in number; a request for a page being refreshed joins that render.
 */
import { createRenderCoordinator } from "../server/pageCache/renderCoordinator";

/** A render the test finishes by hand. */
function pending<T = string>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const render = jest.fn(() => promise);
  return { render, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("concurrent misses of one page share one render", async () => {
  const coordinator = createRenderCoordinator();
  const page = pending();
  const [a, b] = [coordinator.once("/gallery", page.render), coordinator.once("/gallery", page.render)];
  expect(page.render).toHaveBeenCalledTimes(1);
  expect(coordinator.stats()).toEqual({ renders: 1, inFlight: 1, queued: 0 });
  page.resolve("<html>");
  expect(await Promise.all([a, b])).toEqual(["<html>", "<html>"]);
  expect(coordinator.stats().inFlight).toBe(0);
});

test("a finished render is not reused: the next miss renders again", async () => {
  const coordinator = createRenderCoordinator();
  await coordinator.once("/", async () => "one");
  expect(await coordinator.once("/", async () => "two")).toBe("two");
  expect(coordinator.stats().renders).toBe(2);
});

test("a failed render fails every request that shared it, and the next one tries again", async () => {
  const coordinator = createRenderCoordinator();
  const page = pending();
  const [a, b] = [coordinator.once("/", page.render), coordinator.once("/", page.render)];
  page.reject(new Error("Prismic down"));
  await expect(a).rejects.toThrow("Prismic down");
  await expect(b).rejects.toThrow("Prismic down");
  expect(await coordinator.once("/", async () => "ok")).toBe("ok");
});

test("a render that throws at once is a rejected promise, not a throw", async () => {
  const coordinator = createRenderCoordinator();
  const started = coordinator.once("/", () => {
    throw new Error("sync");
  });
  await expect(started).rejects.toThrow("sync");
});

test("refreshes run one at a time by default, in the order they came", async () => {
  const coordinator = createRenderCoordinator();
  const order: string[] = [];
  const renders = ["/a", "/b", "/c"].map((key) => ({ key, ...pending() }));
  for (const { key, render } of renders) {
    coordinator.refresh(key, () => {
      order.push(key);
      return render();
    });
  }
  expect(order).toEqual(["/a"]);
  expect(coordinator.stats()).toEqual({ renders: 1, inFlight: 1, queued: 2 });
  renders[0].resolve("a");
  await settle();
  expect(order).toEqual(["/a", "/b"]);
  renders[1].resolve("b");
  await settle();
  renders[2].resolve("c");
  await settle();
  expect(order).toEqual(["/a", "/b", "/c"]);
  expect(coordinator.stats()).toEqual({ renders: 3, inFlight: 0, queued: 0 });
});

test("with more concurrency, that many at once", () => {
  const coordinator = createRenderCoordinator({ concurrency: 2 });
  for (const key of ["/a", "/b", "/c"]) coordinator.refresh(key, pending().render);
  expect(coordinator.stats()).toEqual({ renders: 2, inFlight: 2, queued: 1 });
});

test("a page is queued once, and not while it renders", () => {
  const coordinator = createRenderCoordinator();
  const first = pending();
  coordinator.refresh("/a", first.render);
  coordinator.refresh("/a", pending().render);
  coordinator.refresh("/b", pending().render);
  coordinator.refresh("/b", pending().render);
  expect(coordinator.stats()).toEqual({ renders: 1, inFlight: 1, queued: 1 });
  void coordinator.once("/c", pending().render);
  coordinator.refresh("/c", pending().render);
  expect(coordinator.stats().queued).toBe(1);
});

test("a request for a page being refreshed joins that render", async () => {
  const coordinator = createRenderCoordinator();
  const refresh = pending();
  coordinator.refresh("/a", refresh.render);
  const request = jest.fn(async () => "request's own");
  const answer = coordinator.once("/a", request);
  refresh.resolve("refreshed");
  expect(await answer).toBe("refreshed");
  expect(request).not.toHaveBeenCalled();
});

test("past the queue's bound a refresh is dropped (the stale page is still served, a later request queues it)", () => {
  const coordinator = createRenderCoordinator({ maxQueued: 2 });
  for (const key of ["/a", "/b", "/c", "/d"]) coordinator.refresh(key, pending().render);
  expect(coordinator.stats()).toEqual({ renders: 1, inFlight: 1, queued: 2 });
});

test("a failed refresh is reported and the queue goes on", async () => {
  const onError = jest.fn();
  const coordinator = createRenderCoordinator({ onError });
  const failing = pending();
  const next = pending();
  coordinator.refresh("/a", failing.render);
  coordinator.refresh("/b", next.render);
  failing.reject(new Error("render broke"));
  await settle();
  expect(onError).toHaveBeenCalledWith("/a", expect.objectContaining({ message: "render broke" }));
  expect(next.render).toHaveBeenCalledTimes(1);
});
