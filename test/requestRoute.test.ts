/**
 * POST /requests/{kind} and /us/requests/{kind}, the visitors' request forms (docs/requests.md),
 * through the whole app with a SQLite request store: a form the rules accept is stored, with one
 * pending delivery per destination, before its 303 (or the enhanced form's JSON); every refusal
 * (the rules, the samples page, the traps, another site, a kind the region does not offer, the
 * body's type, size, fields and coding, the rate, a store that fails, another spelling of the
 * path) answers as docs/security.md says and stores nothing.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { escapeHtml } from "../server/render/html";
import type { Region } from "../shared/region";
import type { RequestKind } from "../shared/requests/requestKinds";
import { attribute, decodeEntities, elementByClass, linksOf, visibleText } from "./support/html";
import { rawBodyRequest } from "./support/rawBodyRequest";
import { createRequestApp, type RequestApp, storedRequests } from "./support/requestApp";

const SITE = "http://localhost:3000";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FORM_TYPE = "application/x-www-form-urlencoded";
/** Both destinations a deployment with a CRM and Klaviyo stores a delivery for. */
const DESTINATIONS = ["webhook", "klaviyo"] as const;
/** Most tests post more than a client may in a minute; the rate has its own test. */
const UNLIMITED = {
  REQUESTS_RATE_LIMIT: "10000",
  REQUESTS_RATE_LIMIT_ALL: "100000",
  REQUESTS_REFUSED_PAGES_PER_MINUTE: "10000",
};

type Form = Array<[string, string]>;

/** A form as the browser sends it: the page it was on, when it was shown (10 s ago), the empty trap. */
const sent = (fields: Form, shownAgoMs = 10_000): Form => [
  ...fields,
  ["shown_at", String(Date.now() - shownAgoMs)],
  ["website", ""],
];
const encode = (form: Form) => new URLSearchParams(form).toString();

interface ValidCase {
  kind: RequestKind;
  region: Region;
  path: string;
  form: Form;
  /** The fields as the rules check them, stored. */
  stored: Record<string, unknown>;
  page: string;
}

const ADA: Form = [
  ["name", "  Ada Reed "],
  ["email", "ada@example.com"],
];

const VALID: ValidCase[] = [
  {
    kind: "visit",
    region: "uk",
    path: "/requests/visit",
    page: "/info/about-us",
    form: [
      ["page", "/info/about-us"],
      ["showroom", "london"],
      ["days", "sat"],
      ["days", "tue"],
      ["time_of_day", "afternoon"],
      ...ADA,
      ["phone", "01632 960 001"],
      ["message", "Oak, please."],
      ["keep_posted", "on"],
    ],
    stored: {
      showroom: "london",
      days: ["tue", "sat"],
      time_of_day: "afternoon",
      name: "Ada Reed",
      email: "ada@example.com",
      phone: "01632 960 001",
      message: "Oak, please.",
      keep_posted: true,
    },
  },
  {
    kind: "samples",
    region: "uk",
    path: "/requests/samples",
    page: "/materials/samples",
    form: [
      ["page", "/materials/samples"],
      ["samples", "Natural Oak"],
      ["samples", "Ink Navy"],
      ["address_line1", "1 Workshop Lane"],
      ["town", "Frome"],
      ["postcode", "ba111aa"],
      ...ADA,
    ],
    stored: {
      samples: ["Natural Oak", "Ink Navy"],
      address_line1: "1 Workshop Lane",
      town: "Frome",
      postcode: "BA11 1AA",
      name: "Ada Reed",
      email: "ada@example.com",
      keep_posted: false,
    },
  },
  {
    kind: "quote",
    region: "uk",
    path: "/requests/quote",
    page: "/requests/quote",
    form: [
      ["page", "/requests/quote"],
      ["room", "kitchen"],
      ["room_size", "large"],
      ["budget", "40k-60k"],
      ["timeframe", "3-months"],
      ...ADA,
    ],
    stored: {
      room: "kitchen",
      room_size: "large",
      budget: "40k-60k",
      timeframe: "3-months",
      name: "Ada Reed",
      email: "ada@example.com",
      keep_posted: false,
    },
  },
  {
    kind: "consultation",
    region: "us",
    path: "/us/requests/consultation",
    page: "/us/info/about-us",
    form: [["page", "/us/info/about-us"], ["days", "wed"], ["time_of_day", "any"], ...ADA, ["phone", "(201) 555-0123"]],
    stored: {
      days: ["wed"],
      time_of_day: "any",
      name: "Ada Reed",
      email: "ada@example.com",
      phone: "(201) 555-0123",
      keep_posted: false,
    },
  },
  {
    kind: "samples",
    region: "us",
    path: "/us/requests/samples",
    page: "/us/materials/samples",
    form: [
      ["page", "/us/materials/samples"],
      ["samples", "Slate Gray Quartz"],
      ["address_line1", "1 River Street"],
      ["address_line2", "Apt 2"],
      ["town", "Hoboken"],
      ["state", "NJ"],
      ["zip", "07030-1234"],
      ...ADA,
      ["keep_posted", "on"],
    ],
    stored: {
      samples: ["Slate Gray Quartz"],
      address_line1: "1 River Street",
      address_line2: "Apt 2",
      town: "Hoboken",
      state: "NJ",
      zip: "07030-1234",
      name: "Ada Reed",
      email: "ada@example.com",
      keep_posted: true,
    },
  },
  {
    kind: "quote",
    region: "us",
    path: "/us/requests/quote",
    page: "/us/requests/quote",
    form: [
      ["page", "/us/requests/quote"],
      ["room", "pantry"],
      ["room_size", "open"],
      ["budget", "over-80k"],
      ["timeframe", "asap"],
      ...ADA,
      ["message", "A walk-in pantry."],
    ],
    stored: {
      room: "pantry",
      room_size: "open",
      budget: "over-80k",
      timeframe: "asap",
      name: "Ada Reed",
      email: "ada@example.com",
      message: "A walk-in pantry.",
      keep_posted: false,
    },
  },
];

