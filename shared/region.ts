import { localeFromPath } from "./locales";

/** Tracking region (docs/behaviour.md section 1.1): `us` when the path is under the `/us` segment, otherwise `uk`. */
export type Region = "us" | "uk";

export function regionFromPath(pathname: string): Region {
  return localeFromPath(pathname).code === "us" ? "us" : "uk";
}
