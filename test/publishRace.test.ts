/**
 * No race with a slower instance (docs/operations.md, "Edge caching and purges", the race rule):
 * two instances of the built server read one repository (the Prismic stand-in over HTTP); a
 * publish's webhook reaches only the first, which purges the edge; the edge's very next request
 * goes to the second, which has not re-read the master ref yet (CONTENT_REF_TTL_MS is a minute
 * here) and still holds the old page. It must not hand the edge the old page with the day-long
 * lifetime: its answer is the new page, or the old one with the short header.
 */
import { startBuiltServer, type RunningServer } from "./support/builtServer";
import {
  type FastlyStandIn,
  STAND_IN_FASTLY_TOKEN,
  STAND_IN_SERVICE,
  startFastlyStandIn,
} from "./support/fastlyStandIn";
import { type PrismicHttpStandIn, startPrismicHttpStandIn } from "./support/prismicHttpStandIn";
import { demoWithHomeHeading } from "./support/publish";
import { until } from "./support/waitFor";

const SECRET = "a-webhook-secret-of-some-length";
const LONG = "public, max-age=0, s-maxage=86400, stale-if-error=86400";
const NEW_HEADING = "Kitchens made after the publish";

let prismic: PrismicHttpStandIn;
let fastly: FastlyStandIn;
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  [prismic, fastly] = await Promise.all([startPrismicHttpStandIn(), startFastlyStandIn()]);
  const env = {
    PRISMIC_REPOSITORY: "race-test",
    PRISMIC_API_ENDPOINT: prismic.endpoint,
    // The second instance must not see the publish through its own re-read during the test.
    CONTENT_REF_TTL_MS: "60000",
    PRISMIC_WEBHOOK_SECRET: SECRET,
    EDGE_PURGER: "fastly",
    FASTLY_API_URL: fastly.apiUrl,
    FASTLY_SERVICE_ID: STAND_IN_SERVICE,
    FASTLY_API_TOKEN: STAND_IN_FASTLY_TOKEN,
    RENDER_BUDGET_PER_MINUTE: "0",
  };
  [first, second] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await Promise.all([prismic?.close(), fastly?.close()]);
});

const get = async (server: RunningServer, path = "/") => {
  const response = await fetch(server.url + path, { headers: { "accept-language": "en-GB" } });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.text() };
};

test("the instance the webhook did not reach never gives the edge the old page for a day", async () => {
  // Both instances have the home page, at the old ref, with the long lifetime.
  for (const server of [first, second]) {
    const before = await get(server);
    expect(before.status).toBe(200);
    expect(before.cacheControl).toBe(LONG);
    expect(before.body).not.toContain(NEW_HEADING);
  }

  prismic.publish(demoWithHomeHeading(NEW_HEADING));
  const home = prismic.repository().documents.find((doc) => doc.type === "home" && doc.lang === "en-gb")!;
  const hook = await fetch(`${first.url}/api/prismic-webhook`, {
    method: "POST",
    headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", documents: [home.id], masks: {}, releases: {} }),
  });
  expect(hook.status).toBe(200);
  await until("the edge was purged", () => fastly.purgedKeys().includes(`d-${home.id}`));

  // The edge refetches the purged page from the instance that has not seen the publish: it reads
  // the master ref before it answers, so it answers the new page, at once, for the edge to keep.
  const after = await get(second);
  expect(after.status).toBe(200);
  const oldPageKeptForADay = !after.body.includes(NEW_HEADING) && after.cacheControl === LONG;
  expect({ oldPageKeptForADay, newPage: after.body.includes(NEW_HEADING), cacheControl: after.cacheControl }).toEqual({
    oldPageKeptForADay: false,
    newPage: true,
    cacheControl: LONG,
  });
}, 60_000);
