/** The instance's budget of whole form pages for refused posts (server/requests/refusedPageBudget.ts). */
import { createRefusedPageBudget } from "../server/requests/refusedPageBudget";

test("the first N refusals of a minute get the whole page, the rest do not", async () => {
  const budget = createRefusedPageBudget(3);
  const taken = [];
  for (let i = 0; i < 5; i++) taken.push(await budget.take());
  expect(taken).toEqual([true, true, true, false, false]);
});

test("0: never the whole page", async () => {
  expect(await createRefusedPageBudget(0).take()).toBe(false);
});

test("the minute's count starts again in the next window", async () => {
  jest.useFakeTimers({ now: Date.parse("2026-12-07T12:00:00Z") });
  try {
    const budget = createRefusedPageBudget(1);
    expect(await budget.take()).toBe(true);
    expect(await budget.take()).toBe(false);
    jest.advanceTimersByTime(61_000);
    expect(await budget.take()).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});
