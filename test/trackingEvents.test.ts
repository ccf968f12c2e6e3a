/**
 * What the browser posts to /api/meta-capi (docs/behaviour.md section 5), without a browser: the payload of
 * an event and the names of Klaviyo form events, each checked against the relay's own schema.
 */
import { klaviyoFormEvent } from "../client/klaviyoForms";
import { honourSignal } from "../shared/privacyRules";
import { buildPayload, withPrivacySignal } from "../client/tracking";
import { parseTrackingPayload } from "../server/tracking/trackingPayload";

const SITE = "https://www.example.com";
const page = {
  url: "https://www.example.com/us/gallery/braybrook-st?fbclid=AbC123",
  title: "Braybrook Street",
  fbp: "fb.1.1700000000000.987654321",
  fbclid: "AbC123",
};

describe("the payload", () => {
  test("carries the event, the region from the path, fbp, fbclid as given and the page", () => {
    const payload = buildPayload("PageView", page);
    expect(payload).toEqual({
      event_name: "PageView",
      region: "us",
      fbp: "fb.1.1700000000000.987654321",
      fbclid: "AbC123",
      custom_data: { page_url: page.url, page_title: "Braybrook Street" },
    });
    expect(parseTrackingPayload(payload, SITE)).toMatchObject({ ok: true });
  });

  test("gb pages are region uk; a missing or malformed fbp or fbclid is left out, not sent", () => {
    const payload = buildPayload("PageView", {
      url: "https://www.example.com/info/about-us",
      title: "About",
      fbp: "not-a-cookie",
      fbclid: "a b",
    });
    expect(payload).toEqual({
      event_name: "PageView",
      region: "uk",
      custom_data: { page_url: "https://www.example.com/info/about-us", page_title: "About" },
    });
    expect(parseTrackingPayload(payload, SITE)).toMatchObject({ ok: true });
  });

  test("a query parameter holding an e-mail address (a campaign link's) is left out of page_url; the rest of the URL is kept as it was", () => {
    const landing = {
      ...page,
      url: `${SITE}/us/gallery?utm_source=news&email=jo%40example.com&fbclid=AbC123&ref=jo@example.com#top`,
    };
    const payload = buildPayload("PageView", landing);
    expect(payload.custom_data.page_url).toBe(`${SITE}/us/gallery?utm_source=news&fbclid=AbC123#top`);
    expect(parseTrackingPayload(payload, SITE)).toMatchObject({ ok: true });
    // Nothing to leave out: the URL exactly as the page has it (ids and timestamps are not phone numbers).
    const plain = `${SITE}/us/gallery?ts=1700000000000&fbclid=AbC123`;
    expect(buildPayload("PageView", { ...page, url: plain }).custom_data.page_url).toBe(plain);
    expect(parseTrackingPayload(buildPayload("PageView", { ...page, url: plain }), SITE)).toMatchObject({ ok: true });
  });

  test("a long title is cut to what the relay takes", () => {
    expect(buildPayload("PageView", { ...page, title: "x".repeat(400) }).custom_data.page_title).toHaveLength(300);
  });
});

test("a visitor who turned marketing on over Global Privacy Control posts gpc_opt_in: true; no one else posts the field", () => {
  const payload = buildPayload("PageView", page);
  const consent = (gpc: boolean, gpcOptIn: boolean) =>
    honourSignal({ functional: false, marketing: true, gpcOptIn, decided: true }, { model: "opt-in", gpc });
  expect(withPrivacySignal(payload, consent(true, true))).toEqual({ ...payload, gpc_opt_in: true });
  expect(withPrivacySignal(payload, consent(false, true))).toEqual(payload);
  expect(withPrivacySignal(payload, consent(false, false))).toEqual(payload);
});

