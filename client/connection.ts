/** Whether the visitor's connection allows speculative downloads (docs/behaviour.md section 2.9). */

type Connection = { saveData?: boolean; effectiveType?: string };

/** Not when the visitor saves data, not on slow-2g or 2g. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !(connection?.saveData || connection?.effectiveType === "slow-2g" || connection?.effectiveType === "2g");
}
