/**
 * What the first interaction costs under a phone profile (slow 4G, CPU 4× slower), measured by
 * `npm run bench:wake` (scripts/wakeBench.mjs): one run here, printed, with only a loose bound
 * (the machine running the tests is shared and its timings vary); the benchmark gives medians.
 */
import { measureWake, PHONE_PROFILE } from "../../scripts/wakeBench.mjs";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();
jest.setTimeout(90_000);

test("on a phone, the home page's app hydrates within seconds of the first key press, without a task that freezes the page", async () => {
  const result = await measureWake(suite.browser, `${suite.server.url}/`, PHONE_PROFILE);
  console.log(`wake on / (slow 4G, CPU ${PHONE_PROFILE.cpuSlowdown}×): ${JSON.stringify(result)}`);
  expect(result.wakeToHydratedMs).toBeGreaterThan(0);
  expect(result.wakeToHydratedMs).toBeLessThan(5000);
  expect(result.longestTaskMs).toBeLessThan(2000);
});