describe("Klaviyo form events", () => {
  test.each([
    [{ type: "submit", formId: "RkTq8v" }, "klaviyo_form_RkTq8v", undefined],
    [{ type: "stepSubmit", formId: "RkTq8v", metaData: { $source: "Footer" } }, "klaviyo_form_RkTq8v_step", "Footer"],
    [{ type: "viewedStep", formId: "RkTq8v", metaData: { $source: "Footer" } }, "klaviyo_form_RkTq8v_view", "Footer"],
  ])("%j is forwarded as %s", (detail, name, source) => {
    const event = klaviyoFormEvent(detail)!;
    expect(event.name).toBe(name);
    expect(event.data.step_source).toBe(source);
    expect(parseTrackingPayload(buildPayload(event.name, page, event.data), SITE)).toMatchObject({ ok: true });
  });

  test.each([
    null,
    {},
    { type: "open", formId: "RkTq8v" },
    { type: "submit" },
    { type: "submit", formId: "Rk-q8v" },
    { type: "submit", formId: "x".repeat(41) },
  ])("%j is not forwarded", (detail) => expect(klaviyoFormEvent(detail as never)).toBeNull());
});

describe("the relay's check of a payload names the first bad field and what is wrong with it", () => {
  const valid = () => ({
    event_name: "PageView",
    region: "uk",
    custom_data: { page_url: "https://example.test/", page_title: "Home" },
  });
  const problemOf = (body: unknown) => {
    const parsed = parseTrackingPayload(body, "https://example.test");
    return parsed.ok ? "accepted" : parsed.problem;
  };
  const withData = (event_name: string, extra: Record<string, unknown>) => ({
    ...valid(),
    event_name,
    custom_data: { ...valid().custom_data, ...extra },
  });

  test("a parameter the event does not take is named, with the ones it takes", () => {
    expect(problemOf(withData("PageView", { value: 1, currency: "GBP" }))).toEqual({
      field: "custom_data.value",
      error: "custom_data.value: not a parameter of PageView events (page_url, page_title)",
    });
    expect(problemOf(withData("klaviyo_form_RkTq8v", { form_id: "RkTq8v", step_source: "Footer" }))).toEqual({
      field: "custom_data.step_source",
      error: "custom_data.step_source: not a parameter of klaviyo_form_RkTq8v events (page_url, page_title, form_id)",
    });
  });

  test("contact details are refused wherever free text is taken, saying why", () => {
    expect(problemOf(withData("Lead", { content_name: "jo@example.com" }))).toEqual({
      field: "custom_data.content_name",
      error: "custom_data.content_name: looks like an e-mail address: contact details are never sent",
    });
    expect(problemOf(withData("Lead", { content_category: "(212) 555-0199" }))).toMatchObject({
      field: "custom_data.content_category",
    });
    // Dates, years and prices are not phone numbers.
    expect(
      problemOf(
        withData("Lead", { content_name: "Kitchens 2024-2025, from 12.03.2024", value: 12500, currency: "GBP" }),
      ),
    ).toBe("accepted");
  });

  test("a page_url must be a page of the site", () => {
    expect(
      problemOf({ ...valid(), custom_data: { page_url: "https://example.test.evil.example/", page_title: "Home" } }),
    ).toEqual({
      field: "custom_data.page_url",
      error: "custom_data.page_url: a page of this site (https://example.test)",
    });
  });

  test("a missing field is 'required'; a wrong one says what it should be", () => {
    const { event_name: _event, ...noEvent } = valid();
    expect(problemOf(noEvent)).toEqual({ field: "event_name", error: "event_name: required" });
    expect(problemOf({ ...valid(), custom_data: { page_title: "Home" } })).toEqual({
      field: "custom_data.page_url",
      error: "custom_data.page_url: required",
    });
    expect(problemOf({ ...valid(), custom_data: { page_title: "Home", page_url: 5 } })).toEqual({
      field: "custom_data.page_url",
      error: "custom_data.page_url: Invalid input: expected string, received number",
    });
    expect(problemOf({ ...valid(), region: "fr" })).toEqual({ field: "region", error: "region: us or uk" });
  });

  test("an unknown field is named by its own name; a body that is not an object is named 'body'", () => {
    expect(problemOf({ ...valid(), extra: 1 })).toEqual({ field: "extra", error: "extra: unknown field" });
    for (const body of [null, [], "PageView", 42])
      expect(problemOf(body)).toEqual({ field: "body", error: "body: a JSON object" });
  });
});
