/**
 * The request forms as visitors use them (docs/requests.md), in Chromium, by keyboard only (Tab,
 * Space, a radio group's arrows, typing; Enter on the button): the showroom visit (gb), the video
 * consultation (us), samples chosen on the samples page's swatches and a quote, each at phone
 * (375 × 740) and desktop (1280 × 900) sizes.
 *
 * - With script: an empty form first, whose error summary takes focus and whose first link moves
 *   focus to the field; then the answers, sent with fetch, and the confirmation in place, focused,
 *   saying what happens next; the request store holds one request more, and the inbox (the embedded
 *   default's destination) receives exactly that request.
 * - Without script: a form the rules refuse comes back as the 400 page, the summary focused by
 *   `autofocus`, every answer kept; fixed, it is a 303 to the confirmation page, whose reload
 *   sends nothing again.
 * - Six swatches: "Choose up to 5 samples".
 * - At 400 % zoom (a 320 × 256 window, as test/browser/keyboardJourneys.test.ts takes it), with
 *   the US opt-out notice waiting: every field of the quote form is reached by Tab (each option
 *   of a radio group by its arrows) and can be seen while it has focus, neither under the sticky
 *   header nor under the notice (docs/accessibility.md, "Nothing covers focus"), and the page
 *   never scrolls sideways.
 *
 * A server of the file's own: it reads the server's inbox (DATA_DIR), and its settings differ
 * from the shared one's. The consent manager runs (the stand-ins of test/support/tagStandIns.ts)
 * on the US opt-out model, so a UK visitor answers the banner first, by keyboard, and a US one
 * fills the form with the notice at the foot of the window, as real visitors do.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "puppeteer";
import { localeFromPath } from "../../shared/locales";
import { KIND_TEXTS, type RequestKind, requestPath, requestSentPath } from "../../shared/requests/requestKinds";
import { checkRequest } from "../../shared/requests/requestSchema";
import { MIN_FILL_MS } from "../../server/requests/requestIntake";
import { scrollSettled } from "../support/browserPage";
import { useStandInSiteAndBrowser } from "../support/browserSuite";
import { firstVisitTab } from "../support/firstVisitTab";
import {
  type Answers,
  answerByKeyboard,
  focusIs,
  focusSeen,
  formValues,
  inboxFiles,
  newInboxRequest,
  storedRequests,
  tabTo,
} from "../support/requestJourney";
import { until } from "../support/waitFor";

jest.setTimeout(90_000);

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "request-journeys-"));
const INBOX = path.join(DATA_DIR, "inbox");

const suite = useStandInSiteAndBrowser({
  US_CONSENT_MODEL: "opt-out",
  DATA_DIR,
  // One client (127.0.0.1) sends some twenty requests in a minute or two: more than the
  // per-client rate a visitor gets (docs/requests.md, "Checks, in order"), which is not what is
  // held here (test/requestGate.test.ts holds it).
  REQUESTS_RATE_LIMIT: "1000",
  // And renders more pages than a visitor's budget of uncached renders, as the run's shared server
  // allows (docs/security.md, "Uncached renders"; test/support/builtServer.ts).
  RENDER_BUDGET_PER_MINUTE: "0",
});
afterAll(async () => {
  await suite.server?.stop();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const ZOOM_400 = { width: 320, height: 256 };
type Size = typeof PHONE;

/** With script: a first visit in the file's one tab, the app awake (test/support/firstVisitTab.ts). */
const tab = firstVisitTab(() => suite.browser);
afterAll(() => tab.close());

/** Without script: one tab of its own with JavaScript turned off, page after page. */
let noScriptTab: Page | undefined;
async function noScript(size: Size): Promise<Page> {
  if (!noScriptTab) {
    const context = await suite.browser.createBrowserContext();
    noScriptTab = await context.newPage();
    await noScriptTab.setJavaScriptEnabled(false);
  }
  await noScriptTab.setViewport(size);
  return noScriptTab;
}

interface Journey {
  kind: RequestKind;
  region: "uk" | "us";
  /** The page the form is on (a hash where an in-page link leads to it). */
  path: string;
  formId: string;
  /** The first of the form's controls in Tab order (on the samples page, the first swatch's box). */
  first: string;
  answers: Answers;
  /** What the business receives: the fields as the rules return them. */
  fields: Record<string, unknown>;
  /** A first try without script that the rules refuse, and the summary's messages for it, in the form's order. */
  wrong: Answers;
  wrongErrors: string[];
}

