/**
 * A request form once the app runs (docs/requests.md, "With script"): the answers are checked
 * in place with the same rules the server applies (loaded with the first submit, so no page pays
 * for them before it), errors show beside each field and in the summary, which takes focus; a
 * form that passes is posted with `fetch` to the same address, which answers JSON, and the
 * confirmation replaces the form and takes focus. The server stays the authority: its errors
 * are shown the same way. An accepted request announces itself with a `site:request-sent` event
 * (kind, Meta event name and event id), which the browser's tracking turns into the conversion
 * under the visitor's consent (client/requestConversions.ts).
 */
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { RequestFormAnswer } from "../../../shared/pageData";
import type { Region } from "../../../shared/region";
import { META_EVENT_OF, type RequestKind } from "../../../shared/requests/requestKinds";
import type { FieldError } from "../../../shared/requests/requestSchema";
import type { FormValues } from "./fields";

export const REQUEST_SENT_EVENT = "site:request-sent";

export interface RequestSentDetail {
  kind: RequestKind;
  eventName: (typeof META_EVENT_OF)[RequestKind];
  eventId: string;
}

interface SubmitState {
  values: FormValues;
  errors: FieldError[];
  sending: boolean;
  sent: boolean;
  /** Nothing was sent (the network, or the server refused the whole post): said above the form, answers kept. */
  failure: string | null;
  /** Counts the checks that found errors: the summary is drawn anew (and focused) after each. */
  attempt: number;
}

const COULD_NOT_SEND = "Your request could not be sent just now. Your answers are still here: please try again.";

/** The answers of a form as the server reads them (list fields repeat), with what joined the form by its `form` attribute. */
function answersOf(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  return body;
}

export function useRequestSubmit({
  kind,
  region,
  answer,
}: {
  kind: RequestKind;
  region: Region;
  answer?: RequestFormAnswer | null;
}) {
  const [state, setState] = useState<SubmitState>({
    values: answer?.values ?? {},
    errors: answer?.errors ?? [],
    sending: false,
    sent: false,
    failure: null,
    attempt: 0,
  });
  // Focus follows what changed: the summary when errors appear, the confirmation once sent.
  const summaryRef = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const sentRef = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    // The confirmation replaces a taller form, and focus alone only brings it into view, which can
    // leave the section's heading under the sticky header: the section (or the form's own page) is
    // brought to the top as a link to it is, below the header by the page's scroll-padding-top
    // (docs/accessibility.md, "The sticky header"). A window too short for both keeps the focused
    // confirmation in view first.
    node.closest("section, article")?.scrollIntoView({ block: "start" });
    if (node.getBoundingClientRect().bottom > window.innerHeight) node.scrollIntoView({ block: "nearest" });
    node.focus({ preventScroll: true });
  }, []);
  // Set at once, where `state.sending` waits for a render: a second submit while the rules load or
  // the post is on its way (a double click, Enter twice) would otherwise be a second lead.
  const inFlight = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await send(form);
    } finally {
      inFlight.current = false;
    }
  };

  const send = async (form: HTMLFormElement) => {
    const body = answersOf(form);
    // When the page was opened: the server refuses what comes back faster than a person types.
    body.set("shown_at", String(Math.round(performance.timeOrigin)));
    const { checkRequest, formFields } = await import("../../../shared/requests/requestSchema");
    const values = formFields(body) ?? {};
    const check = checkRequest(kind, region, values);
    if (!check.ok)
      return setState({
        values,
        errors: check.errors,
        sending: false,
        sent: false,
        failure: null,
        attempt: state.attempt + 1,
      });
    setState({ ...state, values, errors: [], sending: true, failure: null });
    try {
      const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } });
      const result = (await response.json().catch(() => null)) as {
        sent?: boolean;
        eventId?: string;
        errors?: FieldError[];
      } | null;
      if (response.ok && result?.sent) {
        setState({ ...state, values, errors: [], sending: false, sent: true, failure: null });
        if (result.eventId)
          window.dispatchEvent(
            new CustomEvent<RequestSentDetail>(REQUEST_SENT_EVENT, {
              detail: { kind, eventName: META_EVENT_OF[kind], eventId: result.eventId },
            }),
          );
        return;
      }
      if (result?.errors?.length)
        return setState({
          ...state,
          values,
          errors: result.errors,
          sending: false,
          failure: null,
          attempt: state.attempt + 1,
        });
      setState({ ...state, values, errors: [], sending: false, failure: COULD_NOT_SEND });
    } catch {
      setState({ ...state, values, errors: [], sending: false, failure: COULD_NOT_SEND });
    }
  };

  return { state, onSubmit, summaryRef, sentRef };
}
