/**
 * The Klaviyo destination (server/requests/destinations/klaviyoDestination.ts) against a strict
 * local stand-in of Klaviyo's server API (test/support/requestStandIns.ts): Create Event with the
 * documented headers, revision and JSON:API body for each kind of request; Bulk Subscribe
 * Profiles only when the visitor ticked "keep me posted" and a list is configured; what Klaviyo's
 * answers mean; a phone number Klaviyo refuses costing the number, not the lead.
 */
import {
  createKlaviyoDestination,
  e164,
  KLAVIYO_METRIC,
  KLAVIYO_REVISION,
  klaviyoEventBody,
  splitName,
} from "../server/requests/destinations/klaviyoDestination";
import { REQUEST_KINDS } from "../shared/requests/requestKinds";
import { type KlaviyoStandIn, startKlaviyoStandIn, visitorRequest } from "./support/requestStandIns";

const KEY = "pk_test_0123456789abcdef";
const LIST = "Y6nRLr";
let klaviyo: KlaviyoStandIn;
beforeEach(async () => {
  klaviyo = await startKlaviyoStandIn({ privateKey: KEY });
});
afterEach(() => klaviyo.close());

const never = () => new AbortController().signal;
const destination = (settings: Partial<Parameters<typeof createKlaviyoDestination>[0]> = {}) =>
  createKlaviyoDestination({ privateKey: KEY, apiUrl: klaviyo.url, ...settings });

test("a quote is one Create Event: the documented headers and revision, the JSON:API body, answered 202", async () => {
  expect(KLAVIYO_REVISION).toBe("2025-10-15");
  const request = visitorRequest("quote", { id: "0b6f3e0e-8f0c-4d0a-9d67-3b1d2f5a7c10" });
  expect(await destination().send(request, never())).toEqual({ ok: true });

  expect(klaviyo.received.map((r) => [r.method, r.path, r.status])).toEqual([["POST", "/api/events", 202]]);
  const [event] = klaviyo.events;
  expect(event.headers).toMatchObject({
    authorization: `Klaviyo-API-Key ${KEY}`,
    revision: "2025-10-15",
    accept: "application/vnd.api+json",
    "content-type": "application/vnd.api+json",
  });
  expect(event.body).toEqual({
    data: {
      type: "event",
      attributes: {
        properties: {
          room: "kitchen",
          room_size: "medium",
          budget: "30k-50k",
          timeframe: "6-months",
          message: "We would like oak, and the larder by the window.",
          keep_posted: true,
          kind: "quote",
          region: "us",
          page: "/us/quote",
        },
        metric: { data: { type: "metric", attributes: { name: "Requested Quote" } } },
        profile: {
          data: {
            type: "profile",
            attributes: {
              email: "ada.lovelace@example.com",
              phone_number: "+12015550123",
              first_name: "Ada",
              last_name: "Mary Lovelace",
            },
          },
        },
        unique_id: request.id,
        time: "2025-03-04T09:15:00.000Z",
      },
    },
  });
  expect(klaviyo.accepted.get(request.id)).toBe(1);
  // No list configured: no subscription, though the visitor ticked the box.
  expect(klaviyo.subscriptions).toEqual([]);
});

test("each kind is its own metric, accepted by the stand-in, with the visitor's identity on the profile only", async () => {
  expect(KLAVIYO_METRIC).toEqual({
    visit: "Requested Showroom Visit",
    consultation: "Requested Video Consultation",
    samples: "Requested Samples",
    quote: "Requested Quote",
  });
  const sender = destination();
  for (const kind of REQUEST_KINDS) expect(await sender.send(visitorRequest(kind), never())).toEqual({ ok: true });
  expect(klaviyo.events).toHaveLength(4);
  const sent = klaviyo.events.map((e) => (e.body as ReturnType<typeof klaviyoEventBody>).data.attributes);
  expect(sent.map((a) => a.metric.data.attributes.name)).toEqual([
    "Requested Showroom Visit",
    "Requested Video Consultation",
    "Requested Samples",
    "Requested Quote",
  ]);
  for (const attributes of sent) {
    for (const identity of ["name", "email", "phone"]) expect(attributes.properties).not.toHaveProperty(identity);
    expect(attributes.properties).toHaveProperty("page");
  }
  expect(sent[2].properties).toMatchObject({
    samples: ["Oak, natural oil", "Farrow & Ball Hague Blue"],
    address_line1: "1 Workshop Lane",
    town: "Frome",
    postcode: "BA11 1AA",
    keep_posted: false,
    kind: "samples",
    region: "uk",
  });
  expect(sent[2].profile.data.attributes).toEqual({
    email: "grace@example.com",
    first_name: "Grace",
    last_name: "Hopper",
  });
  // The consultation's "(201) 555-0123", written as its US form's hint asks: read as a US number.
  expect(sent[1].profile.data.attributes).toMatchObject({ phone_number: "+12015550123" });
  expect(sent[0].profile.data.attributes).toMatchObject({ phone_number: "+441632960001" });
});