const ADA = { name: "Ada Reed", email: "ada@example.com" };
const SIX_SAMPLES = ["Natural Oak", "Smoked Oak", "American Black Walnut", "Pale Ash", "Ink Navy", "Somerset Sage"];

const VISIT: Journey = {
  kind: "visit",
  region: "uk",
  path: "/info/book-appointment",
  formId: "request-visit-form",
  first: "#request-visit-form-showroom-frome",
  answers: {
    showroom: "london",
    days: ["tue", "sat"],
    time_of_day: "afternoon",
    ...ADA,
    phone: "01632 960 001",
    message: "Oak, and a larder by the window.",
    keep_posted: true,
  },
  fields: {
    showroom: "london",
    days: ["tue", "sat"],
    time_of_day: "afternoon",
    ...ADA,
    phone: "01632 960 001",
    message: "Oak, and a larder by the window.",
    keep_posted: true,
  },
  wrong: { days: ["tue"], name: "Ada Reed", email: "ada@example" },
  wrongErrors: [
    "Choose a showroom",
    "Choose a time of day",
    "Enter an email address in the correct format, like name@example.com",
  ],
};

const CONSULTATION: Journey = {
  kind: "consultation",
  region: "us",
  path: "/us/quote#consultation-form",
  formId: "request-consultation-form",
  first: "#request-consultation-form-days-mon",
  answers: {
    days: ["mon", "thu"],
    time_of_day: "morning",
    name: "Grace Okafor",
    email: "grace@example.com",
    phone: "",
    message: "A galley kitchen in Brooklyn.",
    keep_posted: false,
  },
  fields: {
    days: ["mon", "thu"],
    time_of_day: "morning",
    name: "Grace Okafor",
    email: "grace@example.com",
    message: "A galley kitchen in Brooklyn.",
    keep_posted: false,
  },
  wrong: { time_of_day: "any", email: "grace@example.com", phone: "call me" },
  wrongErrors: ["Choose at least one day", "Enter your name", "Enter a phone number, like (201) 555-0123"],
};

const UK_SAMPLES: Journey = {
  kind: "samples",
  region: "uk",
  path: "/materials/samples",
  formId: "request-samples-form",
  first: "#sample-0",
  answers: {
    samples: ["Natural Oak", "Ink Navy"],
    address_line1: "12 Market Street",
    town: "Frome",
    postcode: "ba11 1aa",
    ...ADA,
    keep_posted: false,
  },
  fields: {
    samples: ["Natural Oak", "Ink Navy"],
    address_line1: "12 Market Street",
    town: "Frome",
    postcode: "BA11 1AA",
    ...ADA,
    keep_posted: false,
  },
  wrong: { samples: SIX_SAMPLES, address_line1: "12 Market Street", postcode: "BA11 1AA", ...ADA },
  wrongErrors: ["Choose up to 5 samples", "Enter your town or city"],
};

const US_SAMPLES: Journey = {
  kind: "samples",
  region: "us",
  path: "/us/materials/samples",
  formId: "request-samples-form",
  first: "#sample-0",
  answers: {
    samples: ["Carrara Marble", "Brushed Brass"],
    address_line1: "350 Fifth Avenue",
    town: "New York",
    state: "NY",
    zip: "10118",
    name: "Grace Okafor",
    email: "grace@example.com",
    phone: "(201) 555-0123",
    keep_posted: true,
  },
  fields: {
    samples: ["Carrara Marble", "Brushed Brass"],
    address_line1: "350 Fifth Avenue",
    town: "New York",
    state: "NY",
    zip: "10118",
    name: "Grace Okafor",
    email: "grace@example.com",
    phone: "(201) 555-0123",
    keep_posted: true,
  },
  wrong: { town: "New York", zip: "1011", name: "Grace Okafor", email: "grace@example.com" },
  wrongErrors: [
    "Choose at least one sample",
    "Enter the first line of your address",
    "Choose your state",
    "Enter a ZIP code, like 10001 or 10001-0001",
  ],
};

