/**
 * The operators' monitoring files, tested like code: the alert rules pass `promtool check rules`
 * and their unit tests (`promtool test rules` on recorded series: each alert fires when it
 * should and stays quiet when it should not), each says what to do; the Prometheus Operator gets
 * the same rules and scrapes the Service with the metrics token; the Grafana dashboard is a
 * well-formed dashboard whose every panel queries the one Prometheus data source.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { z } from "zod";
import { ensurePromtool, promtool } from "./support/promtool";
import { metricNames } from "./support/promqlNames";
import { ROOT } from "./support/testApp";
import { WHY_COUNTERS, WHY_HISTOGRAMS } from "../server/observability/metrics/fieldWhyMetrics";
import { INP_PHASES, LCP_PHASES } from "../shared/vitals/phases";

const PROMETHEUS = path.join(ROOT, "deploy/prometheus");
const MONITORING = path.join(ROOT, "deploy/kubernetes/monitoring");
const read = (file: string) => fs.readFileSync(file, "utf8");

const Rule = z.object({
  alert: z.string().regex(/^Site[A-Z]\w+$/),
  expr: z.string().min(1),
  for: z
    .string()
    .regex(/^\d+[smh]$/)
    .optional(),
  labels: z.object({ severity: z.enum(["critical", "warning"]) }).strict(),
  annotations: z
    .object({
      summary: z.string().min(10),
      description: z.string().min(10),
      runbook: z
        .string()
        .min(20)
        .regex(/^[^\n]+$/, "one line"),
    })
    .strict(),
});
const RuleGroups = z.object({ groups: z.array(z.object({ name: z.string(), rules: z.array(Rule).min(1) })).min(1) });
const rules = RuleGroups.parse(parse(read(path.join(PROMETHEUS, "alerts.yaml"))));
const alerts = rules.groups.flatMap((group) => group.rules);

describe("deploy/prometheus/alerts.yaml", () => {
  beforeAll(() => ensurePromtool());

  test("passes `promtool check rules`", () => {
    const { status, output } = promtool("check", "rules", path.join(PROMETHEUS, "alerts.yaml"));
    expect(output).toContain(`SUCCESS: ${alerts.length} rules found`);
    expect(status).toBe(0);
  });

  test("passes its unit tests, `promtool test rules alerts.test.yaml`", () => {
    const { status, output } = promtool("test", "rules", path.join(PROMETHEUS, "alerts.test.yaml"));
    expect(output).not.toContain("FAILED");
    expect(output).toContain("SUCCESS");
    expect(status).toBe(0);
  });

  test("the unit tests fail when a rule stops firing (they test something)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-"));
    try {
      // Every threshold of the 5xx ratio raised tenfold: its firing case must now fail.
      fs.writeFileSync(
        path.join(dir, "alerts.yaml"),
        read(path.join(PROMETHEUS, "alerts.yaml")).replace("[5m])) > 0.02", "[5m])) > 0.2"),
      );
      fs.copyFileSync(path.join(PROMETHEUS, "alerts.test.yaml"), path.join(dir, "alerts.test.yaml"));
      const { status, output } = promtool("test", "rules", path.join(dir, "alerts.test.yaml"));
      expect(output).toContain("alertname: SiteHighErrorRatio");
      expect(status).not.toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("every alert has a case where it fires and one where it stays quiet, and says what to do", () => {
    const tests = (
      parse(read(path.join(PROMETHEUS, "alerts.test.yaml"))) as {
        tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
      }
    ).tests;
    const cases = tests.flatMap((t) => t.alert_rule_test);
    for (const { alert, annotations } of alerts) {
      expect({ alert, fires: cases.some((c) => c.alertname === alert && c.exp_alerts.length > 0) }).toEqual({
        alert,
        fires: true,
      });
      expect({ alert, quiet: cases.some((c) => c.alertname === alert && c.exp_alerts.length === 0) }).toEqual({
        alert,
        quiet: true,
      });
      expect(annotations.runbook).not.toMatch(/TODO|TBD/);
    }
    // docs/operations.md explains each alert under its name.
    const operations = read(path.join(ROOT, "docs/operations.md"));
    for (const { alert } of alerts)
      expect({ alert, documented: operations.includes(`\`${alert}\``) }).toEqual({ alert, documented: true });
  });
});

describe("deploy/kubernetes/monitoring", () => {
  const manifests = fs
    .readdirSync(MONITORING)
    .filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml")
    .flatMap((file) =>
      parseAllDocuments(read(path.join(MONITORING, file))).map((doc) => ({
        file,
        manifest: doc.toJS() as Record<string, any>,
      })),
    );
  const only = (kind: string) => {
    const found = manifests.filter((m) => m.manifest.kind === kind);
    expect(found).toHaveLength(1);
    return found[0].manifest;
  };
  const k8s = (file: string) => parse(read(path.join(ROOT, "deploy/kubernetes", file))) as Record<string, any>;

  // The shape of the Prometheus Operator's CRDs (monitoring.coreos.com/v1) that these manifests use.
  const Metadata = z
    .object({ name: z.string().regex(/^[a-z0-9-]+$/), labels: z.record(z.string(), z.string()).optional() })
    .strict();
  const ServiceMonitor = z
    .object({
      apiVersion: z.literal("monitoring.coreos.com/v1"),
      kind: z.literal("ServiceMonitor"),
      metadata: Metadata,
      spec: z
        .object({
          // The operator's bound on one scrape's samples (spec-wide, for every endpoint).
          sampleLimit: z.number().int().positive(),
          selector: z.object({ matchLabels: z.record(z.string(), z.string()) }).strict(),
          endpoints: z
            .array(
              z
                .object({
                  port: z.string(),
                  path: z.string().startsWith("/"),
                  interval: z.string().regex(/^\d+[sm]$/),
                  scrapeTimeout: z.string().regex(/^\d+[sm]$/),
                  authorization: z
                    .object({
                      type: z.literal("Bearer"),
                      credentials: z.object({ name: z.string(), key: z.string() }).strict(),
                    })
                    .strict(),
                })
                .strict(),
            )
            .length(1),
        })
        .strict(),
    })
    .strict();
  const PrometheusRule = z
    .object({
      apiVersion: z.literal("monitoring.coreos.com/v1"),
      kind: z.literal("PrometheusRule"),
      metadata: Metadata,
      spec: RuleGroups.strict(),
    })
    .strict();

  test("the PrometheusRule carries exactly the rules promtool tests (regenerate: node scripts/ops/prometheusRule.mjs)", () => {
    const rule = PrometheusRule.parse(only("PrometheusRule"));
    expect(rule.spec).toEqual(rules);
  });

  test("the ServiceMonitor scrapes the Service's port with the metrics token of the site's Secret, as the job the rules name", () => {
    const monitor = ServiceMonitor.parse(only("ServiceMonitor"));
    const service = k8s("service.yaml");
    const secret = k8s("secret.yaml");
    const [endpoint] = monitor.spec.endpoints;
    expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(endpoint.port);
    expect(endpoint.path).toBe("/metrics");
    expect(endpoint.authorization.credentials).toEqual({ name: secret.metadata.name, key: "METRICS_TOKEN" });
    expect(Object.keys(secret.stringData)).toContain("METRICS_TOKEN");
    // The operator names the job after the Service: the rules' `job="site"`.
    expect(service.metadata.name).toBe("site");
    expect(read(path.join(PROMETHEUS, "alerts.yaml"))).toContain('up{job="site"}');
  });

  test("kustomization.yaml lists each manifest", () => {
    const kustomization = parse(read(path.join(MONITORING, "kustomization.yaml"))) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...new Set(manifests.map((m) => m.file))].sort());
  });
});

describe("deploy/grafana/site.json", () => {
  const Target = z
    .object({
      refId: z.string(),
      expr: z.string().min(1),
      legendFormat: z.string(),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's own dashboard variable, not a template literal
      datasource: z.object({ type: z.literal("prometheus"), uid: z.literal("${datasource}") }),
    })
    .passthrough();
  const GridPos = z.object({
    h: z.number().int().min(1),
    w: z.number().int().min(1).max(24),
    x: z.number().int().min(0).max(23),
    y: z.number().int().min(0),
  });
  const Panel = z.discriminatedUnion("type", [
    z.object({
      type: z.literal("row"),
      id: z.number(),
      title: z.string(),
      gridPos: GridPos,
      collapsed: z.boolean(),
      panels: z.array(z.unknown()),
    }),
    z
      .object({
        type: z.enum(["timeseries", "stat", "barchart", "bargauge"]),
        id: z.number(),
        title: z.string().min(3),
        description: z.string().min(10),
        gridPos: GridPos,
        targets: z.array(Target).min(1),
      })
      .passthrough(),
  ]);
  const Dashboard = z
    .object({
      uid: z.string().regex(/^[\w-]{1,40}$/),
      title: z.string(),
      schemaVersion: z.number().int().min(36),
      panels: z.array(Panel).min(10),
      templating: z.object({ list: z.array(z.object({ name: z.string(), type: z.string() }).passthrough()) }),
    })
    .passthrough();
  const dashboard = Dashboard.parse(JSON.parse(read(path.join(ROOT, "deploy/grafana/site.json"))));

  test("is a Grafana dashboard whose panels query the data source chosen in its $datasource variable", () => {
    expect(dashboard.templating.list.map((v) => [v.name, v.type])).toEqual([
      ["datasource", "datasource"],
      ["instance", "query"],
    ]);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("panels fit the 24-column grid without overlapping", () => {
    const cells = new Set<string>();
    for (const { gridPos, title } of dashboard.panels) {
      expect({ title, fits: gridPos.x + gridPos.w <= 24 }).toEqual({ title, fits: true });
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x++)
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y++) {
          expect({ title, cell: cells.has(`${x},${y}`) }).toEqual({ title, cell: false });
          cells.add(`${x},${y}`);
        }
    }
  });

  test("shows the figure behind every alert: each metric an alert reads is queried by a panel", () => {
    // A histogram's series (_bucket, _count, _sum) are one figure: a panel of its quantiles shows what its count gates.
    const family = (metric: string) => metric.replace(/_(bucket|count|sum)$/, "");
    const shown = new Set(
      dashboard.panels.flatMap((p) =>
        "targets" in p ? p.targets.flatMap((t) => metricNames(t.expr).map(family)) : [],
      ),
    );
    const read = [...new Set(alerts.flatMap((alert) => metricNames(alert.expr).map(family)))].sort();
    // Not vacuous: the alerts read the requests, the cache, the content service, images, the outbox and readiness.
    expect(read.length).toBeGreaterThanOrEqual(12);
    expect(read.filter((metric) => !shown.has(metric))).toEqual([]);
  });

  test("the why row shows every phase of LCP and INP (stacked, p75 by page type and region) and each kind of element", () => {
    const row = dashboard.panels.findIndex((p) => p.type === "row" && p.title.startsWith("Field speed: why"));
    expect(row).toBeGreaterThan(0);
    const next = dashboard.panels.findIndex((p, i) => i > row && p.type === "row");
    const panels = dashboard.panels.slice(row + 1, next) as {
      type: string;
      targets: { refId: string; expr: string }[];
      options?: { stacking?: string };
    }[];
    const queried = (metric: string) => panels.filter((p) => p.targets.some((t) => t.expr.includes(metric)));
    for (const [histogram, phases] of [
      [WHY_HISTOGRAMS.lcp.name, LCP_PHASES],
      [WHY_HISTOGRAMS.inp.name, INP_PHASES],
    ] as const) {
      const [panel] = queried(`${histogram}_bucket`);
      expect({ histogram, type: panel?.type, stacking: panel?.options?.stacking }).toEqual({
        histogram,
        type: "barchart",
        stacking: "normal",
      });
      // One query per phase, each a p75 by page type and region.
      expect(panel.targets.map((t) => t.refId)).toEqual([...phases]);
      for (const target of panel.targets) {
        expect(target.expr).toContain(`phase="${target.refId}"`);
        expect(target.expr).toContain("histogram_quantile(0.75, sum by (page_type, region, le)");
      }
    }
    for (const { name } of Object.values(WHY_COUNTERS))
      expect({ name, panels: queried(name).length }).toEqual({ name, panels: 1 });
  });
});