test("phone numbers in E.164, read in the form's region unless written with a +, and names split into first and last", () => {
  expect(e164("+44 1632 960 001", "us")).toBe("+441632960001");
  expect(e164("+1 (201) 555-0123", "uk")).toBe("+12015550123");
  expect(e164("+1.201.555.0123", "uk")).toBe("+12015550123");
  expect(e164("(201) 555-0123", "us")).toBe("+12015550123");
  expect(e164("201.555.0123", "us")).toBe("+12015550123");
  expect(e164("01632 960001", "uk")).toBe("+441632960001");
  expect(e164("07700 900123", "uk")).toBe("+447700900123");
  // Not a number there: too short, no such country code, letters.
  expect(e164("555-0123", "us")).toBeUndefined();
  expect(e164("+0 1632 960001", "uk")).toBeUndefined();
  expect(e164("+44 12", "uk")).toBeUndefined();
  expect(e164("call me", "uk")).toBeUndefined();
  expect(e164(undefined, "uk")).toBeUndefined();
  expect(splitName("  Ada   Mary Lovelace ")).toEqual({ first_name: "Ada", last_name: "Mary Lovelace" });
  expect(splitName("Cher")).toEqual({ first_name: "Cher" });
  expect(splitName(" ")).toEqual({});
});

test("keep me posted, with a list configured: the profile is subscribed to email marketing on that list", async () => {
  const request = visitorRequest("visit");
  expect(request.fields.keep_posted).toBe(true);
  expect(await destination({ listId: LIST }).send(request, never())).toEqual({ ok: true });
  expect(klaviyo.received.map((r) => [r.path, r.status])).toEqual([
    ["/api/events", 202],
    ["/api/profile-subscription-bulk-create-jobs", 202],
  ]);
  const [subscription] = klaviyo.subscriptions;
  expect(subscription.headers).toMatchObject({
    authorization: `Klaviyo-API-Key ${KEY}`,
    revision: "2025-10-15",
    accept: "application/vnd.api+json",
    "content-type": "application/vnd.api+json",
  });
  expect(subscription.body).toEqual({
    data: {
      type: "profile-subscription-bulk-create-job",
      attributes: {
        custom_source: "Website request form",
        profiles: {
          data: [
            {
              type: "profile",
              attributes: {
                email: "ada.lovelace@example.com",
                subscriptions: { email: { marketing: { consent: "SUBSCRIBED" } } },
              },
            },
          ],
        },
      },
      relationships: { list: { data: { type: "list", id: LIST } } },
    },
  });
});

test("never subscribed without the visitor's tick, nor without a list", async () => {
  const unticked = visitorRequest("visit", { body: { keep_posted: undefined } });
  expect(unticked.fields.keep_posted).toBe(false);
  expect(await destination({ listId: LIST }).send(unticked, never())).toEqual({ ok: true });
  expect(await destination({ listId: LIST }).send(visitorRequest("samples"), never())).toEqual({ ok: true });
  expect(await destination({ listId: "" }).send(visitorRequest("quote"), never())).toEqual({ ok: true });
  expect(await destination().send(visitorRequest("visit"), never())).toEqual({ ok: true });
  expect(klaviyo.events).toHaveLength(4);
  expect(klaviyo.subscriptions).toEqual([]);
});

test("429 and 5xx are retried (Retry-After passed on); a refused request fails for good with Klaviyo's codes, not its details", async () => {
  const request = visitorRequest("quote");
  klaviyo.next({ status: 429, headers: { "retry-after": "30" }, body: '{"errors":[{"code":"throttled"}]}' });
  expect(await destination().send(request, never())).toEqual({
    ok: false,
    permanent: false,
    error: "Klaviyo Create Event: HTTP 429: throttled: no title",
    retryAfterMs: 30_000,
  });
  klaviyo.next({ status: 503, body: "<html>Service Unavailable</html>" });
  expect(await destination().send(request, never())).toEqual({
    ok: false,
    permanent: false,
    error: "Klaviyo Create Event: HTTP 503: <html>Service Unavailable</html>",
  });

  expect(await destination({ privateKey: "pk_wrong" }).send(request, never())).toEqual({
    ok: false,
    permanent: true,
    error: "Klaviyo Create Event: HTTP 401: not_authenticated: Authentication credentials were not provided. at /data/",
  });
  const otherRevision = await startKlaviyoStandIn({ privateKey: KEY, revision: "2026-01-15" });
  try {
    expect(
      await createKlaviyoDestination({ privateKey: KEY, apiUrl: otherRevision.url }).send(request, never()),
    ).toEqual({ ok: false, permanent: true, error: "Klaviyo Create Event: HTTP 400: invalid: Invalid input." });
  } finally {
    await otherRevision.close();
  }
  // An email the stand-in refuses: Klaviyo's detail quotes it, the error does not.
  const odd = { ...request, fields: { ...request.fields, email: "ada@localhost" } };
  const refused = await destination().send(odd, never());
  expect(refused).toEqual({
    ok: false,
    permanent: true,
    error: "Klaviyo Create Event: HTTP 400: invalid: Invalid input. at /data/attributes/profile/data/attributes/email",
  });
  expect(klaviyo.received.at(-1)?.raw).toContain("ada@localhost");
  expect(JSON.stringify(refused)).not.toContain("ada@localhost");
});

