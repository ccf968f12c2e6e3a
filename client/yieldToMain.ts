/**
 * Gives the main thread back to the browser (input, rendering) and resumes in a later task:
 * `scheduler.yield()` where there is one (Chromium; it resumes ahead of other queued tasks),
 * else a message to a MessageChannel (a new task without setTimeout's 4 ms clamp).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
