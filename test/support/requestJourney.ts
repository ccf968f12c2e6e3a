/**
 * A visitor's request forms by keyboard, in Chromium (docs/requests.md, docs/accessibility.md):
 * answers given with Tab, Space, the arrow keys of a radio group and typing, never a click; what
 * has focus and whether it can be seen; what the request store and the inbox hold. Shared by
 * test/browser/requestJourneys.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "puppeteer";
import { REQUESTS_SQLITE_FILE_NAME } from "../../server/requests/sqliteRequestStore";
import { until } from "./waitFor";

/** A form's answers by field name: a text, the one choice of a radio group or select, the ticked boxes, or a single box ticked. */
export type Answers = Record<string, string | readonly string[] | boolean>;

interface Focused {
  tag: string;
  type: string;
  name: string;
  value: string;
  checked: boolean;
  /** Owned by the form (its own controls, and those joined to it by their `form` attribute). */
  inForm: boolean;
  submit: boolean;
  label: string;
}

const focusedIn = (page: Page, formId: string): Promise<Focused> =>
  page.evaluate((id) => {
    const el = document.activeElement as HTMLElement | null;
    const control = el as HTMLInputElement | null;
    const inForm = !!control && "form" in control && control.form?.id === id;
    const name = (el?.getAttribute("aria-label") || el?.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return {
      tag: el?.tagName.toLowerCase() ?? "none",
      type: control?.type ?? "",
      name: control?.name ?? "",
      value: control?.value ?? "",
      checked: !!control?.checked,
      inForm,
      submit: inForm && !!el?.matches("button[type=submit]"),
      label: el ? `${el.tagName.toLowerCase()}#${el.id} "${name}"` : "nothing",
    };
  }, formId);

/** The focused element's `selector` match, read in the page. */
export const focusIs = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`. */
export async function tabTo(page: Page, selector: string, { back = false, limit = 160 } = {}): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await focusIs(page, selector)) return;
    if (back) await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    if (back) await page.keyboard.up("Shift");
  }
  throw new Error(`${limit} presses of ${back ? "Shift+" : ""}Tab never reached ${selector} on ${page.url()}`);
}

/** Selects what a text field holds and types `text` over it, as a person corrects an answer. */
async function typeOver(page: Page, current: string, text: string): Promise<void> {
  if (current) {
    await page.keyboard.down("Control");
    await page.keyboard.press("KeyA");
    await page.keyboard.up("Control");
    await page.keyboard.press("Backspace");
  }
  await page.keyboard.type(text);
}

/**
 * Gives `answers` to the form `formId` by keyboard, from where focus is to the form's submit
 * button, where it stops (the caller presses Enter): each box ticked or unticked with Space, a
 * radio group's choice reached with ArrowDown (which checks as it moves) or Space, a select's
 * choice typed (its type-ahead), text typed over what a field held. Every answer must be met on
 * the way: a field the walk never reached fails, naming it.
 */
export async function answerByKeyboard(page: Page, formId: string, answers: Answers): Promise<void> {
  const met = new Set<string>();
  for (let stop = 0; ; stop++) {
    if (stop > 200) throw new Error(`200 Tab stops never reached the submit button of #${formId}`);
    const el = await focusedIn(page, formId);
    if (el.submit) break;
    const want = el.inForm ? answers[el.name] : undefined;
    if (want !== undefined) {
      met.add(el.name);
      if (el.type === "radio") {
        const options = await page.$$eval(`#${formId} input[type=radio][name="${el.name}"]`, (inputs) => inputs.length);
        for (let moves = 0; (await focusedIn(page, formId)).value !== want; moves++) {
          if (moves > options) throw new Error(`ArrowDown never reached ${el.name}=${String(want)}`);
          await page.keyboard.press("ArrowDown");
        }
        if (!(await focusedIn(page, formId)).checked) await page.keyboard.press("Space");
      } else if (el.type === "checkbox") {
        const tick = want === true || (Array.isArray(want) && want.includes(el.value));
        if (tick !== el.checked) await page.keyboard.press("Space");
      } else if (el.tag === "select") {
        const label = await page.$eval(
          `#${formId} select[name="${el.name}"]`,
          (select, value) => [...(select as HTMLSelectElement).options].find((o) => o.value === value)?.text ?? "",
          String(want),
        );
        await page.keyboard.type(label);
      } else if (el.value !== want) await typeOver(page, el.value, String(want));
    }
    await page.keyboard.press("Tab");
  }
  expect(Object.keys(answers).filter((name) => !met.has(name))).toEqual([]);
}

