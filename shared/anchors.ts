/**
 * Anchor ids of headings in running text, so a URL like `/info/blog/x#our-advice` (or an
 * in-page link `#our-advice`) has something to scroll to: the text lower-cased,
 * accent-stripped, each run of other characters one hyphen. Repeats in one field get `-2`, `-3`.
 */
export function anchorId(text: string): string {
  const hyphenated = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, "-");
  // Stryker disable next-line Regex: the line above leaves at most one hyphen at each end, so -+ and - match the same
  return hyphenated.replace(/^-+|-+$/g, "");
}

/**
 * Ids the page uses itself, which a heading must never take (docs/behaviour.md section 2.5): a
 * heading "Router hydration" ahead of the hydration data's script element once took its id.
 * The shell's and the layout's (server/render/htmlShell.ts, server/tags/tagHead.ts,
 * views/layouts/SiteLayout.tsx), those the browser's scripts add (consent dialog and notice,
 * the development overlay), and the page parts' own names for their elements (a request form's
 * and the newsletter form's default anchors, the privacy choices). `test/headingIds.test.ts`
 * checks that every id the demo site's pages carry, besides headings', is among them.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  "root",
  "main",
  "router-hydration",
  "site-config",
  "usercentrics-cmp",
  "consent-dialog-title",
  "consent-dialog-text",
  "consent-signal",
  "consent-notice-title",
  "dev-build-error",
  "signup-form",
  "request-visit",
  "request-consultation",
  "request-samples",
  "request-quote",
  "choice-marketing",
  "choice-marketing-text",
  "choice-necessary",
  "choice-necessary-text",
  "choice-functional",
  "choice-functional-text",
]);

/**
 * Families of the page's own ids: the samples page's checkboxes (`sample-0`, `sample-1`, …,
 * views/pages/SamplesPage.tsx), and the request forms' and their fields'
 * (`request-quote-form`, `signup-visit-form-email-hint`, views/parts/requestForm/fields.tsx),
 * none of which ends in `-` and a number, so that a heading's `-2` is never one of them.
 */
const RESERVED_PATTERNS = [/^sample-\d+$/, /^(?:request|signup)-[a-z]+-form(?:-[a-z0-9-]+)?$(?<!-\d+)/];

const reserved = (id: string) => RESERVED_IDS.has(id) || RESERVED_PATTERNS.some((pattern) => pattern.test(id));

/**
 * Hands out unique anchor ids for one block of text, in document order: never one handed out
 * already, never a reserved one (those get the next free `-2`, `-3`, …).
 */
export function anchorIds(): (text: string) => string | undefined {
  const used = new Set<string>();
  return (text) => {
    const base = anchorId(text);
    if (!base) return undefined;
    let id = base;
    for (let n = 2; used.has(id) || reserved(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/**
 * A slice's anchor from the editor's `anchor` field (the request and Klaviyo forms), or the
 * slice's own default when it is empty or an id the page uses itself (docs/behaviour.md section
 * 2.5): an anchor "router-hydration" or "main" would name two elements, as a heading once did.
 */
export function sliceAnchor(anchor: string | null | undefined, fallback: string): string {
  const chosen = anchor?.trim();
  return chosen && !reserved(chosen) ? chosen : fallback;
}
