/**
 * A request form (docs/requests.md): the kind's own questions, then the contact details, the
 * "keep me posted" box and the button. A plain HTML form that posts to `/requests/{kind}` and
 * works without script and without any third party; once the app runs, the same form checks its
 * answers in place and is sent without leaving the page (useRequestSubmit.ts).
 */
import type { ReactNode } from "react";
import { localeFromPath, localizePath } from "../../../shared/locales";
import { regionFromPath } from "../../../shared/region";
import { KIND_TEXTS, requestPath, type RequestKind } from "../../../shared/requests/requestKinds";
import {
  BUDGETS,
  DAYS,
  ROOM_SIZES,
  ROOMS,
  SHOWROOMS,
  TIMEFRAMES,
  TIMES_OF_DAY,
  US_STATES,
} from "../../../shared/requests/requestOptions";
import {
  HONEYPOT_FIELD,
  KEEP_POSTED_FIELD,
  MAX_MESSAGE_LENGTH,
  MAX_SAMPLES,
  SHOWN_AT_FIELD,
} from "../../../shared/requests/requestSchema";
import type { RequestFormAnswer } from "../../../shared/pageData";
import type { Region } from "../../../shared/region";
import { ChoiceElsewhere, ChoiceField, ErrorSummary, type FieldScope, SelectField, TextField } from "./fields";
import { RequestSent } from "./RequestSent";
import { useRequestSubmit } from "./useRequestSubmit";

export interface RequestFormBodyProps {
  kind: RequestKind;
  /** The page's path: its region decides the questions. */
  pagePath: string;
  /** Where the request came from, sent with it; default `pagePath`. */
  sourcePage?: string;
  /** The form element's id; other controls join it with their `form` attribute (the samples page's swatches). */
  formId: string;
  submitLabel?: string | null;
  /** Samples to choose from inside the form; empty when the page's swatches carry the choice themselves. */
  samples?: readonly string[];
  /** A refused post, as the server answered it: the errors and what was typed. */
  answer?: RequestFormAnswer | null;
  /** The heading level of the confirmation shown in place. */
  headingLevel?: 2 | 3;
}

const POLICY_PATH = "/info/privacy-policy";

function KindQuestions({
  kind,
  region,
  scope,
  samples,
}: {
  kind: RequestKind;
  region: Region;
  scope: FieldScope;
  samples: readonly string[];
}): ReactNode {
  switch (kind) {
    case "visit":
      return (
        <>
          <ChoiceField
            scope={scope}
            name="showroom"
            legend="Which showroom would you like to visit?"
            options={SHOWROOMS}
          />
          <ChoiceField
            scope={scope}
            name="days"
            legend="Which days suit you?"
            hint="Choose all that apply. We open Monday to Saturday."
            options={DAYS}
            multiple
            inline
          />
          <ChoiceField scope={scope} name="time_of_day" legend="What time of day?" options={TIMES_OF_DAY} inline />
        </>
      );
    case "consultation":
      return (
        <>
          <ChoiceField
            scope={scope}
            name="days"
            legend="Which days suit you for a call?"
            hint="Choose all that apply. Times are Eastern Time unless you tell us otherwise in your message."
            options={DAYS}
            multiple
            inline
          />
          <ChoiceField scope={scope} name="time_of_day" legend="What time of day?" options={TIMES_OF_DAY} inline />
        </>
      );
    case "samples":
      return (
        <>
          {samples.length ? (
            <ChoiceField
              scope={scope}
              name="samples"
              legend="Which samples would you like?"
              hint={`Choose up to ${MAX_SAMPLES}.`}
              options={samples.map((name) => ({ value: name, label: name }))}
              multiple
            />
          ) : (
            // Chosen on the page's swatches, above the form: an error about them is told here.
            <ChoiceElsewhere
              scope={scope}
              name="samples"
              label="Your samples"
              hint={`Tick “Order a sample” on up to ${MAX_SAMPLES} swatches above.`}
            />
          )}
          <fieldset className="field__set field__set--address">
            <legend className="field__label">Where should we post them?</legend>
            <TextField scope={scope} name="address_line1" label="Address line 1" autoComplete="address-line1" />
            <TextField
              scope={scope}
              name="address_line2"
              label="Address line 2"
              optional
              autoComplete="address-line2"
            />
            <TextField
              scope={scope}
              name="town"
              label={region === "us" ? "City" : "Town or city"}
              autoComplete="address-level2"
              width="medium"
            />
            {region === "us" ? (
              <>
                <SelectField
                  scope={scope}
                  name="state"
                  label="State"
                  options={US_STATES}
                  autoComplete="address-level1"
                />
                <TextField
                  scope={scope}
                  name="zip"
                  label="ZIP code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  width="short"
                />
              </>
            ) : (
              <TextField scope={scope} name="postcode" label="Postcode" autoComplete="postal-code" width="short" />
            )}
          </fieldset>
        </>
      );
    case "quote":
      return (
        <>
          <ChoiceField scope={scope} name="room" legend="Which room is it for?" options={ROOMS} />
          <ChoiceField
            scope={scope}
            name="room_size"
            legend="Roughly how big is the room?"
            options={ROOM_SIZES[region]}
          />
          <ChoiceField
            scope={scope}
            name="budget"
            legend="What budget do you have in mind?"
            hint="Including fitting. A rough band is enough: it helps us suggest what fits."
            options={BUDGETS[region]}
          />
          <ChoiceField scope={scope} name="timeframe" legend="When would you like it done?" options={TIMEFRAMES} />
        </>
      );
  }
}

