/**
 * The schema of a field report's `why` (shared/vitals/phases.ts; decision record 026): zod's, as
 * written down, and `checkWhy`, the same rules in one pass for the endpoint's fast check
 * (server/observability/vitalsRoute.ts; test/fieldVitalsWhy.test.ts holds them together). `why` is
 * optional, so a report from before it stays valid; a `why` that does not fit its report is
 * refused with it: kinds from each metric's own list, phases of an LCP or INP the report carries,
 * in range, adding up to it.
 */
import { z } from "zod";
import { CLS_SOURCE_KINDS, type ElementKind, INP_CONTROL_KINDS, LCP_ELEMENT_KINDS } from "./elementKinds";
import { INP_PHASES, LCP_PHASES, PHASE_SUM_TOLERANCE, type VitalsWhy } from "./phases";

const phase = z.number().finite().min(0).max(60);
const kindOf = (kinds: readonly ElementKind[]) => z.enum(kinds as [ElementKind, ...ElementKind[]]);
const phasesOf = <P extends string>(names: readonly P[]) =>
  Object.fromEntries(names.map((name) => [name, phase])) as Record<P, typeof phase>;

export const whyShape = z
  .object({
    lcp: z
      .object({ ...phasesOf(LCP_PHASES), kind: kindOf(LCP_ELEMENT_KINDS) })
      .strict()
      .optional(),
    inp: z
      .object({ ...phasesOf(INP_PHASES), kind: kindOf(INP_CONTROL_KINDS) })
      .strict()
      .optional(),
    cls: z
      .object({ kind: kindOf(CLS_SOURCE_KINDS) })
      .strict()
      .optional(),
  })
  .strict();

interface Measured {
  LCP?: number;
  INP?: number;
  CLS?: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Whether a well-formed `why` belongs with these metrics: each part beside its metric, phases adding up to it. */
export function whyFits(why: VitalsWhy, metrics: Measured): boolean {
  if (why.lcp) {
    const lcp = why.lcp;
    if (metrics.LCP === undefined) return false;
    if (Math.abs(sum(LCP_PHASES.map((name) => lcp[name])) - metrics.LCP) > PHASE_SUM_TOLERANCE.lcp) return false;
  }
  if (why.inp) {
    const inp = why.inp;
    if (metrics.INP === undefined) return false;
    if (Math.abs(sum(INP_PHASES.map((name) => inp[name])) - metrics.INP) > PHASE_SUM_TOLERANCE.inp) return false;
  }
  // A source only for a view that shifted.
  if (why.cls && !metrics.CLS) return false;
  return true;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Exactly `names` and `kind`, each phase in range, the kind from `kinds`. */
function fitsPart(value: unknown, names: readonly string[], kinds: readonly ElementKind[]): boolean {
  if (!isRecord(value)) return false;
  let keys = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    keys++;
    const field = value[key];
    if (key === "kind") {
      if (typeof field !== "string" || !kinds.includes(field as ElementKind)) return false;
    } else if (!names.includes(key) || typeof field !== "number" || !Number.isFinite(field) || field < 0 || field > 60)
      return false;
  }
  return keys === names.length + 1;
}

const WHY_PARTS: Record<string, [readonly string[], readonly ElementKind[]]> = {
  lcp: [LCP_PHASES, LCP_ELEMENT_KINDS],
  inp: [INP_PHASES, INP_CONTROL_KINDS],
  cls: [[], CLS_SOURCE_KINDS],
};

/** Whether `whyShape` accepts `value` and it fits `metrics`: the same rules, without zod's cost. */
export function checkWhy(value: unknown, metrics: Measured): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const part = Object.hasOwn(WHY_PARTS, key) ? WHY_PARTS[key] : undefined;
    if (!part || !fitsPart(value[key], part[0], part[1])) return false;
  }
  return whyFits(value as VitalsWhy, metrics);
}