const validOf = (kind: RequestKind, region: Region) => VALID.find((c) => c.kind === kind && c.region === region)!;
const VISIT = validOf("visit", "uk");

/** A post as the site's own page sends it; a header given as "" is left out. */
function post(app: Express, path: string, body: string, headers: Record<string, string> = {}) {
  const all: Record<string, string> = {
    Origin: SITE,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": FORM_TYPE,
    ...headers,
  };
  return request(app)
    .post(path)
    .set(Object.fromEntries(Object.entries(all).filter(([, value]) => value !== "")))
    .send(body);
}

/** The app most tests post to, its store emptied after each. */
let site: RequestApp;
const apps: RequestApp[] = [];
/** An app of this test's own (closed after it), with a store of its own. */
function appWith(options: Parameters<typeof createRequestApp>[0] = {}): RequestApp {
  const made = createRequestApp({ destinations: DESTINATIONS, env: UNLIMITED, ...options });
  apps.push(made);
  return made;
}
beforeAll(() => {
  site = createRequestApp({ destinations: DESTINATIONS, env: UNLIMITED });
});
afterEach(async () => {
  site.clear();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => site.close());

const expectNothingStored = async (app: RequestApp = site) => {
  expect(await storedRequests(app)).toEqual([]);
  expect(await app.store.counts()).toEqual({ pending: 0, leased: 0, delivered: 0, failed: 0 });
};

describe("a form the rules accept is stored before it is answered", () => {
  test.each(VALID.map((c) => [`${c.region} ${c.kind}`, c] as const))(
    "%s: 303 to its confirmation, no-store; one request with the checked fields and one pending delivery per destination",
    async (_name, c) => {
      const before = Date.now();
      const res = await post(site.app, c.path, encode(sent(c.form)));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${c.path}/sent`);
      expect(res.headers["cache-control"]).toBe("no-store");

      const all = await storedRequests(site);
      expect(all).toHaveLength(1);
      const [{ request: stored, deliveries }] = all;
      expect(stored).toEqual({
        id: expect.stringMatching(UUID),
        kind: c.kind,
        region: c.region,
        // Only the form's questions: the page, the time it was shown and the trap are not kept in them.
        fields: c.stored,
        page: c.page,
        receivedAt: expect.any(Number),
        destinations: [...DESTINATIONS],
      });
      expect(stored.receivedAt).toBeGreaterThanOrEqual(before);
      expect(stored.receivedAt).toBeLessThanOrEqual(Date.now());
      expect(deliveries).toEqual(
        DESTINATIONS.map((destination) => ({
          requestId: stored.id,
          destination,
          status: "pending",
          attempts: 0,
          nextAttemptAt: stored.receivedAt,
          leasedBy: null,
          leaseUntil: null,
          lastError: null,
          deliveredAt: null,
          updatedAt: stored.receivedAt,
        })),
      );
    },
  );

  test.each(VALID.map((c) => [`${c.region} ${c.kind}`, c] as const))(
    "%s, asked for JSON (the enhanced form): {sent: true, eventId}, the stored request's id",
    async (_name, c) => {
      const res = await post(site.app, c.path, encode(sent(c.form)), { Accept: "application/json" });
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toEqual({ sent: true, eventId: expect.stringMatching(UUID) });
      const all = await storedRequests(site);
      expect(all.map((one) => one.request.id)).toEqual([res.body.eventId]);
      expect(all[0].request.fields).toEqual(c.stored);
    },
  );

  test("a page that is not a plain path of the site is not kept: the request's page is the path it was posted to", async () => {
    for (const page of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const form = VISIT.form.map(([name, value]): [string, string] => [name, name === "page" ? page : value]);
      expect((await post(site.app, VISIT.path, encode(sent(form)))).status).toBe(303);
    }
    expect((await storedRequests(site)).map((one) => one.request.page)).toEqual(Array(4).fill("/requests/visit"));
  });
});

// ---------------------------------------------------------------------------------------------
// Refused by the rules: the form's own page again.

/** What the form in `html` would send, as a browser reads its controls (checked choices, selected options), without the empty ones. */
function formControls(html: string): Record<string, string[]> {
  const form = /<form\b[^>]*class="request-form__form"[\s\S]*?<\/form>/.exec(html)?.[0];
  if (!form) throw new Error("the page has no request form");
  const values: Record<string, string[]> = {};
  const add = (name: string | undefined, value: string) => {
    if (name && value !== "") values[name] = [...(values[name] ?? []), value];
  };
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const type = attribute(tag, "type") ?? "text";
    if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag)) continue;
    add(attribute(tag, "name"), attribute(tag, "value") ?? "");
  }
  for (const [, attributes, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g))
    add(attribute(attributes, "name"), decodeEntities(text));
  for (const [, attributes, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const selected = /<option\b([^>]*)\sselected=""[^>]*>/.exec(options);
    add(attribute(attributes, "name"), selected ? (attribute(selected[0], "value") ?? "") : "");
  }
  return values;
}

/**
 * The posted fields the page must show again, as `formControls` reads them: all but the time the
 * form was shown (the page's script sets it anew) and the trap (empty), and none left empty.
 */
function typed(form: Form): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of form)
    if (name !== "shown_at" && name !== "website" && value !== "") values[name] = [...(values[name] ?? []), value];
  return values;
}

const sortedLists = (values: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(values).map(([name, list]) => [name, [...list].sort()]));

/** The error summary's links: each error's words and the field it points at. */
function errorSummary(html: string) {
  const summary = elementByClass(html, "div", "error-summary");
  if (!summary) throw new Error("the page has no error summary");
  expect(summary).toMatch(/^<div class="error-summary" role="alert"[^>]*autofocus=""/);
  expect(visibleText(elementByClass(summary, "h2", "error-summary__title")!)).toBe("There is a problem");
  return linksOf(summary).map(({ text, href }) => ({ message: text, href }));
}

interface RefusedCase {
  name: string;
  base: ValidCase;
  change: (form: Form) => Form;
  errors: Array<{ field: string; message: string }>;
  /** Typed values the page cannot show again (a sample not on it). */
  notShown?: Form;
}

const without = (field: string) => (form: Form) => form.filter(([name]) => name !== field);
const replacing = (field: string, value: string) => (form: Form) =>
  form.map(([name, old]): [string, string] => [name, name === field ? value : old]);
const SIX_SAMPLES = ["Natural Oak", "Smoked Oak", "Pale Ash", "Ink Navy", "Blush", "Charcoal"];

const REFUSED: RefusedCase[] = [
  {
    name: "no name",
    base: VISIT,
    change: replacing("name", "   "),
    errors: [{ field: "name", message: "Enter your name" }],
  },
  {
    name: "no name and an email that is not one",
    base: VISIT,
    change: (form) => replacing("email", "ada@example")(without("name")(form)),
    errors: [
      { field: "name", message: "Enter your name" },
      { field: "email", message: "Enter an email address in the correct format, like name@example.com" },
    ],
  },
  {
    name: "a UK postcode that is not one",
    base: validOf("samples", "uk"),
    change: replacing("postcode", "BA11 1A"),
    errors: [{ field: "postcode", message: "Enter a real postcode, like BA11 1AA" }],
  },
  {
    name: "a US ZIP code that is not one",
    base: validOf("samples", "us"),
    change: replacing("zip", "0703"),
    errors: [{ field: "zip", message: "Enter a ZIP code, like 10001 or 10001-0001" }],
  },
  {
    name: "six samples",
    base: validOf("samples", "uk"),
    change: (form) => [...without("samples")(form), ...SIX_SAMPLES.map((name): [string, string] => ["samples", name])],
    errors: [{ field: "samples", message: "Choose up to 5 samples" }],
  },
  {
    name: "a sample that is not on the samples page",
    base: validOf("samples", "us"),
    // The UK's spelling: the US samples page lists “Slate Gray Quartz”.
    change: (form) => [...form, ["samples", "Slate Grey Quartz"]],
    errors: [{ field: "samples", message: "Choose samples from the list" }],
    notShown: [["samples", "Slate Grey Quartz"]],
  },
];

describe("a form the rules refuse comes back on its own page: 400, every error linked to its field, every answer kept, nothing stored", () => {
  test.each(REFUSED.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const form = c.change(c.base.form);
    const res = await post(site.app, c.base.path, encode(sent(form)));
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-store");

    const summary = errorSummary(res.text);
    expect(summary.map(({ message }) => message)).toEqual(c.errors.map(({ message }) => message));
    for (const [i, { href }] of summary.entries()) {
      // Each link points at its field's control (or its group's fieldset), which has the error beside it.
      const id = `request-${c.base.kind}-form-${c.errors[i].field.replace(/_/g, "-")}`;
      expect(href).toBe(`#${id}`);
      const control = new RegExp(`<(?:input|fieldset|select|textarea)\\b[^>]*\\sid="${id}"[^>]*>`).exec(res.text)?.[0];
      expect(control).toBeDefined();
      expect(attribute(control!, "aria-describedby")?.split(" ")).toContain(`${id}-error`);
      const beside = new RegExp(`<p id="${id}-error" class="field__error">([\\s\\S]*?)</p>`).exec(res.text);
      expect(visibleText(beside?.[1] ?? "")).toBe(`Error: ${c.errors[i].message}`);
    }

    const shown = typed(form);
    for (const [name, value] of c.notShown ?? []) shown[name] = shown[name].filter((one) => one !== value);
    expect(sortedLists(formControls(res.text))).toEqual(sortedLists(shown));
    await expectNothingStored();
  });

  test.each(REFUSED.map((c) => [c.name, c] as const))("%s, asked for JSON: 400 with the errors", async (_name, c) => {
    const res = await post(site.app, c.base.path, encode(sent(c.change(c.base.form))), { Accept: "application/json" });
    expect(res.status).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({ errors: c.errors });
    await expectNothingStored();
  });
});

