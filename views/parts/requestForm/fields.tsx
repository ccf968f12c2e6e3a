/**
 * The request forms' fields (docs/requests.md): each with its label, an optional hint and its
 * error beside it, tied together with `aria-describedby`, following GOV.UK's form patterns. Every
 * field is a plain control that posts without script.
 */
import type { ReactNode } from "react";
import type { FieldError } from "../../../shared/requests/requestSchema";
import type { Option } from "../../../shared/requests/requestOptions";

export type FormValues = Record<string, string | string[]>;

export interface FieldScope {
  /** The form's id: every control's id starts with it, so two forms on a page never share one. */
  formId: string;
  values: FormValues;
  errors: FieldError[];
}

export const fieldId = (scope: FieldScope, name: string) => `${scope.formId}-${name.replace(/_/g, "-")}`;
const errorOf = (scope: FieldScope, name: string) => scope.errors.find((error) => error.field === name)?.message;
const textOf = (scope: FieldScope, name: string) => {
  const value = scope.values[name];
  return typeof value === "string" ? value : "";
};
const listOf = (scope: FieldScope, name: string) => {
  const value = scope.values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
};

function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(" ") || undefined;

interface TextFieldProps {
  scope: FieldScope;
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  /** The width the answer needs (GOV.UK's fixed widths): `short` for a postcode, `medium` for a phone number. */
  width?: "short" | "medium";
  multiline?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
}

export function TextField(props: TextFieldProps) {
  const { scope, name, label, hint, optional, type = "text", autoComplete, inputMode, width, multiline } = props;
  const id = fieldId(scope, name);
  const error = errorOf(scope, name);
  const common = {
    id,
    name,
    autoComplete,
    defaultValue: textOf(scope, name),
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy(hint && `${id}-hint`, error && `${id}-error`),
    maxLength: props.maxLength,
    spellCheck: props.spellCheck,
    required: optional ? undefined : true,
  };
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={`${id}-error`} message={error} />
      {multiline ? (
        <textarea className="field__input field__input--multiline" rows={5} {...common} />
      ) : (
        <input
          className={`field__input${width ? ` field__input--${width}` : ""}`}
          type={type}
          inputMode={inputMode}
          {...common}
        />
      )}
    </div>
  );
}

interface ChoiceProps {
  scope: FieldScope;
  name: string;
  legend: string;
  hint?: string;
  options: readonly Option[];
  /** Checkboxes (several answers) or radios (one). */
  multiple?: boolean;
  /** Laid out in a row when the answers are short (days of the week). */
  inline?: boolean;
  /** Extra content per option, such as a swatch's colour. */
  decorate?: (option: Option) => ReactNode;
}

export function ChoiceField({ scope, name, legend, hint, options, multiple, inline, decorate }: ChoiceProps) {
  const id = fieldId(scope, name);
  const error = errorOf(scope, name);
  const chosen = multiple ? listOf(scope, name) : [textOf(scope, name)];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <fieldset
        className="field__set"
        id={id}
        tabIndex={-1}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      >
        <legend className="field__label">{legend}</legend>
        {hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        ) : null}
        <ErrorMessage id={`${id}-error`} message={error} />
        <div className={`choices${inline ? " choices--inline" : ""}`}>
          {options.map((option) => {
            // An id is one token: a sample's name ("American Black Walnut") becomes `american-black-walnut`.
            const optionId = `${id}-${option.value.toLowerCase().replace(/[^a-z0-9_-]+/g, "-")}`;
            return (
              <div key={option.value} className="choice">
                <input
                  className="choice__input"
                  type={multiple ? "checkbox" : "radio"}
                  id={optionId}
                  name={name}
                  value={option.value}
                  defaultChecked={chosen.includes(option.value)}
                />
                <label className="choice__label" htmlFor={optionId}>
                  {decorate?.(option)}
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * A choice made outside the form, by controls joined to it with their `form` attribute (the
 * samples page's swatches): when it needs fixing, this tells so at the top of the form, with the
 * id the error summary links to, so its link has somewhere to take focus; the hint says where the
 * choice is made. Nothing while the choice has no error.
 */
export function ChoiceElsewhere({
  scope,
  name,
  label,
  hint,
}: {
  scope: FieldScope;
  name: string;
  label: string;
  hint: string;
}) {
  const id = fieldId(scope, name);
  const error = errorOf(scope, name);
  if (!error) return null;
  // The shape of ChoiceField's group, without its choices.
  return (
    <div className="field field--error">
      <fieldset className="field__set" id={id} tabIndex={-1} aria-describedby={`${id}-hint ${id}-error`}>
        <legend className="field__label">{label}</legend>
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
        <ErrorMessage id={`${id}-error`} message={error} />
      </fieldset>
    </div>
  );
}

export function SelectField(props: {
  scope: FieldScope;
  name: string;
  label: string;
  options: readonly Option[];
  autoComplete?: string;
}) {
  const { scope, name, label, options, autoComplete } = props;
  const id = fieldId(scope, name);
  const error = errorOf(scope, name);
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <ErrorMessage id={`${id}-error`} message={error} />
      <select
        className="field__input field__input--select"
        id={id}
        name={name}
        autoComplete={autoComplete}
        defaultValue={textOf(scope, name)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * GOV.UK's error summary: at the top of the form, focused when it appears, each error a link to
 * its field. Rendered by the server too, with `autofocus`, so a form sent without script comes
 * back with focus on it.
 */
export function ErrorSummary({
  scope,
  focusRef,
}: {
  scope: FieldScope;
  focusRef?: (node: HTMLElement | null) => void;
}) {
  if (!scope.errors.length) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby={`${scope.formId}-problem`}
      tabIndex={-1}
      ref={focusRef}
      // biome-ignore lint/a11y/noAutofocus: GOV.UK's pattern: a form that comes back with errors puts focus on their summary
      autoFocus
    >
      <h2 className="error-summary__title" id={`${scope.formId}-problem`}>
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {scope.errors.map((error) => (
          <li key={error.field}>
            <a href={`#${error.field === "form" ? scope.formId : fieldId(scope, error.field)}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
