import { POLICY_ID, validId } from "../../../shared/widgetSettings";
import { ScriptSlot } from "../../parts/ScriptSlot";
import { SiteLink } from "../../parts/SiteLink";
import { useLinkResolver, useLocale } from "../../siteData";
import { useSiteFeatures } from "../../siteFeatures";
import type { PrivacyPolicySlice } from "../../../shared/prismicio-types";

/** The view's props: the slice as Prismic delivers it (types generated from model.json) and its position in the zone. */
export type PrivacyPolicyProps = {
  slice: PrivacyPolicySlice;
  /** Position in the slice zone: the first slice owns the page's h1 (and its main image). */
  index: number;
};

/**
 * The privacy policy from the policy generator (PRIVACY_POLICY_SCRIPT_SRC), embedded where an
 * editor places it: the slot its script fills (client/pageScripts.ts; necessary, so without
 * waiting for consent), at the reading measure. Without the setting or a valid policy id, a
 * quiet link to the policy when the editor gave one, else nothing.
 */
export default function PrivacyPolicy({ slice }: PrivacyPolicyProps) {
  const { privacyPolicy } = useSiteFeatures();
  const resolve = useLinkResolver();
  const { language } = useLocale();
  const { policy_id, fallback_label, fallback_link } = slice.primary;
  const policyId = privacyPolicy ? validId(policy_id, POLICY_ID) : null;
  const fallbackHref = !policyId && fallback_label ? resolve(fallback_link) : null;
  if (!policyId && !fallbackHref) return null;
  return (
    <section className="slice privacy-policy" data-slice-type="privacy_policy" data-variation={slice.variation}>
      {policyId ? (
        <ScriptSlot
          kind="privacy-policy"
          className="privacy-policy__embed"
          data={{ "policy-id": policyId, "policy-lang": language }}
        />
      ) : (
        <p className="privacy-policy__fallback">
          <SiteLink href={fallbackHref!}>{fallback_label}</SiteLink>
        </p>
      )}
    </section>
  );
}