describe("a flood of refused posts from many addresses costs no render a post", () => {
  test("past REQUESTS_REFUSED_PAGES_PER_MINUTE a minute, a refusal is a plain page of its errors: 400, no-store, nothing stored", async () => {
    const { app } = appWith({ env: { ...UNLIMITED, REQUESTS_REFUSED_PAGES_PER_MINUTE: "2" } });
    const refused = REFUSED[0];
    const body = encode(sent(refused.change(refused.base.form)));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(app, refused.base.path, body));
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 400]);
    // The first two: the whole form page again, every answer kept.
    for (const res of answers.slice(0, 2)) expect(errorSummary(res.text).length).toBe(refused.errors.length);
    for (const res of answers.slice(2)) {
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.text).not.toContain("<script");
      expect(res.text).toContain("Your request has not been sent yet");
      for (const { message } of refused.errors) expect(res.text).toContain(`<li>${escapeHtml(message)}</li>`);
      expect(res.text).toContain(`href="${refused.base.path}"`);
      expect(res.text.length).toBeLessThan(2_000);
    }
    // The enhanced form's JSON is cheap already: never counted, never plain.
    const json = await post(app, refused.base.path, body, { Accept: "application/json" });
    expect(json.body).toEqual({ errors: refused.errors });
    const stored = await storedRequests(apps[apps.length - 1]);
    expect(stored).toEqual([]);
  });
});

