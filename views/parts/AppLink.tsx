import type { ReactNode } from "react";
import { Link } from "react-router";

interface Props {
  to: string;
  className?: string;
  rel?: string;
  "aria-label"?: string;
  "aria-current"?: "page";
  children: ReactNode;
}

/** Rendering on the server (the browser has a document): no click to handle there. */
const ON_SERVER = typeof document === "undefined";
/** A path `<Link>` would give back as it is: root-relative, no `//`, no `.` or `..` segment, no backslash. */
const PLAIN_PATH = /^\/(?![/\\])(?![^?#]*(?:\/\.\.?(?:[/?#]|$)|\/\/|\\))/;

/**
 * A link within the site: react-router's `<Link>` (client-side navigation once the app wakes).
 * On the server, where a `<Link>` only works out the same href and attributes through half a
 * dozen hooks per link (a twelfth of a render: decision record 019), the same `<a>` is written directly,
 * attribute for attribute, for a plain path; the browser hydrates it as a `<Link>`.
 */
export function AppLink(props: Props) {
  if (ON_SERVER && PLAIN_PATH.test(props.to)) {
    const { to, ...rest } = props;
    return <a {...rest} href={to} data-discover="true" />;
  }
  const { to, ...rest } = props;
  return <Link to={to} {...rest} />;
}
