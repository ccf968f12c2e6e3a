/** One formatter per language: making an Intl.DateTimeFormat costs far more than using one (a twentieth of an article's render). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** A Prismic date (YYYY-MM-DD) in the region's style: "14 March 2025" in gb, "March 14, 2025" in us. */
export function formatDate(date: string | null | undefined, language: string): string | null {
  if (!date) return null;
  const parsed = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return null;
  return formatterFor(language).format(parsed);
}
