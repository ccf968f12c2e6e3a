/** One formatter per language: creating an Intl.DateTimeFormat is costly (on a phone, a list of articles took 50 ms of the wake to hydrate). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `language`, made once (client/appRuntime.ts makes the page's while idle). */
export function formatterFor(language: string): Intl.DateTimeFormat {
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
