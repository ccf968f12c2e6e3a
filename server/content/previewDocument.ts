/**
 * Preview resolve (docs/behaviour.md section 3.4): the document `documentId` read with the preview token as the ref
 * and `lang: "*"`. Unlike `client.getByID` (or `client.resolvePreviewURL`, which calls it), this
 * tells an invalid or expired token apart: the client would quietly retry at the master ref and
 * return the published document, and /preview would then set a cookie that previews nothing.
 * So the query URL is built by the client (endpoint, access token, integration fields) and sent
 * once through the client's own transport (timeouts, rate limits), without the ref retry.
 */
import * as prismic from "@prismicio/client";
import { ContentUnavailableError } from "./contentErrors";

export type PreviewDocument =
  /** The token reads content: the document at it, or null when there is none with that id. */
  | { valid: true; document: prismic.PrismicDocument | null }
  /** The content service does not know the token (never was, or expired): nothing to preview. */
  | { valid: false; reason: string };

/** Statuses with which Prismic refuses a ref or token (unknown, malformed, expired, not allowed). */
const REFUSED = new Set([400, 401, 403, 404, 410]);

export async function fetchPreviewDocument(
  client: prismic.Client,
  documentId: string,
  token: string,
): Promise<PreviewDocument> {
  const url = await client.buildQueryURL({
    ref: token,
    lang: "*",
    pageSize: 1,
    filters: [prismic.filter.at("document.id", documentId)],
  });
  const response = await client.fetchFn(url, {});
  const body = (await response.json().catch(() => null)) as
    | (Partial<prismic.Query> & { type?: string; message?: string })
    | null;
  if (response.ok && Array.isArray(body?.results)) return { valid: true, document: body.results[0] ?? null };
  if (REFUSED.has(response.status)) {
    const kind = body?.type ? `${body.type}: ` : "";
    return { valid: false, reason: `${response.status} ${kind}${body?.message ?? "refused"}` };
  }
  throw new ContentUnavailableError(`The content service answered ${response.status} to a preview`);
}
