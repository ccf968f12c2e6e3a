/**
 * The KlaviyoForm slice as the server renders it (docs/requests.md, "Klaviyo's own forms"): the
 * site's own request form is always there, so a visitor without script, without consent or
 * without Klaviyo has a form; beside it, with Klaviyo configured and a form id that is one, the
 * empty `klaviyo-form-{id}` element Klaviyo fills. The switch between the two is the browser's
 * (test/browser/klaviyoFallback.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { RichTextField } from "@prismicio/client";
import type { KlaviyoFormSlice } from "../shared/prismicio-types";
import { KLAVIYO_FORM_ID as SHARED_KLAVIYO_FORM_ID } from "../shared/klaviyoFormId";
import { KIND_TEXTS, REQUEST_KINDS } from "../shared/requests/requestKinds";
import KlaviyoForm, { FALLBACK_KINDS, KLAVIYO_FORM_ID } from "../views/slices/KlaviyoForm";
import { NO_FEATURES, SiteFeaturesContext, type SiteFeatures } from "../views/siteFeatures";
import { elementByClass, visibleText } from "./support/html";
import { renderInSite } from "./support/renderInSite";
import { ROOT } from "./support/testApp";

const KLAVIYO: SiteFeatures = { ...NO_FEATURES, klaviyo: true };

function klaviyoForm(primary: Partial<Record<keyof KlaviyoFormSlice["primary"], unknown>> = {}): KlaviyoFormSlice {
  return {
    slice_type: "klaviyo_form",
    slice_label: null,
    id: "klaviyo_form$1",
    variation: "default",
    version: "initial",
    items: [],
    primary: {
      heading: "Start with a showroom visit",
      intro: [{ type: "paragraph", text: "Tell us when suits you.", spans: [] }] as unknown as RichTextField,
      form_id: "Hs8vTq",
      fallback: "Showroom visit",
      anchor: "start-here",
      ...primary,
    },
  } as unknown as KlaviyoFormSlice;
}

const render = (slice: KlaviyoFormSlice, { features = KLAVIYO, path = "/", index = 2 } = {}) =>
  renderInSite(
    <SiteFeaturesContext value={features}>
      <KlaviyoForm slice={slice} index={index} />
    </SiteFeaturesContext>,
    { path },
  );

/** The wrapper of the site's own form, which client/klaviyoFallback.ts hides once Klaviyo has drawn. */
const ownForm = (html: string) => elementByClass(html, "div", "klaviyo-signup__own");

test("with Klaviyo configured: the site's own form, visible, with Klaviyo's empty placeholder before it", async () => {
  const html = await render(klaviyoForm());
  expect(html).toMatch(
    /^<section class="slice request-form klaviyo-signup" id="start-here" data-slice-type="klaviyo_form" data-variation="default" data-klaviyo-fallback="Hs8vTq">/,
  );
  expect(html).toContain('<h2 class="request-form__heading">Start with a showroom visit</h2>');
  expect(visibleText(html)).toContain("Tell us when suits you.");
  // Exactly the element Klaviyo's script looks for, empty: React leaves what Klaviyo draws there alone.
  expect(html).toContain('<div class="klaviyo-form-Hs8vTq"></div><div class="klaviyo-signup__own"');
  const own = ownForm(html)!;
  expect(own).toMatch(/^<div class="klaviyo-signup__own" data-klaviyo-fallback-form="true">/);
  // Nothing hides it on the server: without script this is the form.
  expect(own).not.toMatch(/\shidden\b/);
  expect(own).toContain('action="/requests/visit"');
  expect(own).toContain('data-request-form="visit"');
  expect(own).toContain('<input type="hidden" name="page" value="/"/>');
  expect(visibleText(own)).toContain(KIND_TEXTS.visit.submit);
});

test.each([
  ["words", "Gravida dictum fusce"],
  ["an id and more", "RkTq8v x"],
  ["a hyphen", "form-1"],
  ["markup", '"><script>'],
  ["41 characters", "a".repeat(41)],
  ["empty", ""],
  ["nothing", null],
])("a form id that is not one (%s): no placeholder, just the site's own form", async (_, formId) => {
  const html = await render(klaviyoForm({ form_id: formId }));
  expect(html).not.toContain("klaviyo-form-");
  expect(html).not.toContain("data-klaviyo-fallback=");
  expect(ownForm(html)).toContain('data-request-form="visit"');
});

test("without Klaviyo configured: no placeholder, just the site's own form", async () => {
  const html = await render(klaviyoForm(), { features: NO_FEATURES });
  expect(html).not.toContain("klaviyo-form-");
  expect(html).not.toContain("data-klaviyo-fallback=");
  expect(ownForm(html)).toContain('data-request-form="visit"');
});

test("the form id follows the footer's rule (shared/klaviyoFormId.ts), spelled out in the view", () => {
  expect(KLAVIYO_FORM_ID.source).toBe(SHARED_KLAVIYO_FORM_ID.source);
  expect(KLAVIYO_FORM_ID.flags).toBe(SHARED_KLAVIYO_FORM_ID.flags);
});

test("every option of the model's fallback Select is a request kind, each kind once", () => {
  const model = JSON.parse(fs.readFileSync(path.join(ROOT, "views/slices/KlaviyoForm/model.json"), "utf8"));
  const config = model.variations[0].primary.fallback.config as { options: string[]; default_value: string };
  expect(config.options.map((option) => FALLBACK_KINDS[option])).toEqual([...REQUEST_KINDS]);
  expect(Object.keys(FALLBACK_KINDS).sort()).toEqual([...config.options].sort());
  expect(FALLBACK_KINDS[config.default_value]).toBe("quote");
});

test.each([
  ["Quote", "/", "/requests/quote"],
  ["Quote", "/us", "/us/requests/quote"],
  ["Video consultation", "/us", "/us/requests/consultation"],
  // A kind the page's region does not offer is the form of the region that does, as the RequestForm slice's.
  ["Video consultation", "/", "/us/requests/consultation"],
  ["Showroom visit", "/us", "/requests/visit"],
  // An option the code does not know (a label renamed in Prismic before the code): a quote, never no form.
  ["Kitchen tour", "/", "/requests/quote"],
  ["constructor", "/", "/requests/quote"],
  [null, "/us", "/us/requests/quote"],
])("fallback %j on %s posts to %s", async (fallback, path, action) => {
  const html = await render(klaviyoForm({ fallback }), { path });
  expect(ownForm(html)).toContain(`action="${action}"`);
  expect(ownForm(html)).toContain(`<input type="hidden" name="page" value="${path}"/>`);
});

test("samples off the samples page: a way to the samples page's form, as the RequestForm slice", async () => {
  const html = await render(klaviyoForm({ fallback: "Samples" }), { path: "/us" });
  expect(ownForm(html)).not.toContain("<form");
  expect(ownForm(html)).toContain('href="/us/materials/samples#request-samples-form"');
});

test("the editor's words, or the kind's own; the first slice owns the page's h1; an anchor by default", async () => {
  const html = await render(klaviyoForm({ heading: null, anchor: " " }), { index: 0 });
  expect(html).toContain(`<h1 class="request-form__heading">${KIND_TEXTS.visit.title}</h1>`);
  expect(html).toContain('id="signup-form"');
});

test("an anchor the page uses itself (the hydration data's, main) is not taken: the slice's own instead", async () => {
  for (const anchor of ["router-hydration", "main"]) {
    const html = await render(klaviyoForm({ anchor }));
    expect(html).toContain('id="signup-form"');
    expect(html).not.toContain(`id="${anchor}"`);
  }
});
