/**
 * What Meta receives, byte for byte, for one visitor's events posted to the relay, stored in the
 * outbox and delivered by the worker to the Graph API stand-in (test/support/fakeGraph.ts), and
 * which cookies the relay's answers set, in both regions:
 *   - no Global Privacy Control: the first event with an fbclid writes `_fbc` (the click's time)
 *     and `_fbp`; a later event without one carries the cookie's click unchanged; another click
 *     replaces `_fbc` alone;
 *   - `Sec-GPC: 1` without `gpc_opt_in`: nothing reaches Meta (TRACKING_GPC=drop), or the event
 *     with Limited Data Use (TRACKING_GPC=ldu); never a cookie;
 *   - `Sec-GPC: 1` with `gpc_opt_in: true`: as without the signal.
 * The site is on www.example.co.uk: the cookies' Domain is example.co.uk, subdomainIndex 2.
 */
import express from "express";
import request from "supertest";
import { createLogger } from "../server/observability/logger";
import type { OutboxStore } from "../server/outbox/store";
import { cookieScope } from "../server/tracking/clickCookies";
import type { GpcMode } from "../server/tracking/gpcSignal";
import { createMetaCapiRouter } from "../server/tracking/metaCapiRoute";
import { useDeliveryFixture } from "./support/deliveryFixture";

const f = useDeliveryFixture();

const SITE = "https://www.example.co.uk";
const T = 1_700_000_000_000;
const DAY = 86_400_000;
const CLICK = "IwAR2xYz_AbC-dEf";
const OTHER_CLICK = "IwZXh0bgNhZW0CMTAAAR2";
const LANDING = `${SITE}/gallery?fbclid=${CLICK}`;
const LATER_PAGE = `${SITE}/info/blog`;
const COOKIE_TAIL = "; Max-Age=7776000; Domain=example.co.uk; Path=/; Expires=";
const LDU = ',"data_processing_options":["LDU"],"data_processing_options_country":0,"data_processing_options_state":0';

/** The relay behind one trusted HTTPS proxy, on a clock the test moves. */
function relay(store: OutboxStore, gpc: GpcMode, clock: { now: number }) {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(
    createMetaCapiRouter({
      outbox: store,
      siteUrl: SITE,
      ratePerMinute: 1000,
      logger: createLogger("silent"),
      now: () => clock.now,
      gpc,
      cookies: cookieScope(SITE),
    }),
  );
  return app;
}

interface Visit {
  eventId: string;
  region: "uk" | "us";
  page: string;
  fbclid?: string;
  cookie?: string;
  gpc?: boolean;
  optIn?: boolean;
}

async function post(app: express.Express, visit: Visit) {
  const res = await request(app)
    .post("/api/meta-capi")
    .set({
      Origin: SITE,
      "User-Agent": "Mozilla/5.0 (Test)",
      "X-Forwarded-For": "203.0.113.9",
      "X-Forwarded-Proto": "https",
      ...(visit.cookie ? { Cookie: visit.cookie } : {}),
      ...(visit.gpc ? { "Sec-GPC": "1" } : {}),
    })
    .send({
      event_name: "PageView",
      region: visit.region,
      event_id: visit.eventId,
      ...(visit.fbclid ? { fbclid: visit.fbclid } : {}),
      ...(visit.optIn ? { gpc_opt_in: true } : {}),
      custom_data: { page_url: visit.page, page_title: "Gallery" },
    });
  expect(res.status).toBe(202);
  expect(res.headers["cache-control"]).toBe("no-store");
  return { body: res.body, setCookie: (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [] };
}

/** One worker round; the bodies Meta's stand-in received, as they arrived. */
async function delivered(store: OutboxStore, clock: { now: number }): Promise<string[]> {
  await f.worker(store, { now: () => clock.now }).runOnce();
  return f.fake.requests.splice(0).map((r) => r.raw);
}

/** The request body the worker sends for one PageView: the outbox's event as the relay built it. */
const graphBody = (event: { id: string; at: number; page: string; userData: string; ldu?: boolean }) =>
  `{"data":[{"event_name":"PageView","event_time":${Math.floor(event.at / 1000)},"event_id":"${event.id}",` +
  `"action_source":"website","event_source_url":"${event.page}","user_data":${event.userData},` +
  `"custom_data":{"page_url":"${event.page}","page_title":"Gallery"}${event.ldu ? LDU : ""}}],"access_token":"test-token"}`;
const userData = (ids: { fbp?: string; fbc?: string }) =>
  `{"client_ip_address":"203.0.113.9","client_user_agent":"Mozilla/5.0 (Test)"${ids.fbp ? `,"fbp":"${ids.fbp}"` : ""}${ids.fbc ? `,"fbc":"${ids.fbc}"` : ""}}`;

const cookieValue = (lines: string[], name: string) =>
  lines
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0]
    .slice(name.length + 1);