const UK_QUOTE: Journey = {
  kind: "quote",
  region: "uk",
  path: "/quote",
  formId: "request-quote-form",
  first: "#request-quote-form-room-kitchen",
  answers: {
    room: "pantry",
    room_size: "medium",
    budget: "40k-60k",
    timeframe: "6-months",
    ...ADA,
    phone: "+44 1632 960 001",
    message: "A larder with oak shelves.",
    keep_posted: false,
  },
  fields: {
    room: "pantry",
    room_size: "medium",
    budget: "40k-60k",
    timeframe: "6-months",
    ...ADA,
    phone: "+44 1632 960 001",
    message: "A larder with oak shelves.",
    keep_posted: false,
  },
  wrong: { room: "pantry", budget: "unsure", name: "Ada Reed" },
  wrongErrors: ["Choose the rough size of the room", "Choose when you would like it done", "Enter your email address"],
};

const US_QUOTE: Journey = {
  kind: "quote",
  region: "us",
  path: "/us/quote",
  formId: "request-quote-form",
  first: "#request-quote-form-room-kitchen",
  answers: {
    room: "kitchen",
    room_size: "large",
    budget: "50k-80k",
    timeframe: "3-months",
    name: "Grace Okafor",
    email: "grace@example.com",
    keep_posted: true,
  },
  fields: {
    room: "kitchen",
    room_size: "large",
    budget: "50k-80k",
    timeframe: "3-months",
    name: "Grace Okafor",
    email: "grace@example.com",
    keep_posted: true,
  },
  wrong: { room: "kitchen", room_size: "large", budget: "50k-80k", timeframe: "exploring", email: "grace@example.com" },
  wrongErrors: ["Enter your name"],
};

/** Each journey at each size; samples and the quote in one region at each, so both regions' forms are met. */
const CASES: Array<[string, Journey, Size]> = [
  ["a showroom visit (gb) on a phone", VISIT, PHONE],
  ["a showroom visit (gb) on a desktop", VISIT, DESKTOP],
  ["a video consultation (us) on a phone", CONSULTATION, PHONE],
  ["a video consultation (us) on a desktop", CONSULTATION, DESKTOP],
  ["samples (gb) on a phone", UK_SAMPLES, PHONE],
  ["samples (us) on a desktop", US_SAMPLES, DESKTOP],
  ["a quote (us) on a phone", US_QUOTE, PHONE],
  ["a quote (gb) on a desktop", UK_QUOTE, DESKTOP],
];

/** The UK's consent banner is a modal dialog: a first visitor answers it first, by keyboard ("Reject all"). */
async function answerBanner(page: Page) {
  await page.waitForSelector("dialog.consent-dialog[open]");
  await tabTo(page, "dialog.consent-dialog button:nth-of-type(2)");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject all");
  await page.keyboard.press("Enter");
  await page.waitForSelector("dialog.consent-dialog", { hidden: true });
}

/** The error summary's messages and where each links. */
const summaryOf = (page: Page, formId: string) =>
  page.$$eval(`#${formId} .error-summary a`, (links) =>
    links.map((a) => ({ message: a.textContent, target: (a as HTMLAnchorElement).hash.slice(1) })),
  );

/** The messages an empty form gets, in the form's order: the rules' own (shared/requests/requestSchema.ts). */
function emptyFormErrors(journey: Journey): string[] {
  const check = checkRequest(journey.kind, journey.region, {});
  if (check.ok) throw new Error(`an empty ${journey.kind} form passed the rules`);
  return check.errors.map((error) => error.message);
}

/** The answers as the form holds them: a ticked single box is "on"; an unticked one and an empty text are left out, as formValues leaves them. */
function asPosted(answers: Answers): Record<string, string | string[]> {
  const posted: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answers)) {
    if (value === true) posted[name] = "on";
    else if (typeof value === "string" && value) posted[name] = value;
    else if (Array.isArray(value)) posted[name] = value.length === 1 ? value[0] : [...value];
  }
  return posted;
}

/** The page's path, without the hash. */
const pagePath = (journey: Journey) => journey.path.replace(/#.*$/, "");

/** Whether `first` comes before the focused element in the document (the visitor then goes back up with Shift+Tab). */
const beforeFocus = (page: Page, selector: string) =>
  page.$eval(selector, (el) => !!document.activeElement && !!(el.compareDocumentPosition(document.activeElement) & 4));

/** Waits until the focused element matches `selector`, naming what has focus instead. */
async function focusComesTo(page: Page, selector: string) {
  try {
    await until(`focus on ${selector}`, () => focusIs(page, selector), { timeoutMs: 10_000, intervalMs: 50 });
  } catch (error) {
    const label = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName.toLowerCase()}#${el.id}.${String(el.className)}` : "nothing";
    });
    throw new Error(`${(error as Error).message}; focus is on ${label}`);
  }
}

