/**
 * `npm run prismic:push [-- --dry-run] [-- --prune]`: sends the project's custom types
 * (customtypes/) and shared slices (views/slices/*\/model.json) to a Prismic repository through
 * the Custom Types API (@prismicio/custom-types-client). Every model is validated first, with the
 * content tests' checks; nothing is sent when one fails. Then: missing models are inserted,
 * differing ones updated, equal ones left alone (a second run writes nothing). Remote models with
 * no local one are listed, and deleted only with --prune. --dry-run prints the changes and sends
 * nothing. Slices go before the custom types whose zones offer them; deletions go the other way.
 *
 * Each variation's screenshot (`screenshot-<variation>.png` beside the slice's model, from `npm run
 * slices:screenshots`) becomes its `imageUrl`: uploaded to the repository's media library through
 * the Asset API when it changed (./sliceScreenshots.ts), so the Page Builder shows it.
 *
 * Settings: PRISMIC_REPOSITORY, PRISMIC_WRITE_TOKEN (a write token: the Custom Types and Asset
 * APIs take the same one), and PRISMIC_CUSTOM_TYPES_API / PRISMIC_ASSET_API to use other
 * endpoints than Prismic's.
 */
import { parseArgs } from "node:util";
import { createClient, type CustomTypesClient } from "@prismicio/custom-types-client";
import type { CustomTypeModel as PrismicCustomType, SharedSliceModel as PrismicSlice } from "@prismicio/client";
import { z } from "zod";
import { loadModels } from "../../packages/prismic-stand-in/src/model/loadModels.ts";
import { planKind, type KindPlan, type Model } from "./pushPlan.ts";
import { assetApiUploader, sliceDirs, withScreenshots } from "./sliceScreenshots.ts";

const { values: flags } = parseArgs({
  options: { "dry-run": { type: "boolean", default: false }, prune: { type: "boolean", default: false } },
});

const settings = z
  .object({
    PRISMIC_REPOSITORY: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,62}$/, "a Prismic repository name (lower-case letters, digits and hyphens)"),
    PRISMIC_WRITE_TOKEN: z
      .string()
      .min(1, "a Custom Types API token (the repository's settings, API & Security, Write APIs)"),
    PRISMIC_CUSTOM_TYPES_API: z.url({ protocol: /^https?$/ }).optional(),
    PRISMIC_ASSET_API: z.url({ protocol: /^https?$/ }).default("https://asset-api.prismic.io/"),
  })
  .safeParse(process.env);
if (!settings.success) {
  for (const issue of settings.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
const { PRISMIC_REPOSITORY, PRISMIC_WRITE_TOKEN, PRISMIC_CUSTOM_TYPES_API, PRISMIC_ASSET_API } = settings.data;

const loaded = loadModels(process.cwd());
if (loaded.errors.length) {
  console.error(`Nothing was sent: ${loaded.errors.length} model problem(s):`);
  for (const error of loaded.errors) console.error(`  ${error}`);
  process.exit(1);
}
const customTypes = Object.values(loaded.models.customTypes) as unknown as PrismicCustomType[];
const slices = Object.values(loaded.models.sharedSlices) as unknown as PrismicSlice[];

const client: CustomTypesClient = createClient({
  repositoryName: PRISMIC_REPOSITORY,
  token: PRISMIC_WRITE_TOKEN,
  ...(PRISMIC_CUSTOM_TYPES_API ? { endpoint: PRISMIC_CUSTOM_TYPES_API } : {}),
  fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(30_000) } as RequestInit),
});

const started = performance.now();
try {
  await pushModels();
} catch (error) {
  // A refused request (bad token, invalid model, unknown repository) ends the run with the API's answer, not a stack trace.
  const { message, response } = error as Error & { response?: unknown };
  // The client's error classes keep the generic name "Error": their class says what happened.
  const name = (error as object)?.constructor?.name ?? "Error";
  const detail = typeof response === "string" ? response : response === undefined ? "" : JSON.stringify(response);
  console.error(
    `The Custom Types API refused: ${name}: ${message}${detail && detail !== message ? ` (${detail.slice(0, 500)})` : ""}`,
  );
  process.exit(1);
}

/** Reads the repository's models, reports the plan, and (unless a dry run) applies it. */
async function pushModels() {
  const [remoteTypes, remoteSlices] = await Promise.all([client.getAllCustomTypes(), client.getAllSharedSlices()]);
  const upload = flags["dry-run"]
    ? null
    : assetApiUploader({ endpoint: PRISMIC_ASSET_API, repository: PRISMIC_REPOSITORY, token: PRISMIC_WRITE_TOKEN });
  const slicesWithScreenshots = await withScreenshots(slices, remoteSlices, sliceDirs(process.cwd()), upload, (line) =>
    console.log(line),
  );
  const typePlan = planKind(customTypes, remoteTypes);
  const slicePlan = planKind(slicesWithScreenshots, remoteSlices);
  report("shared slice", slicePlan);
  report("custom type", typePlan);

  let writes = 0;
  if (!flags["dry-run"]) {
    // Slices first: a custom type's zone may only offer slices the repository has.
    for (const slice of slicePlan.insert) writes += await done(client.insertSharedSlice(slice));
    for (const slice of slicePlan.update) writes += await done(client.updateSharedSlice(slice));
    for (const type of typePlan.insert) writes += await done(client.insertCustomType(type));
    for (const type of typePlan.update) writes += await done(client.updateCustomType(type));
    if (flags.prune) {
      for (const id of typePlan.remoteOnly) writes += await done(client.removeCustomType(id));
      for (const id of slicePlan.remoteOnly) writes += await done(client.removeSharedSlice(id));
    }
  }
  const unchanged = typePlan.unchanged.length + slicePlan.unchanged.length;
  const sent = flags["dry-run"] ? "Dry run, nothing sent" : `${writes} write(s)`;
  console.log(
    `${sent} to ${PRISMIC_REPOSITORY}; ${unchanged} model(s) already up to date; ${Math.round(performance.now() - started)} ms.`,
  );
}

/** One request sent: 1 once it has succeeded. */
async function done(request: Promise<unknown>): Promise<number> {
  await request;
  return 1;
}

function report<T extends Model>(kind: string, plan: KindPlan<T>) {
  const verb = flags["dry-run"] ? "would " : "";
  for (const model of plan.insert) console.log(`${verb}insert ${kind} ${model.id}`);
  for (const model of plan.update) console.log(`${verb}update ${kind} ${model.id}`);
  for (const id of plan.remoteOnly)
    console.log(
      flags.prune ? `${verb}delete ${kind} ${id}` : `not in the project (kept; --prune deletes it): ${kind} ${id}`,
    );
}