export function RequestFormBody(props: RequestFormBodyProps) {
  const { kind, pagePath, sourcePage = pagePath, formId, submitLabel, samples = [], answer, headingLevel = 2 } = props;
  const locale = localeFromPath(pagePath);
  const region = regionFromPath(pagePath);
  const { state, onSubmit, summaryRef, sentRef } = useRequestSubmit({ kind, region, answer });
  if (state.sent) return <RequestSent kind={kind} sentRef={sentRef} headingLevel={headingLevel} />;
  const scope: FieldScope = { formId, values: state.values, errors: state.errors };
  return (
    <form
      className="request-form__form"
      id={formId}
      method="post"
      action={requestPath(kind, locale)}
      noValidate
      onSubmit={onSubmit}
      data-request-form={kind}
      aria-busy={state.sending || undefined}
    >
      <ErrorSummary key={state.attempt} scope={scope} focusRef={summaryRef} />
      {state.failure ? (
        <p className="request-form__failure" role="alert">
          {state.failure}
        </p>
      ) : null}
      <input type="hidden" name="page" value={sourcePage} />
      <input type="hidden" name={SHOWN_AT_FIELD} value="" />
      <KindQuestions kind={kind} region={region} scope={scope} samples={samples} />
      <fieldset className="field__set">
        <legend className="field__label">Your details</legend>
        <TextField scope={scope} name="name" label="Full name" autoComplete="name" spellCheck={false} />
        <TextField
          scope={scope}
          name="email"
          label="Email address"
          hint="We will only use it to reply to this request."
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
        <TextField
          scope={scope}
          name="phone"
          label="Phone number"
          hint="If you would rather we called."
          optional
          type="tel"
          autoComplete="tel"
          width="medium"
        />
        <TextField
          scope={scope}
          name="message"
          label={kind === "samples" ? "Anything we should know?" : "Tell us about your project"}
          hint={`Up to ${MAX_MESSAGE_LENGTH.toLocaleString("en")} characters.`}
          optional
          multiline
          autoComplete="off"
        />
      </fieldset>
      {/* People never see this field; robots that fill every field do. */}
      <div className="request-form__trap" aria-hidden="true">
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Leave this empty</label>
        <input id={`${formId}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="choice choice--opt-in">
        <input
          className="choice__input"
          type="checkbox"
          id={`${formId}-keep-posted`}
          name={KEEP_POSTED_FIELD}
          value="on"
          defaultChecked={state.values[KEEP_POSTED_FIELD] === "on"}
        />
        <label className="choice__label" htmlFor={`${formId}-keep-posted`}>
          Keep me posted: send me occasional emails about new designs and events. You can unsubscribe at any time.
        </label>
      </div>
      <p className="request-form__privacy">
        We use your details only to answer this request, and keep them no longer than we need to. Read{" "}
        <a href={localizePath(POLICY_PATH, locale)}>how we handle your information</a>.
      </p>
      <button type="submit" className="button button--solid request-form__submit" disabled={state.sending}>
        {state.sending ? "Sending…" : submitLabel || KIND_TEXTS[kind].submit}
      </button>
    </form>
  );
}
