/**
 * Giving the main thread back and resuming in a later task (client/yieldToMain.ts):
 * `scheduler.yield()` where the browser has it, else a MessageChannel message.
 */
import { yieldToMain } from "../client/yieldToMain";

const globals = globalThis as { scheduler?: unknown };
afterEach(() => {
  delete globals.scheduler;
});

test("uses scheduler.yield() when there is one", async () => {
  const yielded = Promise.resolve();
  globals.scheduler = { yield: jest.fn(() => yielded) };
  expect(yieldToMain()).toBe(yielded);
});

test("otherwise resumes in a later task, not in the microtasks of the current one", async () => {
  let resumed = false;
  const yielded = yieldToMain().then(() => (resumed = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  expect(resumed).toBe(false);
  await yielded;
  expect(resumed).toBe(true);
});
