/**
 * @jest-environment jsdom
 */
/**
 * An accepted request as Meta's conversion (client/requestConversions.ts, docs/requests.md,
 * "Privacy"): the relay's copy and the data layer's copy carry the request's own id as their
 * event id, so Meta counts the request once; each kind is its Meta event (Schedule, Lead,
 * SubmitApplication); and nothing is sent while marketing is not allowed, as page views are not.
 */
import { trackRequestConversions } from "../client/requestConversions";
import { META_EVENT_OF, REQUEST_KINDS, type RequestKind } from "../shared/requests/requestKinds";
import { REQUEST_SENT_EVENT, type RequestSentDetail } from "../views/parts/requestForm/useRequestSubmit";

const page = window as { dataLayer?: unknown[] };
let marketing = true;
const track = jest.fn();
// Listening once for the whole file: the listener reads the consent each time, as the page's does.
trackRequestConversions(track, () => ({ marketing }) as never);

beforeEach(() => {
  marketing = true;
  track.mockClear();
  page.dataLayer = [];
});

/** The form's announcement of an accepted request (views/parts/requestForm/useRequestSubmit.ts). */
const sent = (kind: RequestKind, eventId: string) =>
  window.dispatchEvent(
    new CustomEvent<RequestSentDetail>(REQUEST_SENT_EVENT, {
      detail: { kind, eventName: META_EVENT_OF[kind], eventId },
    }),
  );

test("each kind is its Meta event: a visit or a consultation Schedule, samples SubmitApplication, a quote Lead", () => {
  expect(META_EVENT_OF).toEqual({
    visit: "Schedule",
    consultation: "Schedule",
    samples: "SubmitApplication",
    quote: "Lead",
  });
});

test.each(REQUEST_KINDS)("a %s accepted: the relay's copy and the data layer's share the request's id", (kind) => {
  const id = `req-${kind}-4d1f`;
  sent(kind, id);
  expect(track.mock.calls).toEqual([[META_EVENT_OF[kind], { content_category: kind }, id]]);
  expect(page.dataLayer).toEqual([
    { event: "request_sent", meta_event: META_EVENT_OF[kind], event_id: id, request_kind: kind },
  ]);
});

test("marketing not allowed: neither copy is sent", () => {
  marketing = false;
  sent("quote", "req-refused");
  expect(track).not.toHaveBeenCalled();
  expect(page.dataLayer).toEqual([]);
});

test("one accepted request is one conversion: two requests are two ids, never one id twice", () => {
  sent("visit", "req-a");
  sent("visit", "req-b");
  expect(track.mock.calls.map((call) => call[2])).toEqual(["req-a", "req-b"]);
});
