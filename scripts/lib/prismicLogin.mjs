/**
 * Whether Slice Machine has a Prismic login on this machine, as its auth manager
 * (@slicemachine/manager's PrismicAuthManager) decides before asking Prismic: the `prismic-auth`
 * and `SESSION` cookies in `~/.prismic`, kept as one cookie string or as an object. Without them,
 * four calls Slice Machine's page makes on each load answer 500, which `npm run slicemachine` says
 * at start (docs/prismic.md). Read only: no network, nothing written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** True when `home`'s `.prismic` holds a Prismic login. */
export function hasPrismicLogin(home = os.homedir()) {
  let cookies;
  try {
    cookies = JSON.parse(fs.readFileSync(path.join(home, ".prismic"), "utf8"))?.cookies;
  } catch {
    return false;
  }
  if (typeof cookies === "string")
    cookies = Object.fromEntries(cookies.split(";").map((pair) => pair.trim().split(/=(.*)/s, 2)));
  return Boolean(cookies?.["prismic-auth"] && cookies?.SESSION);
}
