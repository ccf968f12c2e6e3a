/**
 * Writes deploy/kubernetes/monitoring/prometheusrule.yaml from deploy/prometheus/alerts.yaml, so
 * the Prometheus Operator gets exactly the rules that promtool tests: `node scripts/ops/prometheusRule.mjs`
 * after editing the rules (test/prometheusRules.test.ts fails while the two differ).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const rules = parse(fs.readFileSync(path.join(root, "deploy/prometheus/alerts.yaml"), "utf8"));
const header = `# Generated from deploy/prometheus/alerts.yaml by \`node scripts/ops/prometheusRule.mjs\`: edit the
# rules there (docs/operations.md says what each one means), never here. Many installs load only
# rules carrying a label of their Prometheus release (e.g. release: kube-prometheus-stack): add it
# to metadata.labels here with kustomize (a \`labels\` entry in kustomization.yaml) rather than by hand.
`;
const manifest = {
  apiVersion: "monitoring.coreos.com/v1",
  kind: "PrometheusRule",
  metadata: {
    name: "site",
    labels: { "app.kubernetes.io/name": "site" },
  },
  spec: { groups: rules.groups },
};
fs.writeFileSync(
  path.join(root, "deploy/kubernetes/monitoring/prometheusrule.yaml"),
  header + stringify(manifest, { lineWidth: 0 }),
);
