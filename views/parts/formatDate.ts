/** A Prismic date (YYYY-MM-DD) in the region's style: "14 March 2025" in gb, "March 14, 2025" in us. */
export function formatDate(date: string | null | undefined, language: string): string | null {
  if (!date) return null;
  const parsed = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(parsed);
}
