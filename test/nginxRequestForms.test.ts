/**
 * deploy/nginx/nginx.conf in front of a stand-in instance: visitors' request forms' posts
 * (docs/requests.md, "Checks, in order") are bounded for every client together as well as per
 * client, so a flood from many addresses, each under its own rate, meets nginx's 429 and never
 * reaches an instance; the forms' pages (GET) at the same paths are never counted.
 */
import { startNginxBeforeStandIn, type Nginx } from "./support/siteCluster";

let nginx: Nginx;
let reached = 0;

beforeAll(async () => {
  nginx = await startNginxBeforeStandIn((req, res) => {
    reached++;
    req.resume();
    req.on("end", () => res.writeHead(303, { location: "/requests/quote/sent", "cache-control": "no-store" }).end());
  });
});
afterAll(async () => {
  await nginx?.stop();
});

/** nginx.conf's global zone for the forms' posts: its burst and rate (a second). */
const GLOBAL_BURST = 50;
const GLOBAL_PER_SECOND = 10;

const post = (ip: string) =>
  fetch(`${nginx.url}/requests/quote`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: "name=x",
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

test("posts from 400 addresses, one each: the global zone lets its burst and rate through, the rest 429 at nginx", async () => {
  const total = 400;
  const statuses: number[] = [];
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let n = next++; n < total; n = next++) statuses.push(await post(`10.7.${(n >> 8) & 255}.${n & 255}`));
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const through = statuses.filter((s) => s === 303).length;
  console.log(
    `/requests/quote: ${through} of ${total} posts from ${total} addresses through in ${seconds.toFixed(2)} s`,
  );
  expect(statuses.filter((s) => s !== 303 && s !== 429)).toEqual([]);
  expect(through).toBeGreaterThanOrEqual(GLOBAL_BURST);
  expect(through).toBeLessThanOrEqual(GLOBAL_BURST + Math.ceil(seconds * GLOBAL_PER_SECOND) + 1);
  expect(reached).toBe(through);
}, 60_000);

test("the forms' pages at the same paths are not counted: GETs pass while posts are refused", async () => {
  const before = reached;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${nginx.url}/requests/quote`, {
      redirect: "manual",
      headers: { "x-forwarded-for": `10.8.0.${i}` },
    });
    await res.arrayBuffer();
    expect(res.status).not.toBe(429);
  }
  expect(reached - before).toBeGreaterThan(0);
});
