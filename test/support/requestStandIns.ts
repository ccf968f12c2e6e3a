/**
 * Local stand-ins for the destinations of visitors' requests, on 127.0.0.1:
 *
 * - a CRM webhook receiver that checks each request's Webhook-Signature with
 *   `verifyWebhookSignature` (as a CRM would, docs/requests.md "The webhook") and its
 *   Idempotency-Key against the body's id, records every request, counts the ids it accepted,
 *   and can be told to answer otherwise (503, 500, 400, 429 with Retry-After, or not at all) for
 *   a number of requests or until told to recover;
 * - Klaviyo's server API, the two calls the site makes (Create Event, Bulk Subscribe Profiles,
 *   revision KLAVIYO_REVISION), checked strictly: the private key, the revision, the JSON:API
 *   media types, and each body's shape and values down to the attributes Klaviyo's reference
 *   lists (an unknown attribute is refused, as Klaviyo refuses one). A wrong request is answered
 *   400 (401 for the key) with a Klaviyo-style JSON:API `errors` body pointing at what is wrong; a
 *   right one 202. Events accepted are counted by `unique_id`.
 *
 * And the requests to send them: one of each kind, its fields checked by the same schema the
 * server checks a form with (shared/requests/requestSchema.ts), so what a destination is given is
 * what the site would store.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Region } from "../../shared/region";
import type { RequestKind } from "../../shared/requests/requestKinds";
import { checkRequest } from "../../shared/requests/requestSchema";
import { KLAVIYO_REVISION } from "../../server/requests/destinations/klaviyoDestination";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "../../server/requests/destinations/webhookDestination";
import type { NewVisitorRequest, RequestDestination } from "../../server/requests/requestStore";

export interface StandInAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A request as a stand-in received it, and how it answered. */
export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived (UTF-8). */
  raw: string;
  /** The body parsed, or undefined when it is not JSON. */
  body: unknown;
  /** The status answered; undefined while held (stalled). */
  status?: number;
}

interface Listening {
  server: http.Server;
  url: string;
  close(): Promise<void>;
}

