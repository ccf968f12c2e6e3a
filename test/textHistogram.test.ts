/** The field metrics' hand-written histogram (server/observability/metrics/textHistogram.ts): Prometheus text, cumulative buckets. */
import { textHistogram } from "../server/observability/metrics/textHistogram";

test("each series keeps cumulative buckets, +Inf, sum and count; labels are asked once per series", () => {
  const histogram = textHistogram("x_seconds", "A help\\text\nacross lines.", [0.5, 1]);
  expect(histogram.text()).toBe("");
  let asked = 0;
  const labels = () => {
    asked++;
    return 'page="a"';
  };
  histogram.observe("a", labels, 0.2);
  histogram.observe("a", labels, 0.7);
  histogram.observe("a", labels, 3);
  histogram.observe("b", () => 'page="b"', 1);
  expect(asked).toBe(1);
  expect(histogram.text()).toBe(
    [
      "# HELP x_seconds A help\\\\text\\nacross lines.",
      "# TYPE x_seconds histogram",
      'x_seconds_bucket{le="0.5",page="a"} 1',
      'x_seconds_bucket{le="1",page="a"} 2',
      'x_seconds_bucket{le="+Inf",page="a"} 3',
      'x_seconds_sum{page="a"} 3.9',
      'x_seconds_count{page="a"} 3',
      'x_seconds_bucket{le="0.5",page="b"} 0',
      'x_seconds_bucket{le="1",page="b"} 1',
      'x_seconds_bucket{le="+Inf",page="b"} 1',
      'x_seconds_sum{page="b"} 1',
      'x_seconds_count{page="b"} 1',
      "",
    ].join("\n"),
  );
});