/** What the form's fields hold now, as the browser would post them (the boxes joined to it by `form` included), empty texts left out. */
export const formValues = (page: Page, formId: string) =>
  page.$eval(`#${formId}`, (form) => {
    const values: Record<string, string | string[]> = {};
    for (const [name, value] of new FormData(form as HTMLFormElement)) {
      if (typeof value !== "string" || !value || ["page", "shown_at", "website"].includes(name)) continue;
      const before = values[name];
      values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return values;
  });

export interface FocusSeen {
  label: string;
  /** What hides the focused element's centre, or null when the centre is its own (or its label's). */
  hiddenBy: string | null;
}

/**
 * Whether the focused element can be seen: the point at its centre (for a link that wraps, at the
 * centre of one of its lines) is inside the window and `elementFromPoint` there finds it, something
 * inside it, or its own label (a choice's label covers its box, input included, to make the whole
 * box its target). Otherwise, what is there: the sticky header, the consent notice, or something else.
 */
export const focusSeen = (page: Page): Promise<FocusSeen> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return { label: "body", hiddenBy: "nothing has focus" };
    const name = (el.getAttribute("aria-label") || el.textContent || el.name || "").trim().replace(/\s+/g, " ");
    const label = `${el.tagName.toLowerCase()}#${el.id} "${name.slice(0, 40)}"`;
    const labels = [...(el.labels ?? [])];
    const found: string[] = [];
    for (const r of el.getClientRects()) {
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        found.push(`outside the window (centre at ${Math.round(x)}, ${Math.round(y)})`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit) || labels.some((l) => l === hit || l.contains(hit))))
        return { label, hiddenBy: null };
      const layer = hit?.closest(".site-header, .consent-notice, dialog") ?? hit;
      found.push(layer ? `${layer.tagName.toLowerCase()}.${String(layer.className).split(" ")[0]}` : "?");
    }
    return { label, hiddenBy: [...new Set(found)].join(", ") || "no box" };
  });

/** The request store's rows, read from its SQLite file beside the server (WAL: a reader sees every committed write). */
export function storedRequests(dataDir: string): number {
  const db = new DatabaseSync(path.join(dataDir, REQUESTS_SQLITE_FILE_NAME), { readOnly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM requests").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export interface InboxRequest {
  id: string;
  kind: string;
  region: string;
  page: string;
  received_at: string;
  fields: Record<string, unknown>;
}

/** The inbox's request files (docs/requests.md, "Where requests go"), by name; none while the folder is not there. */
export const inboxFiles = (inbox: string): string[] =>
  fs.existsSync(inbox) ? fs.readdirSync(inbox).filter((name) => name.endsWith(".json")) : [];

/**
 * The one request the inbox received after it held `before`: waits for the worker to deliver it
 * (its idle round is about a second) and fails when more than one arrived.
 */
export async function newInboxRequest(inbox: string, before: readonly string[]): Promise<InboxRequest> {
  const fresh = () => inboxFiles(inbox).filter((name) => !before.includes(name));
  await until("the request in the inbox", () => fresh().length > 0, { timeoutMs: 15_000, intervalMs: 100 });
  const files = fresh();
  expect(files).toHaveLength(1);
  return JSON.parse(fs.readFileSync(path.join(inbox, files[0]), "utf8")) as InboxRequest;
}
