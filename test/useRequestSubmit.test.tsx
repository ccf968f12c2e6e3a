/**
 * @jest-environment jsdom
 */
/**
 * The enhanced request form (views/parts/requestForm/useRequestSubmit.ts, docs/requests.md,
 * "With script") in a DOM of its own, its post answered by a stand-in `fetch`: a form sent twice
 * before the first post is answered (a double click, Enter pressed twice while the rules load) is
 * posted once, so the business gets one lead and Meta one conversion; once answered, the
 * confirmation replaces the form and the page is told of exactly one accepted request.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { RequestFormBody } from "../views/parts/requestForm/RequestFormBody";
import { REQUEST_SENT_EVENT } from "../views/parts/requestForm/useRequestSubmit";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let answer: (body: unknown) => void;
const fetchMock = jest.fn(
  () =>
    new Promise<Response>((resolve) => {
      answer = (body) => resolve({ ok: true, json: async () => body } as Response);
    }),
);
const announced: string[] = [];
window.addEventListener(REQUEST_SENT_EVENT, (event) => announced.push((event as CustomEvent).detail.eventId));

beforeEach(async () => {
  globalThis.fetch = fetchMock as never;
  fetchMock.mockClear();
  announced.length = 0;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<RequestFormBody kind="quote" pagePath="/us/quote" formId="quote-form" />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

/** A US quote answered as a visitor leaves it (the form is plain HTML, read as it is sent). */
function answerQuote(form: HTMLFormElement) {
  for (const [name, value] of [
    ["room", "kitchen"],
    ["room_size", "medium"],
    ["budget", "30k-50k"],
    ["timeframe", "6-months"],
  ])
    (form.querySelector(`input[name="${name}"][value="${value}"]`) as HTMLInputElement).checked = true;
  (form.elements.namedItem("name") as HTMLInputElement).value = "Ada Reed";
  (form.elements.namedItem("email") as HTMLInputElement).value = "ada@example.com";
}

const submit = (form: HTMLFormElement) => form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));

test("sent twice before the first post is answered: posted once, one confirmation, one conversion", async () => {
  const form = container.querySelector("form")!;
  answerQuote(form);
  await act(async () => {
    submit(form);
    submit(form);
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await act(async () => answer({ sent: true, eventId: "req-1" }));
  expect(container.querySelector("form")).toBeNull();
  expect(container.querySelector(".request-sent")).not.toBeNull();
  expect(announced).toEqual(["req-1"]);
});

test("a form the rules refuse posts nothing, and can be sent again once fixed", async () => {
  const form = container.querySelector("form")!;
  await act(async () => void submit(form));
  expect(fetchMock).not.toHaveBeenCalled();
  expect(container.querySelectorAll(".error-summary a").length).toBeGreaterThan(0);
  answerQuote(container.querySelector("form")!);
  await act(async () => void submit(container.querySelector("form")!));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
