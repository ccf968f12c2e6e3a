/**
 * Settings that look like ours but are not (docs/configuration.md): a variable with one of our
 * prefixes that no setting has, such as `PRISMIC_REPOSITRY`, would otherwise be ignored without a
 * word. Each is named with the closest known setting, so a typo is one look away.
 */

/** The prefixes of our settings: a variable with one of these that no setting has is probably a typo. */
const PREFIXES = [
  "PRISMIC_",
  "META_",
  "OUTBOX_",
  "REQUESTS_",
  "KLAVIYO_",
  "TRACKING_",
  "HTTP_",
  "SHUTDOWN_",
  "RENDER_BUDGET_",
  "MEDIA_",
  "SLICE_",
  "GTM_",
  "USERCENTRICS_",
  "US_CONSENT",
  "REVIEWS_",
  "PRIVACY_",
  "BUILD_",
  "CONTENT_",
  "METRICS_",
  "FIRESTORE_",
  "SITE_",
  "PAGE_CACHE_",
  "LOG_",
  "EMBEDDED_",
  "EDGE_",
  "CLOUDFLARE_",
  "FASTLY_",
];

/** Variables of the project's scripts and tools that the server may find in its environment: not typos. */
const TOOL_VARIABLES = new Set([
  "PRISMIC_LOOPBACK_ORIGIN", // the scale test's preload (scripts/scaleTest/prismicOnLoopback.mjs)
  "SLICE_MACHINE_HOST", // npm run slicemachine
  "SITE_DIR", // npm run bench:publish
]);

/** A name without our prefixes is a typo of ours only this long or longer (and two letters off at most). */
const TYPO_MIN_LENGTH = 10;

/** Edit distance (insertions, deletions, substitutions) between two names. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The setting nearest `name` (the first of equals) and its distance, among those whose length is within `maxLengthGap` of it. */
function closestOf(
  name: string,
  names: Iterable<string>,
  maxLengthGap: number,
): { closest: string; off: number } | undefined {
  let best: { closest: string; off: number } | undefined;
  for (const known of names) {
    if (Math.abs(known.length - name.length) > maxLengthGap) continue;
    const off = distance(name, known);
    if (!best || off < best.off) best = { closest: known, off };
  }
  return best;
}

/**
 * One line per unknown variable of `env` that is close to a setting's name (a typo), naming that
 * setting: with a prefix of ours, a few letters off; without one, a long name two letters off.
 * Variables far from every setting are other software's (`REQUESTS_CA_BUNDLE` is Python's) and
 * are left alone.
 */
export function unknownSettings(env: Record<string, string | undefined>, known: readonly string[]): string[] {
  const names = new Set(known);
  return Object.keys(env)
    .filter((name) => !names.has(name) && !TOOL_VARIABLES.has(name))
    .sort()
    .flatMap((name) => {
      const ours = PREFIXES.some((prefix) => name.startsWith(prefix));
      // Most of an environment is other software's: without our prefix, only a long name whose
      // length is within two of a setting's is measured at all (a start reads every variable).
      if (!ours && name.length < TYPO_MIN_LENGTH) return [];
      const nearest = closestOf(name, names, ours ? Number.POSITIVE_INFINITY : 2);
      if (nearest === undefined) return [];
      const { closest, off } = nearest;
      // A typo: a few letters off, or a name cut short or run on (`REQUESTS_WEBHOOK`). A name
      // without our prefix (`CONTNET_REF_TTL_MS`, the typo in the prefix itself; long, above) only
      // when at most two letters off: short names (HOME, HOST, PATH) are other software's.
      const near = ours
        ? off <= Math.max(2, Math.floor(name.length / 5)) ||
          closest.startsWith(`${name}_`) ||
          name.startsWith(`${closest}_`)
        : off <= 2;
      return near ? [`${name} is not a setting of this site: did you mean ${closest}? (docs/configuration.md)`] : [];
    });
}