test("a phone number Klaviyo refuses is left out and the event sent again: the lead is kept", async () => {
  const request = visitorRequest("visit");
  klaviyo.refusedPhones.add("+441632960001");
  expect(await destination({ listId: LIST }).send(request, never())).toEqual({ ok: true });
  expect(klaviyo.received.map((r) => [r.path, r.status])).toEqual([
    ["/api/events", 400],
    ["/api/events", 202],
    ["/api/profile-subscription-bulk-create-jobs", 202],
  ]);
  const [event] = klaviyo.events;
  expect((event.body as ReturnType<typeof klaviyoEventBody>).data.attributes.profile.data.attributes).toEqual({
    email: "ada.lovelace@example.com",
    first_name: "Ada",
    last_name: "Mary Lovelace",
  });
});

test("a subscription that fails after the event fails the send; the retry sends the event again under the same unique_id", async () => {
  const request = visitorRequest("quote");
  const sender = destination({ listId: LIST });
  klaviyo.next({ status: 202 }, { status: 503 });
  expect(await sender.send(request, never())).toEqual({
    ok: false,
    permanent: false,
    error: "Klaviyo Bulk Subscribe Profiles: HTTP 503",
  });
  expect(await sender.send(request, never())).toEqual({ ok: true });
  const eventIds = klaviyo.received
    .filter((r) => r.path === "/api/events")
    .map((r) => (r.body as ReturnType<typeof klaviyoEventBody>).data.attributes.unique_id);
  expect(eventIds).toEqual([request.id, request.id]);
  expect(klaviyo.subscriptions).toHaveLength(1);
});

test("no answer in time is retried; a trailing slash in the API URL is fine; no key is refused at start", async () => {
  klaviyo.next("stall");
  expect(await destination({ timeoutMs: 150 }).send(visitorRequest("quote"), never())).toEqual({
    ok: false,
    permanent: false,
    error: "no answer within 150 ms",
  });
  expect(await destination({ apiUrl: `${klaviyo.url}/` }).send(visitorRequest("quote"), never())).toEqual({ ok: true });
  expect(() => createKlaviyoDestination({ privateKey: "" })).toThrow("KLAVIYO_PRIVATE_KEY");
});

test("the stand-in is strict: what Klaviyo would refuse, it refuses with a JSON:API errors body", async () => {
  const good = klaviyoEventBody(visitorRequest("quote"));
  const headers = {
    Authorization: `Klaviyo-API-Key ${KEY}`,
    revision: KLAVIYO_REVISION,
    Accept: "application/vnd.api+json",
    "Content-Type": "application/vnd.api+json",
  };
  const post = async (body: unknown, changed: Record<string, string> = {}) => {
    const res = await fetch(`${klaviyo.url}/api/events`, {
      method: "POST",
      headers: { ...headers, ...changed },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, pointer: text && JSON.parse(text).errors[0].source.pointer };
  };
  const attributes = good.data.attributes;
  const withAttributes = (changed: object) => ({ data: { ...good.data, attributes: { ...attributes, ...changed } } });
  expect(await post(good)).toEqual({ status: 202, pointer: "" });
  expect(await post(good, { "Content-Type": "application/json" })).toMatchObject({ status: 400 });
  expect(await post(good, { Accept: "application/json" })).toMatchObject({ status: 400 });
  expect(await post(good, { revision: "2023-01-24" })).toMatchObject({ status: 400 });
  expect(await post(withAttributes({ name: "Requested Quote" }))).toEqual({
    status: 400,
    pointer: "/data/attributes/name",
  });
  expect(await post(withAttributes({ metric: { data: { type: "metric", attributes: {} } } }))).toEqual({
    status: 400,
    pointer: "/data/attributes/metric/data/attributes/name",
  });
  expect(await post(withAttributes({ time: "yesterday" }))).toEqual({ status: 400, pointer: "/data/attributes/time" });
  expect(
    await post(withAttributes({ profile: { data: { type: "profile", attributes: { phone: "+12015550123" } } } })),
  ).toEqual({ status: 400, pointer: "/data/attributes/profile/data/attributes/phone" });
  expect(await post({ data: { ...good.data, type: "events" } })).toEqual({ status: 409, pointer: "/data/type" });
  expect(klaviyo.events).toHaveLength(1);
});
