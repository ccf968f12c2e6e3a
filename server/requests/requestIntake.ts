/**
 * Taking a request in (docs/requests.md): the form's fields checked with the shared rules, the
 * samples checked against the region's samples page, the robots' traps, then the request stored
 * durably with one delivery per configured destination before anyone is told it was received.
 * What the visitor typed is never logged.
 */
import { randomUUID } from "node:crypto";
import type { Locale } from "../../shared/locales";
import type { Region } from "../../shared/region";
import type { RequestKind } from "../../shared/requests/requestKinds";
import { checkRequest, type FieldError, HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../../shared/requests/requestSchema";
import type { Logger } from "../observability/logger";
import type { RefusalReason, RequestMetrics } from "../observability/metrics/requestMetrics";
import type { RequestDestination, RequestStore } from "./requestStore";

/** Less than this between the form being shown and sent is faster than a person fills it in. */
export const MIN_FILL_MS = 3_000;

export type IntakeOutcome =
  /** Stored: the visitor is told it was received (`id` is its event id). */
  | { status: "accepted"; id: string }
  /** A robot's (the trap was filled): answered as if accepted, nothing stored. */
  | { status: "trapped"; id: string }
  /** The visitor's answers need fixing: every error, each beside its field. */
  | { status: "invalid"; errors: FieldError[]; reason: RefusalReason }
  /** The store could not take it: nothing was received, the visitor is asked to send again. */
  | { status: "unavailable"; errors: FieldError[] };

export interface IntakeDeps {
  store: RequestStore | undefined;
  destinations: readonly RequestDestination[];
  /** The names of the region's sample swatches. */
  sampleNames: (locale: Locale) => Promise<string[]>;
  metrics: RequestMetrics;
  logger: Logger;
  now?: () => number;
}

export interface IntakeInput {
  kind: RequestKind;
  region: Region;
  locale: Locale;
  fields: Record<string, string | string[]>;
  /** The path the form was sent to: where the request came from when the form names no page of the site. */
  path: string;
}

const TOO_FAST: FieldError = {
  field: "form",
  message: "Please check your answers and send the form again.",
};
const UNAVAILABLE: FieldError = {
  field: "form",
  message: "We could not take your request just now. Your answers are still here: please send the form again.",
};

/** The page the form says it was on, when it is a plain path of this site; else the path it was posted to. */
function pageOf(fields: IntakeInput["fields"], fallback: string): string {
  const page = fields.page;
  return typeof page === "string" && /^\/(?![/\\])[\w\-./~%]{0,200}$/.test(page) ? page : fallback;
}

export function createRequestIntake({ store, destinations, sampleNames, metrics, logger, now = Date.now }: IntakeDeps) {
  return async function intake({ kind, region, locale, fields, path }: IntakeInput): Promise<IntakeOutcome> {
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== undefined && trap !== "") {
      metrics.refused(kind, "honeypot");
      return { status: "trapped", id: randomUUID() };
    }
    const shownAt = Number(fields[SHOWN_AT_FIELD]);
    if (Number.isFinite(shownAt) && shownAt > 0 && now() - shownAt < MIN_FILL_MS) {
      metrics.refused(kind, "too_fast");
      return { status: "invalid", errors: [TOO_FAST], reason: "too_fast" };
    }
    const check = checkRequest(kind, region, fields);
    if (!check.ok) {
      metrics.refused(kind, "invalid");
      return { status: "invalid", errors: check.errors, reason: "invalid" };
    }
    if (kind === "samples") {
      const offered = new Set(await sampleNames(locale));
      if (!(check.fields.samples as string[]).every((name) => offered.has(name))) {
        metrics.refused(kind, "unknown_sample");
        return {
          status: "invalid",
          errors: [{ field: "samples", message: "Choose samples from the list" }],
          reason: "unknown_sample",
        };
      }
    }
    if (!store) {
      metrics.refused(kind, "store_unavailable");
      return { status: "unavailable", errors: [UNAVAILABLE] };
    }
    const id = randomUUID();
    try {
      await store.add({
        id,
        kind,
        region,
        fields: check.fields,
        page: pageOf(fields, path),
        receivedAt: now(),
        destinations,
      });
    } catch (error) {
      logger.error({ err: error, kind }, "request store unavailable: request refused, visitor asked to send again");
      metrics.refused(kind, "store_unavailable");
      return { status: "unavailable", errors: [UNAVAILABLE] };
    }
    metrics.accepted(kind);
    logger.info({ request: id, kind, region, destinations }, "request received");
    return { status: "accepted", id };
  };
}

export type RequestIntake = ReturnType<typeof createRequestIntake>;
