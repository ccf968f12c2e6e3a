/**
 * Settings of the tracking outbox (docs/configuration.md): where events wait for delivery, how
 * long settled and pending events are kept, and how many may wait. Validated at start-up with the
 * rest of the configuration (server/config.ts), which also checks that a Firestore store names
 * its project.
 */
import { z } from "zod";

export const outboxSettingsShape = {
  /** Where tracking events wait for delivery: the embedded SQLite file under DATA_DIR, or Firestore (firebase-admin). */
  OUTBOX_STORE: z.enum(["sqlite", "firestore"]).default("sqlite"),
  /** Folder of the embedded outbox (`outbox.sqlite`), created when missing. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** Google Cloud project of the Firestore outbox (credentials: GOOGLE_APPLICATION_CREDENTIALS or the runtime's). */
  FIRESTORE_PROJECT_ID: z
    .string()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a Google Cloud project id")
    .optional(),
  /** Settled events (delivered, failed, not_sent) are deleted from the outbox this many hours after settling. */
  OUTBOX_RETENTION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(168),
  /** Pending events older than this many hours are deleted undelivered (Meta refuses events over 7 days old). */
  OUTBOX_PENDING_MAX_AGE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(168),
  /**
   * Events that may wait for delivery (pending, leased; not settled ones); beyond it new tracking
   * events get 503 (and the log and metrics say so). Settled events are also kept to this many.
   */
  OUTBOX_MAX_EVENTS: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
};
