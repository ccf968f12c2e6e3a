/**
 * Content-service failures logged once per interval with a count of those left out
 * (server/content/outageLog.ts), not once per request, on an injected clock.
 */
import { createOutageLog, OUTAGE_LOG_INTERVAL_MS } from "../server/content/outageLog";
import { capturingLogger } from "./support/capturingLogger";

test("the first failure at once, then one line per interval with the count since the last", () => {
  const { logger, lines } = capturingLogger("info");
  let now = 0;
  const log = createOutageLog(logger, 30_000, () => now);
  log(new Error("timeout"), { page: "/" });
  for (let i = 0; i < 5; i++) {
    now += 5_000;
    log(new Error("timeout"));
  }
  expect(lines).toHaveLength(1);
  now = 30_000;
  log(new Error("still down"), { page: "/gallery" });
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({ msg: "The content service is unavailable", page: "/", suppressedSinceLast: 0 });
  expect(lines[1]).toMatchObject({ page: "/gallery", suppressedSinceLast: 5, err: { message: "still down" } });
  expect(lines[1].level).toBe(50);
});

test("30 s by default", () => {
  expect(OUTAGE_LOG_INTERVAL_MS).toBe(30_000);
  const { logger, lines } = capturingLogger("info");
  let now = 1_000;
  const log = createOutageLog(logger, undefined, () => now);
  log(new Error("a"));
  now += 29_999;
  log(new Error("b"));
  now += 1;
  log(new Error("c"));
  expect(lines.map((l) => l.suppressedSinceLast)).toEqual([0, 1]);
});
