import { SCRIPT_SLOT_ATTRIBUTE, type ScriptSlotKind } from "../../shared/scriptSlot";

/** Empty, and declared as set by hand: React neither hydrates nor replaces what a vendor's script wrote into it. */
const LEFT_TO_THE_VENDOR = { __html: "" };

/**
 * Where a page or slice wants a third-party widget: the browser loads that widget's script
 * (REVIEWS_WIDGET_SRC, PRIVACY_POLICY_SCRIPT_SRC) once such a slot is on the page and consent
 * allows it (client/pageScripts.ts), from the page's start; the vendor's script renders into
 * it, before or after the app wakes, and React leaves that markup alone (no hydration
 * mismatch, nothing undone on a re-render). `data` becomes `data-*` attributes: the widget's
 * settings, such as the product it shows reviews of.
 */
export function ScriptSlot({
  kind,
  id,
  className,
  data,
}: {
  kind: ScriptSlotKind;
  id?: string;
  className?: string;
  data?: Record<string, string>;
}) {
  const attributes: Record<string, string> = { [SCRIPT_SLOT_ATTRIBUTE]: kind };
  for (const [name, value] of Object.entries(data ?? {})) attributes[`data-${name}`] = value;
  return (
    <div
      className={`script-slot script-slot--${kind}${className ? ` ${className}` : ""}`}
      id={id}
      {...attributes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React leaves alone what the vendor's script puts here
      dangerouslySetInnerHTML={LEFT_TO_THE_VENDOR}
      suppressHydrationWarning
    />
  );
}
