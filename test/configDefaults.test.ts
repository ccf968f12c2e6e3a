/**
 * The defaults an operator relies on when a variable is not set (docs/configuration.md, and the
 * constants of docs/behaviour.md section 8): a content request gives up after 4 s, the master ref
 * is read again every 5 s, and pages check for a newer build every 10 minutes.
 */
import { loadConfig } from "../server/config";
import { ROOT } from "./support/testApp";

test("without settings: content timeout 4 s, master ref re-read every 5 s, new-build check every 10 min", () => {
  const config = loadConfig({}, ROOT);
  expect({
    timeout: config.CONTENT_TIMEOUT_MS,
    refTtl: config.CONTENT_REF_TTL_MS,
    buildCheck: config.BUILD_CHECK_INTERVAL_MS,
  }).toEqual({ timeout: 4_000, refTtl: 5_000, buildCheck: 600_000 });
});
