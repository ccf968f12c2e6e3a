/**
 * Where image transforms wait for a core. A transform is CPU work of up to a second: running more
 * of them than there are cores only makes each slower, and an unbounded queue lets one client
 * hold every later visitor. So: a fixed number run at once, a bounded number wait (beyond it the
 * caller is told to come back later), requests for one key share one job, and a job whose every
 * requester has gone is dropped before it starts. Background work (warming the cache) runs at low
 * priority: only when no visitor's transform is waiting, and never in the last free slot.
 * Waiting visitors go cheapest first (by output pixels): a phone-sized image is not held behind
 * a queue of the largest ones, which is what a client asking for many large images would build;
 * and heavy jobs (over `heavyCost`) never take the last free slot, so an ordinary image finds a
 * core even while large ones, some perhaps abandoned mid-encode, are running.
 */

/** The queue is full: answer 503 with `Retry-After`. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

/** Every requester of a job went away before it started (or this one did). */
export class AbandonedError extends Error {
  override name = "AbandonedError";
}

export type Priority = "visitor" | "background";

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Job<T> {
  key: string;
  priority: Priority;
  work: () => Promise<T>;
  /** Estimated cost (output pixels): cheaper visitors' jobs start first. */
  cost: number;
  waiters: Set<Waiter<T>>;
  started: boolean;
}

export interface TransformQueueOptions {
  /** Transforms run at once (one per core). */
  concurrency: number;
  /** Visitor jobs that may wait for a slot; one more is refused with QueueFullError. */
  maxWaiting: number;
  /** Jobs costing more than this leave one slot free for cheaper ones (default: never). */
  heavyCost?: number;
}

export interface TransformQueueStats {
  running: number;
  waiting: number;
  background: number;
  /** Jobs dropped because every requester had gone. */
  abandoned: number;
  /** Requests refused because the queue was full. */
  refused: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  priority?: Priority;
  /** Estimated cost, e.g. output pixels (default 0). */
  cost?: number;
}

export interface TransformQueue {
  /**
   * Runs `work` for `key` (or joins the job already queued or running for it). `signal` is the
   * requester going away: it stops waiting at once, and the job is dropped if nobody else wants it.
   */
  run<T>(key: string, work: () => Promise<T>, options?: RunOptions): Promise<T>;
  stats(): TransformQueueStats;
}

export function createTransformQueue({
  concurrency,
  maxWaiting,
  heavyCost = Infinity,
}: TransformQueueOptions): TransformQueue {
  const jobs = new Map<string, Job<unknown>>();
  const visitors: Job<unknown>[] = [];
  const background: Job<unknown>[] = [];
  let running = 0;
  let runningBackground = 0;
  let runningHeavy = 0;
  let abandoned = 0;
  let refused = 0;
  // Background and heavy work each leave one slot free (unless there is only one).
  const sharedSlots = Math.max(1, concurrency - 1);
  const heavy = (job: Job<unknown>) => job.cost > heavyCost;
  const fits = (job: Job<unknown> | undefined) => job !== undefined && (!heavy(job) || runningHeavy < sharedSlots);

  function next(): void {
    while (running < concurrency) {
      // Visitors' jobs are in cost order: if the first is too heavy to start now, so are the rest.
      let job = fits(visitors[0]) ? visitors.shift() : undefined;
      if (!job && runningBackground < sharedSlots && fits(background[0])) job = background.shift();
      if (!job) return;
      start(job);
    }
  }

  function start(job: Job<unknown>): void {
    job.started = true;
    running++;
    const counted = { background: job.priority === "background", heavy: heavy(job) };
    if (counted.background) runningBackground++;
    if (counted.heavy) runningHeavy++;
    const settle = (outcome: (waiter: Waiter<unknown>) => void) => {
      jobs.delete(job.key);
      running--;
      if (counted.background) runningBackground--;
      if (counted.heavy) runningHeavy--;
      for (const waiter of job.waiters) outcome(waiter);
      next();
    };
    // A job runs to the end even if its requesters leave meanwhile: its result goes to the cache.
    job.work().then(
      (value) => settle((waiter) => waiter.resolve(value)),
      (error: unknown) => settle((waiter) => waiter.reject(error)),
    );
  }

  /** Into the visitors' queue, after every job that costs no more (FIFO among equals). */
  function enqueueVisitor(job: Job<unknown>): void {
    const index = visitors.findIndex((other) => other.cost > job.cost);
    if (index < 0) visitors.push(job);
    else visitors.splice(index, 0, job);
  }

  function drop(job: Job<unknown>): void {
    const list = job.priority === "visitor" ? visitors : background;
    const index = list.indexOf(job);
    if (index >= 0) list.splice(index, 1);
    jobs.delete(job.key);
    abandoned++;
  }

  return {
    run<T>(key: string, work: () => Promise<T>, { signal, priority = "visitor", cost = 0 }: RunOptions = {}) {
      if (signal?.aborted) return Promise.reject(new AbandonedError("the requester went away"));
      let job = jobs.get(key) as Job<T> | undefined;
      if (job && !job.started && job.priority === "background" && priority === "visitor") {
        // A visitor now wants what was background work: it moves to the visitors' queue.
        background.splice(background.indexOf(job as Job<unknown>), 1);
        job.priority = "visitor";
        enqueueVisitor(job as Job<unknown>);
      }
      if (!job) {
        if (priority === "visitor" && visitors.length >= maxWaiting && running >= concurrency) {
          refused++;
          return Promise.reject(new QueueFullError(`${visitors.length} image transforms are already waiting`));
        }
        job = { key, priority, work, cost, waiters: new Set(), started: false };
        jobs.set(key, job as Job<unknown>);
        if (priority === "visitor") enqueueVisitor(job as Job<unknown>);
        else background.push(job as Job<unknown>);
      }
      const current = job;
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter<T> = {
          resolve: (value) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(value);
          },
          reject: (error) => {
            signal?.removeEventListener("abort", onAbort);
            reject(error);
          },
        };
        function onAbort() {
          current.waiters.delete(waiter);
          if (!current.started && current.waiters.size === 0) drop(current as Job<unknown>);
          reject(new AbandonedError("the requester went away"));
        }
        signal?.addEventListener("abort", onAbort, { once: true });
        current.waiters.add(waiter);
        next();
      });
    },
    stats: () => ({ running, waiting: visitors.length, background: background.length, abandoned, refused }),
  };
}