describe("robots' traps", () => {
  test("the hidden field filled: the same 303 as a person gets (JSON: an event id), and nothing stored", async () => {
    const trapped: Form = [
      ...VISIT.form,
      ["shown_at", String(Date.now() - 10_000)],
      ["website", "https://spam.example"],
    ];
    const res = await post(site.app, VISIT.path, encode(trapped));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/requests/visit/sent");
    expect(res.headers["cache-control"]).toBe("no-store");
    const json = await post(site.app, VISIT.path, encode(trapped), { Accept: "application/json" });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ sent: true, eventId: expect.stringMatching(UUID) });
    await expectNothingStored();
  });

  test("sent 1 s after the form was shown: 400, the form again asking to send it again, nothing stored", async () => {
    const res = await post(site.app, VISIT.path, encode(sent(VISIT.form, 1_000)));
    expect(res.status).toBe(400);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(errorSummary(res.text).map(({ message }) => message)).toEqual([
      "Please check your answers and send the form again.",
    ]);
    // Nothing typed is lost.
    expect(sortedLists(formControls(res.text))).toEqual(sortedLists(typed(VISIT.form)));
    const json = await post(site.app, VISIT.path, encode(sent(VISIT.form, 1_000)), { Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      errors: [{ field: "form", message: "Please check your answers and send the form again." }],
    });
    await expectNothingStored();
  });

  test("sent 3.5 s after it was shown: a person's pace, accepted", async () => {
    expect((await post(site.app, VISIT.path, encode(sent(VISIT.form, 3_500)))).status).toBe(303);
    expect(await storedRequests(site)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Refused before the body is read.

describe("only the site's own pages may post: 403, nothing stored", () => {
  test.each([
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["the site's origin on another scheme", { Origin: "https://localhost:3000" }],
    // Compared as sent: a browser sends the serialized origin, never user info, a path or capitals.
    ["the site's host with credentials before it", { Origin: "http://evil@localhost:3000" }],
    ["the site's origin with a trailing slash", { Origin: "http://localhost:3000/" }],
    ["the site's origin in capitals", { Origin: "HTTP://LOCALHOST:3000" }],
    ["Sec-Fetch-Site: cross-site (with the site's Origin)", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["no Origin", { Origin: "" }],
    ["no Origin nor Sec-Fetch-Site", { Origin: "", "Sec-Fetch-Site": "" }],
    ["Origin: null (a sandboxed frame)", { Origin: "null" }],
  ])("%s", async (_name, headers) => {
    const res = await post(site.app, VISIT.path, encode(sent(VISIT.form)), headers);
    expect(res.status).toBe(403);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toBe("Requests can only be sent from this site's own pages.");
    const json = await post(site.app, VISIT.path, encode(sent(VISIT.form)), { ...headers, Accept: "application/json" });
    expect(json.status).toBe(403);
    expect(json.body).toEqual({
      error: "cross_site",
      message: "Requests can only be sent from this site's own pages.",
    });
    await expectNothingStored();
  });

  test("without Sec-Fetch-Site (an older browser), the site's Origin is enough", async () => {
    expect((await post(site.app, VISIT.path, encode(sent(VISIT.form)), { "Sec-Fetch-Site": "" })).status).toBe(303);
  });
});

describe("a kind the region does not offer is no address: 404, nothing stored", () => {
  test.each([
    ["a visit in the US (no showroom there)", "/us/requests/visit", VISIT.form],
    ["a consultation in the UK", "/requests/consultation", validOf("consultation", "us").form],
    ["a kind there is not", "/requests/brochure", VISIT.form],
  ])("%s", async (_name, path, form) => {
    const res = await post(site.app, path, encode(sent(form)));
    expect(res.status).toBe(404);
    expect(res.headers["cache-control"]).toBe("no-store");
    await expectNothingStored();
  });

  test("GET /requests/visit is the form's own page; GET /us/requests/visit is a 404", async () => {
    const page = await request(site.app).get("/requests/visit");
    expect(page.status).toBe(200);
    const form = /<form\b[^>]*class="request-form__form"[^>]*>/.exec(page.text)?.[0];
    expect(form).toBeDefined();
    expect(attribute(form!, "action")).toBe("/requests/visit");
    expect(attribute(form!, "method")).toBe("post");
    // A fresh form: no error summary, nothing chosen.
    expect(elementByClass(page.text, "div", "error-summary")).toBeUndefined();
    expect((await request(site.app).get("/us/requests/visit")).status).toBe(404);
    expect((await request(site.app).get("/us/requests/consultation")).status).toBe(200);
  });
});

describe("only the form's body, as a browser sends it", () => {
  test.each([
    ["text/plain", "text/plain", encode(sent(VISIT.form))],
    ["JSON", "application/json", JSON.stringify(Object.fromEntries(sent(VISIT.form)))],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n`,
    ],
  ])("a %s body: 415, nothing stored", async (_name, type, body) => {
    const res = await post(site.app, VISIT.path, body, { "Content-Type": type });
    expect(res.status).toBe(415);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toBe("Send the form as application/x-www-form-urlencoded.");
    await expectNothingStored();
  });

  /** The valid visit padded with a field the form does not have, to exactly `bytes` bytes. */
  const paddedTo = (bytes: number) => {
    const body = encode(sent(VISIT.form));
    return `${body}&pad=${"x".repeat(bytes - body.length - "&pad=".length)}`;
  };

  test("8 KiB is the most a form may be: 8,192 bytes are taken, 8,193 are 413 and nothing stored", async () => {
    expect(Buffer.byteLength(paddedTo(8192))).toBe(8192);
    expect((await post(site.app, VISIT.path, paddedTo(8192))).status).toBe(303);
    const res = await post(site.app, VISIT.path, paddedTo(8193));
    expect(res.status).toBe(413);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toBe("The form is larger than it can be.");
    expect(await storedRequests(site)).toHaveLength(1);
  });

  test("40 fields are taken; 41 are refused (400) and nothing stored", async () => {
    const withFields = (count: number) => {
      const form = sent(VISIT.form);
      for (let i = 0; form.length < count; i++) form.push([`extra${i}`, "x"]);
      return encode(form);
    };
    expect((await post(site.app, VISIT.path, withFields(40))).status).toBe(303);
    const res = await post(site.app, VISIT.path, withFields(41));
    expect(res.status).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await storedRequests(site)).toHaveLength(1);
  });

  test("a field the form has once, sent twice (two names): 400, nothing stored", async () => {
    const twice: Form = [...sent(VISIT.form), ["name", "Someone Else"]];
    const res = await post(site.app, VISIT.path, encode(twice));
    expect(res.status).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toBe("The form could not be read: send it again from the page.");
    const json = await post(site.app, VISIT.path, encode(twice), { Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      error: "bad_body",
      message: "The form could not be read: send it again from the page.",
    });
    await expectNothingStored();
  });

  test("Content-Encoding: gzip is 415 before the body is read (the answer comes with 10 of its 8,000 bytes sent)", async () => {
    const server = await listening(site.app);
    try {
      for (const coding of ["gzip", "deflate", "br"])
        expect(
          await answerBeforeBody(server.port, VISIT.path, {
            Origin: SITE,
            "Content-Type": FORM_TYPE,
            "Content-Encoding": coding,
          }),
        ).toEqual({ status: 415, body: "Send the form uncompressed." });
    } finally {
      await server.close();
    }
    await expectNothingStored();
  });
});

/** The app listening on loopback, for requests whose bytes the test controls. */
async function listening(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends the headers and the first 10 bytes of a body announced as 8,000; resolves with the answer (the body is never finished). */
function answerBeforeBody(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, host: "127.0.0.1", method: "POST", path, headers: { ...headers, "Content-Length": "8000" } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      },
    );
    req.on("error", reject);
    req.write(Buffer.alloc(10, 0x1f));
  });
}

describe("the rate: 10 posts a minute per client", () => {
  test("the 11th post in a minute is 429 with Retry-After and nothing more stored; refusals count too", async () => {
    const limited = appWith({ env: {} });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await post(limited.app, VISIT.path, encode(sent(VISIT.form)))).status);
    // A refused post counts as one of the ten.
    statuses.push((await post(limited.app, VISIT.path, encode(sent(replacing("name", "")(VISIT.form))))).status);
    expect(statuses).toEqual([...Array(9).fill(303), 400]);
    expect(await storedRequests(limited)).toHaveLength(9);

    const res = await post(limited.app, VISIT.path, encode(sent(VISIT.form)));
    expect(res.status).toBe(429);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(res.text).toBe("Too many requests from here just now: please wait a minute and send it again.");
    const json = await post(limited.app, "/requests/quote", encode(sent(validOf("quote", "uk").form)), {
      Accept: "application/json",
    });
    expect(json.status).toBe(429);
    expect(json.body).toMatchObject({ error: "rate_limited" });
    expect(await storedRequests(limited)).toHaveLength(9);
  });

  test("posts from another site are refused before they count", async () => {
    const limited = appWith({ env: {} });
    for (let i = 0; i < 20; i++)
      expect(
        (await post(limited.app, VISIT.path, encode(sent(VISIT.form)), { Origin: "https://evil.example" })).status,
      ).toBe(403);
    expect((await post(limited.app, VISIT.path, encode(sent(VISIT.form)))).status).toBe(303);
  });
});

describe("a store that cannot take the request", () => {
  const failing = () =>
    appWith({
      wrapStore: (store) => ({
        ...store,
        add: async () => {
          throw new Error("SQLITE_FULL: database or disk is full");
        },
      }),
    });

  test("503: the form again with every answer kept and a message asking to send it again; Retry-After", async () => {
    const broken = failing();
    const res = await post(broken.app, VISIT.path, encode(sent(VISIT.form)));
    expect(res.status).toBe(503);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect(errorSummary(res.text).map(({ message }) => message)).toEqual([
      "We could not take your request just now. Your answers are still here: please send the form again.",
    ]);
    expect(sortedLists(formControls(res.text))).toEqual(sortedLists(typed(VISIT.form)));
    await expectNothingStored(broken);
  });

  test("asked for JSON: 503 with the message", async () => {
    const broken = failing();
    const res = await post(broken.app, VISIT.path, encode(sent(VISIT.form)), { Accept: "application/json" });
    expect(res.status).toBe(503);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      errors: [
        {
          field: "form",
          message: "We could not take your request just now. Your answers are still here: please send the form again.",
        },
      ],
    });
  });
});

describe("another spelling of a form's path never stores a request (docs/security.md, “Caches and URL spellings”)", () => {
  // Sent byte for byte: supertest and fetch would normalise some of them first.
  const SPELLINGS = [
    "/Requests/visit",
    "/REQUESTS/VISIT",
    "/requests/Visit",
    "/requests/visit/",
    "//requests/visit",
    "/requests//visit",
    "/requests/%76isit",
    "/%72equests/visit",
    "/requests%2Fvisit",
    "/requests/visit%2F",
    "/./requests/visit",
    "/x/../requests/visit",
    "/US/requests/quote",
    "/us/Requests/quote",
    "//us/requests/quote",
    "/%75s/requests/quote",
    "/us/requests/%71uote",
    "/us/requests/quote/",
  ];

  test("each is answered 405 or 404 (never a 303 nor a 5xx), and none is stored", async () => {
    const server = await listening(site.app);
    const answers: Record<string, number> = {};
    try {
      for (const target of SPELLINGS) {
        const body = encode(sent(target.includes("us") ? validOf("quote", "us").form : VISIT.form));
        const res = await rawBodyRequest(
          server.port,
          "POST",
          target,
          { Origin: SITE, "Content-Type": FORM_TYPE, "Content-Length": String(Buffer.byteLength(body)) },
          body,
        );
        answers[target] = res.status;
      }
      // The exact spellings, on the same server, are taken: the spellings above were refused for their spelling alone.
      for (const target of ["/requests/visit", "/us/requests/quote"]) {
        const body = encode(sent(target === "/requests/visit" ? VISIT.form : validOf("quote", "us").form));
        const res = await rawBodyRequest(
          server.port,
          "POST",
          target,
          { Origin: SITE, "Content-Type": FORM_TYPE, "Content-Length": String(Buffer.byteLength(body)) },
          body,
        );
        expect(res.status).toBe(303);
      }
    } finally {
      await server.close();
    }
    // Each goes on to the pages, whose answer to a POST is 405; `/requests/Visit` is the forms' path
    // with a kind there is not, 404. A redirect would do as well: what matters is that none is a
    // 303 (the answer that says a request was taken) nor a 5xx, and nothing is stored.
    expect(answers).toEqual({
      ...Object.fromEntries(SPELLINGS.map((target) => [target, 405])),
      "/requests/Visit": 404,
    });
    expect((await storedRequests(site)).map((one) => one.request.kind).sort()).toEqual(["quote", "visit"]);
  });
});