/** The request the inbox received matches what was typed: kind, region, page and fields. */
function expectDelivered(request: Awaited<ReturnType<typeof newInboxRequest>>, journey: Journey) {
  expect({ kind: request.kind, region: request.region, page: request.page }).toEqual({
    kind: journey.kind,
    region: journey.region,
    page: pagePath(journey),
  });
  expect(request.fields).toEqual(journey.fields);
}

describe("with script", () => {
  test.each(CASES)(
    "%s: an empty form's summary leads to its field; sent, the confirmation has focus",
    async (_, journey, size) => {
      const { formId, kind } = journey;
      const inboxBefore = inboxFiles(INBOX);
      const storedBefore = storedRequests(DATA_DIR);
      const page = await tab.open(`${suite.server.url}${journey.path}`, size);
      if (journey.region === "uk") await answerBanner(page);

      // An empty form: the summary takes focus, lists what to do, and its first link moves focus to that field.
      await tabTo(page, `#${formId} button[type=submit]`);
      await page.keyboard.press("Enter");
      await focusComesTo(page, `#${formId} .error-summary`);
      expect(await focusSeen(page)).toMatchObject({ hiddenBy: null });
      const summary = await summaryOf(page, formId);
      expect(summary.map((link) => link.message)).toEqual(emptyFormErrors(journey));
      await page.keyboard.press("Tab");
      expect(await focusIs(page, `#${formId} .error-summary li:first-child a`)).toBe(true);
      await page.keyboard.press("Enter");
      await focusComesTo(page, `[id="${summary[0].target}"]`);
      await scrollSettled(page);
      expect(await focusSeen(page)).toMatchObject({ hiddenBy: null });

      // The answers, by keyboard, from there (back up to the swatches on the samples page).
      if (await beforeFocus(page, journey.first)) await tabTo(page, journey.first, { back: true });
      await answerByKeyboard(page, formId, journey.answers);
      // The server refuses a form sent sooner after it was shown than a person fills it in
      // (docs/requests.md, "Checks, in order"); keys pressed by a test can be quicker.
      await page.waitForFunction((ms) => performance.now() > ms, {}, MIN_FILL_MS + 500);
      await page.keyboard.press("Enter");

      await focusComesTo(page, ".request-sent");
      expect(await focusSeen(page)).toMatchObject({ hiddenBy: null });
      const texts = KIND_TEXTS[kind];
      const said = await page.$eval(".request-sent", (el) => el.textContent);
      for (const words of [texts.sentTitle, "What happens next", ...texts.next]) expect(said).toContain(words);
      expect(await page.$(`#${formId}`)).toBeNull();

      // Stored before the answer; delivered to the inbox once, as typed.
      expect(storedRequests(DATA_DIR)).toBe(storedBefore + 1);
      expectDelivered(await newInboxRequest(INBOX, inboxBefore), journey);
    },
  );

  test("six swatches ticked: 'Choose up to 5 samples', and its link leads back to the choice; nothing is sent", async () => {
    const journey = UK_SAMPLES;
    const storedBefore = storedRequests(DATA_DIR);
    const page = await tab.open(`${suite.server.url}${journey.path}`, PHONE);
    await answerBanner(page);
    await tabTo(page, journey.first);
    await answerByKeyboard(page, journey.formId, { ...journey.answers, samples: SIX_SAMPLES });
    await page.keyboard.press("Enter");
    await focusComesTo(page, `#${journey.formId} .error-summary`);
    const summary = await summaryOf(page, journey.formId);
    expect(summary.map((link) => link.message)).toEqual(["Choose up to 5 samples"]);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await focusComesTo(page, `[id="${summary[0].target}"]`);
    await scrollSettled(page);
    expect(await focusSeen(page)).toMatchObject({ hiddenBy: null });
    expect(await page.$eval(`[id="${summary[0].target}"]`, (el) => el.textContent)).toContain("Choose up to 5 samples");
    expect(storedRequests(DATA_DIR)).toBe(storedBefore);
  });
});

