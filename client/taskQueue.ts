/** A tiny queue that runs at most `limit` async tasks at once (route preloads: 5, docs/behaviour.md section 2.9). */
export interface TaskQueue {
  /** Runs `task` when a slot is free; `urgent` tasks (a hovered link) go before the waiting ones. */
  run<T>(task: () => Promise<T>, urgent?: boolean): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
}

export function createTaskQueue(limit: number): TaskQueue {
  let active = 0;
  const waiting: Array<() => void> = [];
  const pump = () => {
    while (active < limit && waiting.length) waiting.shift()!();
  };
  return {
    run<T>(task: () => Promise<T>, urgent = false) {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active++;
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(() => {
            active--;
            pump();
          });
        };
        if (urgent) waiting.unshift(start);
        else waiting.push(start);
        pump();
      });
    },
    get active() {
      return active;
    },
  };
}
