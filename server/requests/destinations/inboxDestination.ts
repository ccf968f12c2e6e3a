/**
 * The local inbox (docs/requests.md, "The inbox"): the embedded default's destination, so a site
 * run without a CRM or Klaviyo still keeps every request where someone can read it. Each request
 * is one pretty-printed JSON file in the inbox folder (under DATA_DIR), named
 * `<received at, ISO 8601 with ":" as "-">-<kind>-<id>.json` so a listing sorts by time:
 *
 *     2025-03-04T09-15-00.000Z-quote-0b6f…-….json
 *
 * holding what the webhook sends (server/requests/destinations/webhookDestination.ts, `webhookBody`).
 *
 * Durable before it counts as delivered: the file is written to a temporary name in the same
 * folder, flushed to disk (fsync), renamed over its final name, and the folder flushed too, so a
 * crash leaves either the whole file or none (a leftover `.tmp` is never a request). Writing the
 * same request again replaces the same file: a retry is never a second copy. The folder is
 * created when missing (readable by its owner and group only, as each file is). Any failure to write (a full disk, a folder that cannot be made) is worth
 * another attempt: nothing a retry cannot fix is the request's own fault.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { NewVisitorRequest } from "../requestStore";
import type { RequestDestinationSender, SendResult } from "./destination";
import { webhookBody } from "./webhookDestination";

export interface InboxSettings {
  /** The inbox folder (`<DATA_DIR>/inbox` by default, chosen by the caller). */
  dir: string;
}

/** A request's file name in the inbox. Ids are UUIDs; anything else that could leave the folder is refused. */
export function inboxFileName(request: NewVisitorRequest): string {
  if (!/^[A-Za-z0-9-]{1,100}$/.test(request.id)) throw new Error("the request's id is not a UUID");
  const at = new Date(request.receivedAt).toISOString().replaceAll(":", "-");
  return `${at}-${request.kind}-${request.id}.json`;
}

/** Writes `text` to `file` durably: a temporary file fsynced, renamed over `file`, the folder fsynced. */
async function writeDurably(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  const temporary = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
  const handle = await fs.open(temporary, "wx", 0o640);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  const folder = await fs.open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

export function createInboxDestination({ dir }: InboxSettings): RequestDestinationSender {
  return {
    name: "inbox",
    async send(request: NewVisitorRequest): Promise<SendResult> {
      let name: string;
      try {
        name = inboxFileName(request);
      } catch (error) {
        return { ok: false, permanent: true, error: (error as Error).message };
      }
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o750 });
        await writeDurably(path.join(dir, name), `${JSON.stringify(webhookBody(request), null, 2)}\n`);
        return { ok: true };
      } catch (error) {
        const { code, message } = error as NodeJS.ErrnoException;
        return { ok: false, permanent: false, error: `could not write to the inbox (${dir}): ${code ?? message}` };
      }
    },
  };
}
