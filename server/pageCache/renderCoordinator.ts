/**
 * No herd: one render per page at a time, and bounded background refreshes.
 *
 * `once(key, render)`: concurrent misses of one page share one render (they all wait for it).
 * `refresh(key, render)`: after a publish, a page cached at the older ref is served stale at
 * once and this queues one render of it at the new ref; at most `concurrency` background
 * renders run at a time (FIFO), so a publish on a large site never floods the CPU, and a
 * request arriving while its page's refresh runs joins that render instead of starting another.
 */
export interface RenderCoordinator {
  once<T>(key: string, render: () => Promise<T>): Promise<T>;
  refresh(key: string, render: () => Promise<unknown>): void;
  /** Renders started since creation, renders under way, refreshes waiting for a slot. */
  stats(): { renders: number; inFlight: number; queued: number };
}

export interface CoordinatorOptions {
  /** Background renders at a time (default 1: a refresh never takes more than one core). */
  concurrency?: number;
  /** Refreshes that may wait; past it a stale page is still served and queued by a later request (default 1,000). */
  maxQueued?: number;
  /** Told of a failed background render (the stale copy stays). */
  onError?: (key: string, error: unknown) => void;
}

export function createRenderCoordinator({
  concurrency = 1,
  maxQueued = 1_000,
  onError,
}: CoordinatorOptions = {}): RenderCoordinator {
  const inFlight = new Map<string, Promise<unknown>>();
  const queue = new Map<string, () => Promise<unknown>>();
  let running = 0;
  let renders = 0;

  function once<T>(key: string, render: () => Promise<T>): Promise<T> {
    const current = inFlight.get(key);
    if (current !== undefined) return current as Promise<T>;
    renders++;
    const started = (async () => render())().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  function pump(): void {
    while (running < concurrency && queue.size > 0) {
      const [key, render] = queue.entries().next().value as [string, () => Promise<unknown>];
      queue.delete(key);
      running++;
      once(key, render)
        .catch((error: unknown) => onError?.(key, error))
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    once,
    refresh(key, render) {
      if (inFlight.has(key) || queue.has(key) || queue.size >= maxQueued) return;
      queue.set(key, render);
      pump();
    },
    stats: () => ({ renders, inFlight: inFlight.size, queued: queue.size }),
  };
}
