/**
 * The HTTP metrics (server/observability/metrics/httpMetrics.ts): a response answered before the
 * app (a field report) is counted in the same series as the app's own responses, by method, route
 * and status, one label set per status.
 */
import { countEarlyResponses } from "../server/observability/metrics/httpMetrics";

test("a response answered before the app is counted and timed under its route and status", () => {
  const observed: Array<[object, number]> = [];
  const counted: object[] = [];
  const metrics = {
    httpDuration: { observe: (labels: object, seconds: number) => void observed.push([labels, seconds]) },
    httpRequests: { inc: (labels: object) => void counted.push(labels) },
  };
  const count = countEarlyResponses(metrics as never, "POST", "vitals");
  count(204, 0.0004);
  count(204, 0.0002);
  count(429, 0.0001);
  expect(observed).toEqual([
    [{ method: "POST", route: "vitals", status: "204" }, 0.0004],
    [{ method: "POST", route: "vitals", status: "204" }, 0.0002],
    [{ method: "POST", route: "vitals", status: "429" }, 0.0001],
  ]);
  expect(counted).toEqual(observed.map(([labels]) => labels));
  // One label set per status, not one per response.
  expect(counted[0]).toBe(counted[1]);
});