describe("without script", () => {
  test.each(CASES)(
    "%s: refused, the 400 page keeps every answer; fixed, the confirmation page",
    async (_, journey, size) => {
      const { formId, kind } = journey;
      const locale = localeFromPath(journey.path);
      const page = await noScript(size);
      await page.goto(`${suite.server.url}${journey.path}`, { waitUntil: "load" });

      // A first try the rules refuse: the form's own page, 400, the summary focused, every answer kept.
      await tabTo(page, journey.first);
      await answerByKeyboard(page, formId, journey.wrong);
      const [refused] = await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      expect(refused?.status()).toBe(400);
      expect(new URL(page.url()).pathname).toBe(requestPath(kind, locale));
      await focusComesTo(page, `#${formId} .error-summary`);
      expect(await focusSeen(page)).toMatchObject({ hiddenBy: null });
      expect((await summaryOf(page, formId)).map((link) => link.message)).toEqual(journey.wrongErrors);
      expect(await formValues(page, formId)).toEqual(asPosted(journey.wrong));

      // Fixed, from the summary down: a 303 to the confirmation, which says what happens next.
      const inboxBefore = inboxFiles(INBOX);
      const storedBefore = storedRequests(DATA_DIR);
      await answerByKeyboard(page, formId, journey.answers);
      const [sent] = await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      const redirects = sent!.request().redirectChain();
      expect(redirects.map((request) => [request.method(), request.response()?.status()])).toEqual([["POST", 303]]);
      // 304 when this browser has the confirmation page already (it is the same for everyone, and cached).
      expect([200, 304]).toContain(sent?.status());
      expect(new URL(page.url()).pathname).toBe(requestSentPath(kind, locale));
      const texts = KIND_TEXTS[kind];
      expect(await page.$eval("h1", (h1) => h1.textContent)).toBe(texts.sentTitle);
      const said = await page.$eval("main", (main) => main.textContent);
      for (const words of ["What happens next", ...texts.next]) expect(said).toContain(words);
      expect(storedRequests(DATA_DIR)).toBe(storedBefore + 1);
      expectDelivered(await newInboxRequest(INBOX, inboxBefore), journey);

      // A reload asks for the confirmation again (GET) and sends nothing: the store holds no more.
      const reloaded = await page.reload({ waitUntil: "load" });
      expect(reloaded?.request().method()).toBe("GET");
      expect([200, 304]).toContain(reloaded?.status());
      expect(new URL(page.url()).pathname).toBe(requestSentPath(kind, locale));
      expect(storedRequests(DATA_DIR)).toBe(storedBefore + 1);
    },
  );
});

test("at 400 % zoom, with the opt-out notice waiting, every field of the quote form is reached by Tab and seen, and nothing scrolls sideways", async () => {
  const formId = "request-quote-form";
  const page = await tab.open(`${suite.server.url}/us/quote`, ZOOM_400);
  await page.waitForSelector("section.consent-notice");
  const fields = await page.$eval(`#${formId}`, (form) => [
    ...new Set(
      [...(form as HTMLFormElement).elements]
        .filter((el) => {
          const control = el as HTMLInputElement;
          return control.name && control.type !== "hidden" && !el.closest(".request-form__trap");
        })
        .map((el) => (el as HTMLInputElement).name),
    ),
  ]);
  expect(fields.length).toBeGreaterThanOrEqual(9);

  const hidden: string[] = [];
  const reached = new Set<string>();
  const check = async () => {
    const seen = await focusSeen(page);
    const sideways = await page.evaluate(() => ({
      scrollX,
      wider: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    if (seen.hiddenBy) hidden.push(`${seen.label} under ${seen.hiddenBy}`);
    if (sideways.scrollX !== 0 || sideways.wider > 0)
      hidden.push(`${seen.label}: scrolled sideways ${JSON.stringify(sideways)}`);
  };
  await tabTo(page, "#request-quote-form-room-kitchen");
  for (let stop = 0; ; stop++) {
    if (stop > 40) throw new Error("40 Tab stops never reached the quote form's button");
    const el = await page.evaluate((id) => {
      const control = document.activeElement as HTMLInputElement;
      return {
        name: control.name ?? "",
        type: control.type ?? "",
        inForm: control.form?.id === id,
        submit: control.matches(`#${id} button[type=submit]`),
        options:
          control.type === "radio" ? document.querySelectorAll(`#${id} input[name="${control.name}"]`).length : 0,
      };
    }, formId);
    if (el.inForm && el.name) reached.add(el.name);
    await check();
    // Each option of a radio group, by its arrows.
    for (let option = 1; option < el.options; option++) {
      await page.keyboard.press("ArrowDown");
      await check();
    }
    if (el.submit) break;
    await page.keyboard.press("Tab");
  }
  expect([...reached].sort()).toEqual([...fields].sort());
  expect(hidden).toEqual([]);
});