describe.each(["uk", "us"] as const)("region %s", (region) => {
  const ids = (n: number) => `6f1c2a8e-3b4d-4e5f-9a0b-${region === "uk" ? "1" : "2"}c2d3e4f5a6${n}`;

  test("without Global Privacy Control: the click remembered from the moment it happened", async () => {
    const store = f.openStore();
    const clock = { now: T };
    const app = relay(store, "drop", clock);

    // 1. The landing page's first event: the click's time is now; both cookies are written.
    const first = await post(app, { eventId: ids(1), region, page: LANDING, fbclid: CLICK });
    const fbp = cookieValue(first.setCookie, "_fbp")!;
    expect(fbp).toMatch(new RegExp(`^fb\\.2\\.${T}\\.\\d{1,10}$`));
    const fbc = `fb.2.${T}.${CLICK}`;
    expect(first.setCookie).toEqual([
      expect.stringMatching(
        new RegExp(`^_fbc=${fbc.replaceAll(".", "\\.")}${COOKIE_TAIL}[^;]+; Secure; SameSite=Lax$`),
      ),
      expect.stringMatching(
        new RegExp(`^_fbp=${fbp.replaceAll(".", "\\.")}${COOKIE_TAIL}[^;]+; Secure; SameSite=Lax$`),
      ),
    ]);
    expect(await delivered(store, clock)).toEqual([
      graphBody({ id: ids(1), at: T, page: LANDING, userData: userData({ fbp, fbc }) }),
    ]);
    expect((await store.get(ids(1)))!.region).toBe(region);

    // 2. A minute later, another page without the fbclid: the cookie's click, its time unchanged; nothing written.
    clock.now = T + 60_000;
    const cookie = `_fbc=${fbc}; _fbp=${fbp}`;
    const later = await post(app, { eventId: ids(2), region, page: LATER_PAGE, cookie });
    expect(later.setCookie).toEqual([]);
    // The same click again (the landing page's fbclid kept for a client navigation): nothing changes either.
    const again = await post(app, { eventId: ids(3), region, page: LANDING, fbclid: CLICK, cookie });
    expect(again.setCookie).toEqual([]);
    expect(await delivered(store, clock)).toEqual([
      `{"data":[${[
        graphBody({ id: ids(2), at: T + 60_000, page: LATER_PAGE, userData: userData({ fbp, fbc }) }),
        graphBody({ id: ids(3), at: T + 60_000, page: LANDING, userData: userData({ fbp, fbc }) }),
      ]
        .map((body) => body.slice('{"data":['.length, -'],"access_token":"test-token"}'.length))
        .join(",")}],"access_token":"test-token"}`,
    ]);

    // 3. A day later, another ad's click: `_fbc` replaced with the new click's time, `_fbp` kept.
    clock.now = T + DAY;
    const otherPage = `${SITE}/gallery?fbclid=${OTHER_CLICK}`;
    const next = await post(app, { eventId: ids(4), region, page: otherPage, fbclid: OTHER_CLICK, cookie });
    const newFbc = `fb.2.${T + DAY}.${OTHER_CLICK}`;
    expect(next.setCookie).toEqual([expect.stringMatching(new RegExp(`^_fbc=${newFbc.replaceAll(".", "\\.")};`))]);
    expect(await delivered(store, clock)).toEqual([
      graphBody({ id: ids(4), at: T + DAY, page: otherPage, userData: userData({ fbp, fbc: newFbc }) }),
    ]);
  });

  test("Sec-GPC: 1 with TRACKING_GPC=drop: nothing reaches Meta, and no cookie is written", async () => {
    const store = f.openStore();
    const clock = { now: T };
    const app = relay(store, "drop", clock);
    const cookie = `_fbc=fb.2.${T - DAY}.${CLICK}; _fbp=fb.2.${T - DAY}.123456789`;
    for (const visit of [
      { eventId: ids(1), region, page: LANDING, fbclid: CLICK, gpc: true },
      {
        eventId: ids(2),
        region,
        page: `${SITE}/gallery?fbclid=${OTHER_CLICK}`,
        fbclid: OTHER_CLICK,
        cookie,
        gpc: true,
      },
    ]) {
      const answer = await post(app, visit);
      expect(answer).toEqual({ body: { event_id: visit.eventId, dropped: "gpc" }, setCookie: [] });
    }
    expect(await delivered(store, clock)).toEqual([]);
    expect(await store.counts()).toEqual({ pending: 0, leased: 0, delivered: 0, failed: 0, not_sent: 0 });
  });

  test("Sec-GPC: 1 with TRACKING_GPC=ldu: the event with Limited Data Use, a remembered click unchanged, no cookie written", async () => {
    const store = f.openStore();
    const clock = { now: T };
    const app = relay(store, "ldu", clock);
    // A visitor who clicked before turning the signal on: the remembered click and browser id, unchanged.
    const fbc = `fb.2.${T - DAY}.${CLICK}`;
    const cookie = `_fbc=${fbc}; _fbp=fb.2.${T - DAY}.123456789`;
    const known = await post(app, { eventId: ids(1), region, page: LANDING, fbclid: CLICK, cookie, gpc: true });
    expect(known.setCookie).toEqual([]);
    expect(await delivered(store, clock)).toEqual([
      graphBody({
        id: ids(1),
        at: T,
        page: LANDING,
        userData: userData({ fbp: `fb.2.${T - DAY}.123456789`, fbc }),
        ldu: true,
      }),
    ]);
    // A first visit, three events 0.3 s apart: with no cookie to remember when the click was first
    // seen, no click is passed on (each event would otherwise date it anew); no browser id made up.
    for (const [n, at] of [T, T + 300, T + 600].entries()) {
      clock.now = at;
      const fresh = await post(app, { eventId: ids(2 + n), region, page: LANDING, fbclid: CLICK, gpc: true });
      expect(fresh.setCookie).toEqual([]);
    }
    expect(await delivered(store, clock)).toEqual([
      `{"data":[${[0, 1, 2]
        .map((n) => graphBody({ id: ids(2 + n), at: T + 300 * n, page: LANDING, userData: userData({}), ldu: true }))
        .map((body) => body.slice('{"data":['.length, -'],"access_token":"test-token"}'.length))
        .join(",")}],"access_token":"test-token"}`,
    ]);
  });

  test("Sec-GPC: 1 with gpc_opt_in: true: exactly as without the signal, under either setting", async () => {
    for (const mode of ["drop", "ldu"] as const) {
      const store = f.openStore();
      const clock = { now: T };
      const first = await post(relay(store, mode, clock), {
        eventId: ids(1),
        region,
        page: LANDING,
        fbclid: CLICK,
        gpc: true,
        optIn: true,
      });
      const fbp = cookieValue(first.setCookie, "_fbp")!;
      const fbc = `fb.2.${T}.${CLICK}`;
      expect(first.setCookie.map((line) => line.split(";")[0])).toEqual([`_fbc=${fbc}`, `_fbp=${fbp}`]);
      expect(await delivered(store, clock)).toEqual([
        graphBody({ id: ids(1), at: T, page: LANDING, userData: userData({ fbp, fbc }) }),
      ]);
    }
  });
});