async function listen(handler: (req: ReceivedRequest, res: http.ServerResponse) => void): Promise<Listening> {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      held.add(res);
      res.on("close", () => held.delete(res));
      handler({ at: Date.now(), method: req.method ?? "", path: req.url ?? "", headers: req.headers, raw, body }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: http.ServerResponse, received: ReceivedRequest, { status, body, headers }: StandInAnswer) {
  received.status = status;
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(body ?? "");
}

// ---------------------------------------------------------------------------------------------
// The CRM webhook.

export interface WebhookReceiver {
  /** The URL to configure as REQUESTS_WEBHOOK_URL. */
  url: string;
  /** Every request received, in order, with its answer and whether its signature was valid. */
  readonly received: Array<ReceivedRequest & { signatureValid: boolean }>;
  /** How many times each request id was answered 2xx. */
  readonly accepted: Map<string, number>;
  /**
   * Answers the next `count` requests (every one until `recover()` when no count) with `status`
   * (and the body and headers given) instead of accepting them.
   */
  fail(status: number, options?: { count?: number; body?: string; headers?: Record<string, string> }): void;
  /** Holds the next `count` requests open without answering (until `recover()` when no count). */
  stall(count?: number): void;
  /** Accepts every request from now on. */
  recover(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver({
  secret,
  toleranceSeconds = 300,
  nowSeconds = () => Date.now() / 1000,
}: {
  secret: string;
  toleranceSeconds?: number;
  nowSeconds?: () => number;
}): Promise<WebhookReceiver> {
  const received: WebhookReceiver["received"] = [];
  const accepted = new Map<string, number>();
  let failure: { answer: StandInAnswer | "stall"; left: number } | undefined;

  const listening = await listen((request, res) => {
    const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
    const signatureValid = verifyWebhookSignature(
      secret,
      typeof header === "string" ? header : undefined,
      request.raw,
      nowSeconds(),
      toleranceSeconds,
    );
    const entry = Object.assign(request, { signatureValid });
    received.push(entry);
    if (failure && failure.left > 0) {
      failure.left--;
      if (failure.answer === "stall") return;
      return answer(res, entry, failure.answer);
    }
    if (request.method !== "POST") return answer(res, entry, { status: 405 });
    if (!signatureValid) return answer(res, entry, { status: 401, body: '{"error":"invalid signature"}' });
    if (request.headers["content-type"] !== "application/json")
      return answer(res, entry, { status: 415, body: '{"error":"expected application/json"}' });
    const id = (request.body as { id?: unknown } | undefined)?.id;
    if (typeof id !== "string" || request.headers["idempotency-key"] !== id)
      return answer(res, entry, { status: 400, body: '{"error":"Idempotency-Key must be the body\'s id"}' });
    accepted.set(id, (accepted.get(id) ?? 0) + 1);
    answer(res, entry, { status: 200, body: '{"received":true}' });
  });

  return {
    url: `${listening.url}/hooks/requests`,
    received,
    accepted,
    fail(status, { count = Number.POSITIVE_INFINITY, body, headers } = {}) {
      failure = { answer: { status, body, headers }, left: count };
    },
    stall(count = Number.POSITIVE_INFINITY) {
      failure = { answer: "stall", left: count };
    },
    recover() {
      failure = undefined;
    },
    close: listening.close,
  };
}

// ---------------------------------------------------------------------------------------------
// Klaviyo.

export interface KlaviyoError {
  id: string;
  status: number;
  code: string;
  title: string;
  detail: string;
  source: { pointer: string };
}

export interface KlaviyoStandIn {
  /** The URL to configure as Klaviyo's API URL. */
  url: string;
  /** Every request received, in order, with its answer. */
  readonly received: ReceivedRequest[];
  /** The Create Event bodies answered 202, in order. */
  readonly events: ReceivedRequest[];
  /** The Bulk Subscribe Profiles bodies answered 202, in order. */
  readonly subscriptions: ReceivedRequest[];
  /** How many times an event with each unique_id was answered 202 (Klaviyo records the first, and drops a repeat for the same profile and metric). */
  readonly accepted: Map<string, number>;
  /** Phone numbers (E.164) Klaviyo finds invalid, as it does numbers that cannot exist. */
  readonly refusedPhones: Set<string>;
  /** Answers to give before checking, in order ("stall": never answer). */
  next(...answers: Array<StandInAnswer | "stall">): void;
  close(): Promise<void>;
}

const JSON_API = "application/vnd.api+json";
const EVENT_ATTRIBUTES = [
  "properties",
  "time",
  "value",
  "value_currency",
  "unique_id",
  "backfill",
  "metric",
  "profile",
];
const PROFILE_ATTRIBUTES = [
  "email",
  "phone_number",
  "external_id",
  "anonymous_id",
  "_kx",
  "first_name",
  "last_name",
  "organization",
  "locale",
  "title",
  "image",
  "location",
  "properties",
  "meta",
];
const E164 = /^\+[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Refused extends Error {
  constructor(
    readonly pointer: string,
    detail: string,
    readonly status = 400,
    readonly code = "invalid",
  ) {
    super(detail);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `value` at `pointer` is an object with only `allowed` keys and every `required` one. */
function object(value: unknown, pointer: string, allowed: readonly string[], required: readonly string[] = []) {
  if (!isObject(value)) throw new Refused(pointer, `'${pointer}' must be an object`);
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      throw new Refused(`${pointer}/${key}`, `'${key}' is not a valid field for this resource`);
  for (const key of required)
    if (value[key] === undefined || value[key] === null)
      throw new Refused(`${pointer}/${key}`, `'${key}' is a required field`);
  return value;
}

function string(value: unknown, pointer: string, { optional = false, max = 100_000 } = {}) {
  if (value === undefined && optional) return undefined;
  if (typeof value !== "string" || !value.length || value.length > max)
    throw new Refused(pointer, `'${pointer}' must be a string of 1 to ${max} characters`);
  return value;
}

function checkEvent(body: unknown, refusedPhones: Set<string>) {
  const { data } = object(body, "", ["data"], ["data"]);
  const resource = object(data, "/data", ["type", "attributes"], ["type", "attributes"]);
  if (resource.type !== "event") throw new Refused("/data/type", "type must be 'event'", 409, "conflict");
  const a = object(resource.attributes, "/data/attributes", EVENT_ATTRIBUTES, ["properties", "metric", "profile"]);
  const properties = object(a.properties, "/data/attributes/properties", Object.keys(a.properties ?? {}));
  if (Object.keys(properties).length > 400) throw new Refused("/data/attributes/properties", "at most 400 properties");
  if (a.time !== undefined) {
    const time = string(a.time, "/data/attributes/time");
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(time!) ||
      Number.isNaN(Date.parse(time!))
    )
      throw new Refused("/data/attributes/time", "time must be an ISO 8601 date-time");
  }
  string(a.unique_id, "/data/attributes/unique_id", { optional: true });
  const metric = object(a.metric, "/data/attributes/metric", ["data"], ["data"]);
  const metricData = object(
    metric.data,
    "/data/attributes/metric/data",
    ["type", "attributes"],
    ["type", "attributes"],
  );
  if (metricData.type !== "metric") throw new Refused("/data/attributes/metric/data/type", "type must be 'metric'");
  const metricAttributes = object(
    metricData.attributes,
    "/data/attributes/metric/data/attributes",
    ["name", "service"],
    ["name"],
  );
  string(metricAttributes.name, "/data/attributes/metric/data/attributes/name", { max: 127 });
  const profile = object(a.profile, "/data/attributes/profile", ["data"], ["data"]);
  const profileData = object(
    profile.data,
    "/data/attributes/profile/data",
    ["type", "id", "attributes"],
    ["type", "attributes"],
  );
  if (profileData.type !== "profile") throw new Refused("/data/attributes/profile/data/type", "type must be 'profile'");
  const p = object(profileData.attributes, "/data/attributes/profile/data/attributes", PROFILE_ATTRIBUTES);
  if (p.email === undefined && p.phone_number === undefined && profileData.id === undefined)
    throw new Refused("/data/attributes/profile/data/attributes", "a profile needs an id, an email or a phone_number");
  if (p.email !== undefined && !EMAIL.test(String(p.email)))
    throw new Refused("/data/attributes/profile/data/attributes/email", `Invalid email address '${p.email}'`);
  if (p.phone_number !== undefined && (!E164.test(String(p.phone_number)) || refusedPhones.has(String(p.phone_number))))
    throw new Refused(
      "/data/attributes/profile/data/attributes/phone_number",
      `Invalid phone number format '${p.phone_number}' (Example of a valid phone number: +1 123-456-7890)`,
    );
  for (const name of ["first_name", "last_name"] as const)
    string(p[name], `/data/attributes/profile/data/attributes/${name}`, { optional: true });
  return { uniqueId: a.unique_id as string | undefined };
}

function checkSubscription(body: unknown) {
  const { data } = object(body, "", ["data"], ["data"]);
  const resource = object(data, "/data", ["type", "attributes", "relationships"], ["type", "attributes"]);
  if (resource.type !== "profile-subscription-bulk-create-job")
    throw new Refused("/data/type", "type must be 'profile-subscription-bulk-create-job'", 409, "conflict");
  const a = object(
    resource.attributes,
    "/data/attributes",
    ["custom_source", "profiles", "historical_import"],
    ["profiles"],
  );
  string(a.custom_source, "/data/attributes/custom_source", { optional: true });
  if (a.historical_import !== undefined && a.historical_import !== false)
    throw new Refused("/data/attributes/historical_import", "the site never imports history");
  const profiles = object(a.profiles, "/data/attributes/profiles", ["data"], ["data"]);
  if (!Array.isArray(profiles.data) || profiles.data.length < 1 || profiles.data.length > 1000)
    throw new Refused("/data/attributes/profiles/data", "1 to 1000 profiles");
  profiles.data.forEach((item: unknown, i: number) => {
    const at = `/data/attributes/profiles/data/${i}`;
    const profile = object(item, at, ["type", "id", "attributes"], ["type", "attributes"]);
    if (profile.type !== "profile") throw new Refused(`${at}/type`, "type must be 'profile'");
    const p = object(
      profile.attributes,
      `${at}/attributes`,
      ["email", "phone_number", "subscriptions", "age_gated_date_of_birth"],
      ["subscriptions"],
    );
    const subscriptions = object(p.subscriptions, `${at}/attributes/subscriptions`, [
      "email",
      "sms",
      "whatsapp",
      "push",
    ]);
    if (subscriptions.email !== undefined) {
      const email = object(subscriptions.email, `${at}/attributes/subscriptions/email`, ["marketing", "open_tracking"]);
      const marketing = object(
        email.marketing,
        `${at}/attributes/subscriptions/email/marketing`,
        ["consent", "consented_at"],
        ["consent"],
      );
      if (marketing.consent !== "SUBSCRIBED")
        throw new Refused(`${at}/attributes/subscriptions/email/marketing/consent`, "consent must be 'SUBSCRIBED'");
      if (marketing.consented_at !== undefined)
        throw new Refused(
          `${at}/attributes/subscriptions/email/marketing/consented_at`,
          "only for a historical import",
        );
      if (p.email === undefined || !EMAIL.test(String(p.email)))
        throw new Refused(`${at}/attributes/email`, "an email subscription needs a valid email");
    }
  });
  if (resource.relationships !== undefined) {
    const relationships = object(resource.relationships, "/data/relationships", ["list"]);
    const list = object(relationships.list, "/data/relationships/list", ["data"], ["data"]);
    const listData = object(list.data, "/data/relationships/list/data", ["type", "id"], ["type", "id"]);
    if (listData.type !== "list") throw new Refused("/data/relationships/list/data/type", "type must be 'list'");
    string(listData.id, "/data/relationships/list/data/id");
  }
}

const errorsBody = (error: Refused): string =>
  JSON.stringify({
    errors: [
      {
        id: randomUUID(),
        status: error.status,
        code: error.code,
        title: error.status === 401 ? "Authentication credentials were not provided." : "Invalid input.",
        detail: error.message,
        source: { pointer: error.pointer },
        links: {},
        meta: {},
      } satisfies KlaviyoError & { links: object; meta: object },
    ],
  });

export async function startKlaviyoStandIn({
  privateKey,
  revision = KLAVIYO_REVISION,
}: {
  privateKey: string;
  revision?: string;
}): Promise<KlaviyoStandIn> {
  const received: ReceivedRequest[] = [];
  const events: ReceivedRequest[] = [];
  const subscriptions: ReceivedRequest[] = [];
  const accepted = new Map<string, number>();
  const refusedPhones = new Set<string>();
  const queue: Array<StandInAnswer | "stall"> = [];

  const listening = await listen((request, res) => {
    received.push(request);
    const planned = queue.shift();
    if (planned === "stall") return;
    if (planned) return answer(res, request, planned);
    const refuse = (error: Refused) =>
      answer(res, request, {
        status: error.status,
        body: errorsBody(error),
        headers: { "content-type": JSON_API },
      });
    try {
      const h = request.headers;
      if (h.authorization !== `Klaviyo-API-Key ${privateKey}`)
        throw new Refused("/data/", "Missing or invalid private key.", 401, "not_authenticated");
      if (h.revision !== revision) throw new Refused("", `Invalid or missing revision header: expected ${revision}`);
      if (h.accept !== JSON_API) throw new Refused("", `Accept must be ${JSON_API}`);
      if (h["content-type"] !== JSON_API) throw new Refused("", `Content-Type must be ${JSON_API}`);
      if (request.method !== "POST") throw new Refused("", "method not allowed", 405, "method_not_allowed");
      if (request.body === undefined) throw new Refused("", "the body is not JSON", 400, "parse_error");
      if (request.path === "/api/events") {
        const { uniqueId } = checkEvent(request.body, refusedPhones);
        events.push(request);
        if (uniqueId) accepted.set(uniqueId, (accepted.get(uniqueId) ?? 0) + 1);
      } else if (request.path === "/api/profile-subscription-bulk-create-jobs") {
        checkSubscription(request.body);
        subscriptions.push(request);
      } else throw new Refused("", `no such endpoint ${request.path}`, 404, "not_found");
      answer(res, request, { status: 202, headers: { "content-type": JSON_API } });
    } catch (error) {
      if (error instanceof Refused) return refuse(error);
      throw error;
    }
  });

  return {
    url: listening.url,
    received,
    events,
    subscriptions,
    accepted,
    refusedPhones,
    next: (...answers) => void queue.push(...answers),
    close: listening.close,
  };
}

// ---------------------------------------------------------------------------------------------
// Visitors' requests.

/** 2025-03-04T09:15:00.000Z: a fixed time, so file names and bodies are known. */
export const RECEIVED_AT = Date.UTC(2025, 2, 4, 9, 15, 0);

const contact = {
  name: "Ada Mary Lovelace",
  email: "ada.lovelace@example.com",
  phone: "+44 1632 960 001",
  message: "We would like oak, and the larder by the window.",
};

export const FORMS: Record<RequestKind, { region: Region; page: string; body: Record<string, string | string[]> }> = {
  visit: {
    region: "uk",
    page: "/showroom",
    body: { showroom: "frome", days: ["sat", "mon"], time_of_day: "morning", ...contact, keep_posted: "on" },
  },
  consultation: {
    region: "us",
    page: "/us/consultation",
    body: { days: ["tue"], time_of_day: "any", ...contact, phone: "(201) 555-0123" },
  },
  samples: {
    region: "uk",
    page: "/samples",
    body: {
      samples: ["Oak, natural oil", "Farrow & Ball Hague Blue"],
      address_line1: "1 Workshop Lane",
      town: "Frome",
      postcode: "ba111aa",
      name: "Grace Hopper",
      email: "grace@example.com",
    },
  },
  quote: {
    region: "us",
    page: "/us/quote",
    body: {
      room: "kitchen",
      room_size: "medium",
      budget: "30k-50k",
      timeframe: "6-months",
      ...contact,
      phone: "+1 (201) 555-0123",
      keep_posted: "on",
    },
  },
};

/** A request of `kind` as the site stores it, with the fields checked by the shared schema. */
export function visitorRequest(
  kind: RequestKind,
  {
    id = randomUUID(),
    receivedAt = RECEIVED_AT,
    destinations = ["webhook", "klaviyo", "inbox"],
    body,
  }: {
    id?: string;
    receivedAt?: number;
    destinations?: readonly RequestDestination[];
    /** Fields to change or add to the kind's form (undefined removes one). */
    body?: Record<string, string | string[] | undefined>;
  } = {},
): NewVisitorRequest {
  const form = FORMS[kind];
  const merged: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries({ ...form.body, ...body })) if (value !== undefined) merged[name] = value;
  const checked = checkRequest(kind, form.region, merged);
  if (!checked.ok) throw new Error(`the ${kind} test form is not valid: ${JSON.stringify(checked.errors)}`);
  return { id, kind, region: form.region, fields: checked.fields, page: form.page, receivedAt, destinations };
}

/** The fields that say who the visitor is or what they wrote. */
const PERSONAL_FIELDS = [
  "name",
  "email",
  "phone",
  "message",
  "address_line1",
  "address_line2",
  "town",
  "postcode",
  "zip",
];

/** What the visitor typed about themselves in `request` (with each word of the name): what no log line may contain. */
export function personalValues(request: NewVisitorRequest): string[] {
  const values = PERSONAL_FIELDS.map((name) => request.fields[name]).filter(
    (value): value is string => typeof value === "string",
  );
  const name = request.fields.name;
  return [...values, ...(typeof name === "string" ? name.split(/\s+/).filter((word) => word.length >= 3) : [])];
}
