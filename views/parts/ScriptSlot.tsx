import { SCRIPT_SLOT_ATTRIBUTE, type ScriptSlotKind } from "../../shared/scriptSlot";

/**
 * Where a page or slice wants a third-party widget: the browser loads that widget's script
 * (REVIEWS_WIDGET_SRC, PRIVACY_POLICY_SCRIPT_SRC) once such a slot is on the page and consent
 * allows it (client/pageScripts.ts); the vendor's script renders into it.
 */
export function ScriptSlot({ kind, id }: { kind: ScriptSlotKind; id?: string }) {
  return <div className={`script-slot script-slot--${kind}`} id={id} {...{ [SCRIPT_SLOT_ATTRIBUTE]: kind }} />;
}
