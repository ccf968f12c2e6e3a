/**
 * Validates Kubernetes manifests against the API's OpenAPI schema, through `kubernetes-models`
 * (one class per apiVersion and kind, each with the schema's validate()). ESM-only, so Jest runs
 * it as a child process: `node kubernetesSchema.mjs <file>…` prints one JSON line per document,
 * `{ file, apiVersion, kind, name, error }` (error null when valid).
 */
import fs from "node:fs";
import { parseAllDocuments } from "yaml";

const results = [];
for (const file of process.argv.slice(2)) {
  for (const document of parseAllDocuments(fs.readFileSync(file, "utf8"))) {
    const manifest = document.toJS();
    const { apiVersion, kind } = manifest ?? {};
    const result = { file, apiVersion, kind, name: manifest?.metadata?.name ?? null, error: null };
    try {
      if (document.errors.length) throw new Error(document.errors.map((e) => e.message).join("; "));
      // "apps/v1" → kubernetes-models/apps/v1, "v1" (the core group) → kubernetes-models/v1.
      const models = await import(`kubernetes-models/${apiVersion}`);
      const Model = models[kind];
      if (typeof Model !== "function") throw new Error(`no ${kind} in ${apiVersion}`);
      new Model(manifest).validate();
    } catch (error) {
      result.error = error.message;
    }
    results.push(result);
  }
}
for (const result of results) console.log(JSON.stringify(result));
