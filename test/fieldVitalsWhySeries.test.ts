/**
 * The field metrics' label space with the "why" (docs/operations.md, "Field speed";
 * server/observability/metrics/fieldWhyMetrics.ts): every combination a browser could send, the
 * report's own labels and every phase and kind of element, sent through the whole app, makes
 * exactly the worst case the docs state, and /metrics stays under the ServiceMonitor's
 * `sampleLimit` with room for the rest of the site's series.
 */
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { DEVICE_CLASSES, NAVIGATION_TYPES, PAGE_TYPES, REGIONS, VITALS_PATH } from "../shared/fieldVitals";
import { CLS_SOURCE_KINDS, INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "../shared/vitals/elementKinds";
import { WHY_SERIES_MAX } from "../server/observability/metrics/fieldWhyMetrics";
import { createTestApp, ROOT } from "./support/testApp";

const METRICS_TOKEN = "metrics-token-for-the-why-series-test";
const ORIGIN = "http://localhost:3000";
/** The worst cases stated in docs/operations.md, "Field speed" (the numbers, so that a change fails here). */
const FIELD_SERIES = 3_888;
const WHY_SERIES = 4_248;
/** deploy/kubernetes/monitoring/servicemonitor.yaml's sampleLimit: a scrape past it is refused whole. */
const SAMPLE_LIMIT = Number(
  /sampleLimit: (\d+)/.exec(
    fs.readFileSync(path.join(ROOT, "deploy/kubernetes/monitoring/servicemonitor.yaml"), "utf8"),
  )?.[1],
);
/** Room left under it for the rest of the site's series (about 200 with every field series filled). */
const ROOM_FOR_THE_REST = 1_000;
/** A whole scrape through the test client, as test/vitalsBounds.test.ts bounds it without the why series. */
const MAX_SCRAPE_MS = 60;

const lines = (text: string, prefix: string) => text.split("\n").filter((line) => line.startsWith(prefix)).length;
const samplesIn = (text: string) => text.split("\n").filter((line) => line && !line.startsWith("#")).length;

test("every combination of labels, phases and kinds makes the stated worst case, under the sampleLimit", async () => {
  const { app } = createTestApp({ env: { METRICS_TOKEN, TRUST_PROXY: "1" } });
  let n = 0;
  const statuses = new Map<number, number>();
  const post = async (body: object) => {
    n++;
    // Each report from a client of its own: a client is counted for 5 page views an hour.
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const { status } = await request(app)
      .post(VITALS_PATH)
      .set("Origin", ORIGIN)
      .set("X-Forwarded-For", ip)
      .set("Content-Type", "text/plain;charset=UTF-8")
      .send(JSON.stringify(body));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  const kinds = Math.max(LCP_ELEMENT_KINDS.length, INP_CONTROL_KINDS.length, CLS_SOURCE_KINDS.length);
  for (const page of PAGE_TYPES)
    for (const region of REGIONS)
      for (const device of DEVICE_CLASSES) {
        // Every navigation type with every metric it may carry, as test/vitalsBounds.test.ts sends them.
        for (const nav of NAVIGATION_TYPES) {
          const full = nav !== "client" && nav !== "back-forward-cache";
          await post({
            page,
            region,
            device,
            nav,
            metrics: full ? { LCP: 1.2, INP: 0.05, CLS: 0.01, FCP: 0.8, TTFB: 0.2 } : { INP: 0.05, CLS: 0.01 },
          });
        }
        // Every kind of element of each metric, with every phase.
        for (let i = 0; i < kinds; i++)
          await post({
            page,
            region,
            device,
            nav: "navigate",
            metrics: { LCP: 2.4, INP: 0.3, CLS: 0.12, FCP: 0.9, TTFB: 0.4 },
            why: {
              lcp: {
                ttfb: 0.4,
                load_delay: 0.2,
                load_duration: 1.6,
                render_delay: 0.2,
                kind: LCP_ELEMENT_KINDS[i % LCP_ELEMENT_KINDS.length],
              },
              inp: {
                input_delay: 0.02,
                processing: 0.25,
                presentation: 0.03,
                kind: INP_CONTROL_KINDS[i % INP_CONTROL_KINDS.length],
              },
              cls: { kind: CLS_SOURCE_KINDS[i % CLS_SOURCE_KINDS.length] },
            },
          });
      }
  expect(Object.fromEntries(statuses)).toEqual({ 204: n });
  const scrape = () => request(app).get("/metrics").set("Authorization", `Bearer ${METRICS_TOKEN}`);
  const text = (await scrape()).text;
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await scrape();
    times.push(performance.now() - started);
  }
  // The quickest of 7: on a machine busy with other work a median is that work's, not the scrape's.
  times.sort((a, b) => a - b);
  const histograms = ["lcp_seconds", "inp_seconds", "cls", "fcp_seconds", "ttfb_seconds"];
  const field = histograms.reduce((sum, name) => sum + lines(text, `web_vitals_${name}_`), 0);
  const why = lines(text, "site_field_");
  console.log(
    `${n} reports: field histograms ${field} series, why ${why} (of ${WHY_SERIES_MAX} at most), /metrics ${samplesIn(text)} samples in all, ${Buffer.byteLength(text)} bytes; sampleLimit ${SAMPLE_LIMIT}; scrape ${times[0].toFixed(1)} ms at best, ${times[3].toFixed(1)} ms median of 7`,
  );
  expect(times[0]).toBeLessThanOrEqual(MAX_SCRAPE_MS);
  expect(field).toBe(FIELD_SERIES);
  expect(WHY_SERIES_MAX).toBe(WHY_SERIES);
  expect(why).toBe(WHY_SERIES);
  expect(samplesIn(text)).toBeLessThanOrEqual(SAMPLE_LIMIT - ROOM_FOR_THE_REST);
}, 300_000);
