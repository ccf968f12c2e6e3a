import type { ReactNode } from "react";
import type { FeatureGridSliceDefaultItem } from "../../../shared/prismicio-types";

/** The icon names the model's Select offers (model.json): each must have a drawing below. */
export type FeatureIconName = NonNullable<FeatureGridSliceDefaultItem["icon"]>;

/** Line drawings on a 24 px grid, stroked in the text colour (styled in slices-a.css). */
const PATHS: Record<FeatureIconName, ReactNode> = {
  ruler: (
    <>
      <rect x="2.5" y="8" width="19" height="8" rx="1" />
      <path d="M6.5 8v3M10.5 8v4.5M14.5 8v3M18.5 8v4.5" />
    </>
  ),
  dovetail: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="1" />
      <path d="M3 10h3.5L5 15h6l-1.5-5h5L13 15h6l-1.5-5H21" />
    </>
  ),
  leaf: <path d="M5 19C5 10 10.5 4.5 20 4.5 20 14 14.5 19 5 19Zm0 0 8.5-8.5" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  pound: <path d="M16.5 7.5a3.5 3.5 0 0 0-7 .5v5c0 2.5-.8 4-2.5 5h11M7 12.5h7" />,
  truck: (
    <>
      <path d="M2.5 6h11v10h-11zM13.5 9.5h4l3 3.5v3h-7" />
      <circle cx="6.5" cy="17.5" r="1.75" />
      <circle cx="17" cy="17.5" r="1.75" />
    </>
  ),
};

/** Every icon, in the model's order. */
export const FEATURE_ICONS = Object.keys(PATHS) as FeatureIconName[];

/** Whether a Select value names one of our icons. */
export function isFeatureIcon(name: unknown): name is FeatureIconName {
  return typeof name === "string" && Object.hasOwn(PATHS, name);
}

/** A decorative line icon; an unknown or empty name draws nothing. */
export function FeatureIcon({ name }: { name: string | null | undefined }) {
  if (!isFeatureIcon(name)) return null;
  return (
    <svg
      className="feature-grid__icon"
      viewBox="0 0 24 24"
      width="36"
      height="36"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {PATHS[name]}
    </svg>
  );
}
