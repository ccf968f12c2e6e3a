/**
 * The footer's Klaviyo form id (`klaviyo_footer_form_id`, free text in Prismic) becomes a class
 * name and an event name: only a Klaviyo form id (letters and digits) is used; anything else an
 * editor types is ignored, with a warning in the server's log.
 */
import type { NavigationDocument } from "../shared/documents";
import { buildSiteChrome } from "../server/content/siteChrome";
import { readDocument } from "./support/contentFiles";

const footerWith = (formId: string | null) => {
  const footer = readDocument("en-gb", "navigation", "footer");
  return { ...footer, data: { ...footer.data, klaviyo_footer_form_id: formId } } as unknown as NavigationDocument;
};

function chromeWith(formId: string | null) {
  const warnings: string[] = [];
  const chrome = buildSiteChrome("gb", [footerWith(formId)], null, (message) => warnings.push(message));
  return { formId: chrome.footerFormId, warnings };
}

test("a Klaviyo form id is kept as it is", () => {
  expect(chromeWith("RkTq8v")).toEqual({ formId: "RkTq8v", warnings: [] });
});

test("no id: no form, and nothing to warn about", () => {
  expect(chromeWith(null)).toEqual({ formId: null, warnings: [] });
  expect(chromeWith("")).toEqual({ formId: null, warnings: [] });
});

test.each(["Gravida dictum fusce", "RkTq8v x", "form-1", '"><script>', "a".repeat(41)])(
  "%j is ignored with a warning naming the field",
  (bad) => {
    const { formId, warnings } = chromeWith(bad);
    expect(formId).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("klaviyo_footer_form_id");
  },
);
