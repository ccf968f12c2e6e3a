/**
 * deploy/nginx/nginx.conf in front of a stand-in instance: the field speed reports' endpoint
 * (POST /api/vitals) is limited per client for every spelling of its path the app would answer
 * (case, a trailing slash, merged slashes, percent-encoding) to about one report per page view,
 * and for the whole site by a global zone; a body past 4 KB is refused by nginx before it reaches
 * an instance.
 */
import { startNginxBeforeStandIn, type Nginx } from "./support/siteCluster";

let nginx: Nginx;
const reached: string[] = [];

beforeAll(async () => {
  nginx = await startNginxBeforeStandIn((req, res) => {
    reached.push(req.url!);
    req.resume();
    req.on("end", () => res.writeHead(204, { "cache-control": "no-store" }).end());
  });
});
afterAll(async () => {
  await nginx?.stop();
});

const post = (target: string, ip: string, body = '{"page":"index"}') =>
  fetch(`${nginx.url}${target}`, {
    method: "POST",
    headers: { "content-type": "text/plain", "x-forwarded-for": ip },
    body,
  }).then(async (res) => {
    await res.arrayBuffer();
    return { status: res.status, cookie: res.headers.get("set-cookie") };
  });

const SPELLINGS = [
  "/api/vitals",
  "/API/vitals",
  "/Api/Vitals",
  "/api/vitals/",
  "/API/VITALS/",
  "//api//vitals",
  "/api/vit%61ls",
  "/%41pi/vitals/",
];
/** nginx.conf's burst and rate (a minute) for the endpoint's zone per client, and its global zone's. */
const BURST = 10;
const PER_MINUTE = 6;
const GLOBAL_BURST = 400;
const GLOBAL_PER_SECOND = 200;

test("the per-client limit holds for every spelling of /api/vitals", async () => {
  const accepted: Record<string, number> = {};
  const tooMany: string[] = [];
  for (const [n, spelling] of SPELLINGS.entries()) {
    const started = Date.now();
    const statuses: number[] = [];
    // One client of its own per spelling, sending three times the burst, 8 at a time.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < BURST * 3) statuses.push((await post(spelling, `198.20.${n}.1`)).status);
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    accepted[spelling] = statuses.filter((s) => s === 204).length;
    if (accepted[spelling] > BURST + Math.ceil((seconds * PER_MINUTE) / 60) + 1)
      tooMany.push(`${spelling}: ${accepted[spelling]}`);
  }
  console.log(
    `/api/vitals: reports accepted of ${BURST * 3} from one address, by spelling: ${JSON.stringify(accepted)}`,
  );
  expect(tooMany).toEqual([]);
}, 60_000);

test("a body of 70 KB is refused by nginx (413) for every spelling, without a cookie and without reaching an instance", async () => {
  reached.length = 0;
  const big = JSON.stringify({ page: "index", pad: "x".repeat(70 * 1024) });
  for (const [n, spelling] of SPELLINGS.entries()) {
    const { status, cookie } = await post(spelling, `198.21.${n}.1`, big);
    expect({ spelling, status }).toEqual({ spelling, status: 413 });
    expect(cookie).toBeNull();
  }
  expect(reached).toEqual([]);
});

test("the global zone bounds what many addresses together get through", async () => {
  const total = 1_600;
  const statuses: number[] = [];
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let n = next++; n < total; n = next++)
        statuses.push((await post("/api/vitals", `10.${(n >> 8) & 255}.${n & 255}.9`)).status);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const accepted = statuses.filter((s) => s === 204).length;
  console.log(
    `/api/vitals: ${accepted} of ${total} reports from ${total} addresses through in ${seconds.toFixed(2)} s`,
  );
  expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
  expect(accepted).toBeLessThanOrEqual(GLOBAL_BURST + Math.ceil(seconds * GLOBAL_PER_SECOND) + 1);
}, 60_000);
