import { useLocation } from "react-router";
import { categoriesFor, settingsName } from "../../shared/consentTexts";
import {
  privacyChoicesHosted,
  privacyChoicesIntro,
  privacyChoicesSaved,
  privacyChoicesSignalText,
} from "../../shared/privacyChoicesTexts";
import { localizePath } from "../../shared/locales";
import { regionFromPath } from "../../shared/region";
import { PRIVACY_CHOICES_PATH } from "../../shared/routeTable";
import { useLocale } from "../siteData";
import { useSiteFeatures } from "../siteFeatures";

/** The form's fields, as the server reads them (server/consent/privacyChoicesForm.ts). */
export const CHOICE_ACTIONS = { save: "Save choices", "accept-all": "Accept all", "reject-all": "Reject all" } as const;

/**
 * The privacy choices page ("Cookie settings"; on /us "Your Privacy Choices"), where the footer's
 * link leads: the choices explained and a plain form that posts to the server, which answers with
 * the consent cookie the banner writes (docs/tracking-privacy.md, "Without script"). The same page
 * for every visitor, so it is cached like any other: the switches start from the page's consent
 * model, and the browser's consent manager sets them to the choice in force when it runs.
 */
export default function PrivacyChoicesPage() {
  const locale = useLocale();
  const { search, pathname } = useLocation();
  const { consentManager, usConsentModel } = useSiteFeatures();
  const region = regionFromPath(pathname);
  const model = region === "us" ? usConsentModel : "opt-in";
  const title = settingsName({ region });
  const saved = new URLSearchParams(search).get("saved") === "1";
  const action = localizePath(PRIVACY_CHOICES_PATH, locale);
  return (
    <article className="page page--content page--privacy-choices">
      <h1 className="page__title">{title}</h1>
      <div className="privacy-choices">
        {saved ? (
          // A status already in the page as it loads is not announced: it takes the focus instead (the
          // served `autofocus`, so without script too), and the title says it first (docs/accessibility.md).
          // biome-ignore lint/a11y/noAutofocus: the page after a save; what it has to say is this message
          <p className="privacy-choices__saved" role="status" tabIndex={-1} autoFocus>
            {privacyChoicesSaved}
          </p>
        ) : null}
        {privacyChoicesIntro({ region, model }).map((text) => (
          <p key={text}>{text}</p>
        ))}
        {consentManager === "banner" ? (
          <form method="post" action={action} className="privacy-choices__form" data-privacy-choices="">
            <fieldset>
              <legend>{region === "us" ? "Choose what we may do" : "Choose the cookies we may use"}</legend>
              <ul className="privacy-choices__categories">
                {categoriesFor({ region, model, gpc: false }).map(({ id, label, text }) => (
                  <li key={id} className="privacy-choices__category">
                    {id === "necessary" ? (
                      <>
                        <span className="privacy-choices__label">{label}</span>
                        <p>{text}</p>
                      </>
                    ) : (
                      <>
                        <input
                          type="checkbox"
                          id={`choice-${id}`}
                          name={id}
                          value="on"
                          defaultChecked={model === "opt-out"}
                          aria-describedby={`choice-${id}-text`}
                        />
                        <label htmlFor={`choice-${id}`} className="privacy-choices__label">
                          {label}
                        </label>
                        <p id={`choice-${id}-text`}>{text}</p>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </fieldset>
            <p className="consent-signal consent-signal--absent">{privacyChoicesSignalText(region)}</p>
            <div className="privacy-choices__actions">
              {Object.entries(CHOICE_ACTIONS).map(([value, label]) => (
                <button
                  key={value}
                  type="submit"
                  name="choice"
                  value={value}
                  className={`button ${value === "save" ? "button--solid" : "button--outlined"}`}
                >
                  {label}
                </button>
              ))}
            </div>
          </form>
        ) : consentManager === "usercentrics" ? (
          <>
            <p>{privacyChoicesHosted}</p>
            <p>
              <a className="button button--solid" href={action} data-consent-settings="">
                {`Open ${title.toLowerCase()}`}
              </a>
            </p>
          </>
        ) : (
          <p>This site uses no optional cookies, so there is nothing to choose.</p>
        )}
      </div>
    </article>
  );
}
