/**
 * Which pages carry the email-marketing (Klaviyo) embed (spec §2.4): the `klaviyo_embed` flag of
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
  return !(Array.isArray(value) && value.length === 0);
}

/** An embed field (oEmbed) served by Klaviyo. */
function isKlaviyoEmbed(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const embed = value as { provider_name?: unknown; embed_url?: unknown };
  return (
    (typeof embed.provider_name === "string" && KLAVIYO.test(embed.provider_name)) ||
    (typeof embed.embed_url === "string" && /^https:\/\/([\w-]+\.)*klaviyo\.com\//i.test(embed.embed_url))
  );
}

function fieldsEmbedKlaviyo(fields: unknown): boolean {
  if (!fields || typeof fields !== "object") return false;
  return Object.entries(fields as Fields).some(([key, value]) => (KLAVIYO.test(key) && isFilled(value)) || isKlaviyoEmbed(value));
}

function sliceEmbedsKlaviyo(slice: SliceLike | null | undefined): boolean {
  if (!slice || typeof slice !== "object") return false;
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
