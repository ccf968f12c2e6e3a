/** The `privacy_policy` shared slice (model.json in this folder). */
import type { KeyTextField, LinkField, SharedSlice, SharedSliceVariation } from "@prismicio/client";

export type PrivacyPolicySlicePrimary = {
  /** The policy generator's id of this policy. */
  policy_id: KeyTextField;
  /** Shown instead of the embed where PRIVACY_POLICY_SCRIPT_SRC is not set. */
  fallback_label: KeyTextField;
  fallback_link: LinkField;
};

export type PrivacyPolicySliceDefault = SharedSliceVariation<"default", PrivacyPolicySlicePrimary, never>;

export type PrivacyPolicySlice = SharedSlice<"privacy_policy", PrivacyPolicySliceDefault>;

export interface PrivacyPolicyProps {
  slice: PrivacyPolicySlice;
  index: number;
}
