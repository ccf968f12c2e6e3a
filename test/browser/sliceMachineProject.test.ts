/**
 * Slice Machine's sequence on a temporary copy of the project, through its own manager and our
 * adapter: create a slice, create and delete another, rename the first and offer it on pages.
 * Then, once for the whole sequence (it is the expensive part): the copy type-checks and builds,
 * and its /slice-simulator renders the new slice from Slice Machine's own mocks, driven over the
 * simulator protocol by a local Slice Machine stand-in (test/support/sliceMachine).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { SharedSliceModel } from "@prismicio/client";
import type { SliceMachineManager } from "@slicemachine/manager";
import type { Browser, HTTPRequest } from "puppeteer";
import { startBuiltServer, type RunningServer } from "../support/builtServer";
import { launchBrowser } from "../support/chromium";
import { copyProject, type ProjectCopy } from "../support/projectCopy";
import { startManager } from "../support/sliceMachine/manager";
import { LIBRARY_ID, newSliceModel } from "../support/sliceMachine/newSlice";
import type { SliceMachineStandIn } from "../support/sliceMachine/parent";
import { startSliceMachineStandIn, type StandInServer } from "../support/sliceMachine/standIn";
import { ROOT } from "../support/testApp";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderSliceMock } = require("@prismicio/mocks") as {
  renderSliceMock: (model: unknown, mock: unknown) => Record<string, unknown>;
};

let copy: ProjectCopy;
let manager: SliceMachineManager;
let browser: Browser;
let standIn: StandInServer;
let site: RunningServer | undefined;
// A name and an id that differ: the folder and component follow the name, the generated type the id.
const model = newSliceModel("OpeningHours", "hours_of_opening");
const renamed = { ...model, name: "ShowroomHours" } as SharedSliceModel;

beforeAll(async () => {
  copy = copyProject("slicemachine-project-");
  [manager, browser, standIn] = await Promise.all([
    startManager(copy.root),
    launchBrowser(),
    startSliceMachineStandIn(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), standIn?.close()]);
  copy?.remove();
});

test("create, create and delete, rename, offer on pages: every step succeeds", async () => {
  expect((await manager.slices.createSlice({ libraryID: LIBRARY_ID, model })).errors).toEqual([]);
  const scratch = newSliceModel("Scratch", "scratch");
  expect((await manager.slices.createSlice({ libraryID: LIBRARY_ID, model: scratch })).errors).toEqual([]);
  expect((await manager.slices.deleteSlice({ libraryID: LIBRARY_ID, sliceID: "scratch" })).errors).toEqual([]);
  expect((await manager.slices.renameSlice({ libraryID: LIBRARY_ID, model: renamed })).errors).toEqual([]);
  const { model: page } = await manager.customTypes.readCustomType({ id: "page" });
  const zone = (page!.json.Main.slices as { config: { choices: Record<string, unknown> } }).config.choices;
  zone[model.id] = { type: "SharedSlice" };
  expect((await manager.customTypes.updateCustomType({ model: page! })).errors).toEqual([]);

  expect(fs.existsSync(path.join(copy.root, "views/slices/Scratch"))).toBe(false);
  expect(fs.readFileSync(path.join(copy.root, "views/slices/index.ts"), "utf8")).toContain(
    `  "${model.id}": ShowroomHours,`,
  );
});

test("the project then type-checks and builds, and the new slice renders in the simulator from its mocks", async () => {
  const run = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { cwd: copy.root, encoding: "utf8", stdio: "pipe", timeout: 150_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `${path.basename(command)} ${args.join(" ")} failed in the copy:\n${stdout ?? ""}${stderr ?? ""}`,
      );
    }
  };
  run(path.join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", copy.root]);
  // A development build: its simulator takes slices from any parent that may frame it (a local Slice Machine).
  run(process.execPath, [path.join(copy.root, "build.mjs"), "--dev"]);
  site = await startBuiltServer({ SLICE_SIMULATOR_ANCESTORS: standIn.origin }, copy.root);

  // What Slice Machine sends for each variation: its mocks, rendered to the API's shape.
  const mocks = JSON.parse(
    fs.readFileSync(path.join(copy.root, "views/slices/ShowroomHours/mocks.json"), "utf8"),
  ) as Array<{ variation: string }>;
  const slices: Array<Record<string, unknown>> = mocks.map((mock, i) => ({
    ...renderSliceMock(renamed, mock),
    slice_type: renamed.id,
    slice_label: null,
    id: `${renamed.id}$${i}`,
  }));
  const heading = (slices[0].primary as { heading: string }).heading;
  const days = (slices[0].primary as { days: Array<{ day: string }> }).days;
  const notes = (slices[1].items as Array<{ note: string }>).map((item) => item.note);
  expect(heading).toBeTruthy();

  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on("pageerror", (error) => errors.push(String(error)));
  await tab.setRequestInterception(true);
  // Mock images and embeds point at outside hosts: nothing leaves the machine.
  tab.on(
    "request",
    (req: HTTPRequest) =>
      void (new URL(req.url()).hostname === "127.0.0.1" ? req.continue() : req.abort("blockedbyclient")),
  );
  const simulatorUrl = `${site.url}/slice-simulator`;
  await tab.goto(standIn.origin + standIn.pagePath(simulatorUrl), { waitUntil: "load" });
  const call = <T>(source: string, arg?: unknown) =>
    tab.evaluate(
      (s, a) => new Function("sm", "arg", `return (${s})(sm, arg)`)(window.sliceMachine, a),
      source,
      arg as never,
    ) as Promise<T>;
  expect(await call<number>("(sm) => sm.connected")).toBe(200);
  expect(await call<number>("(sm, slices) => sm.setSliceZone(slices)", slices)).toBe(200);

  const frame = await tab.waitForFrame((f) => f.url().startsWith(simulatorUrl), { timeout: 10_000 });
  await frame
    .waitForFunction(
      (id) => document.querySelectorAll(`section[data-slice-type="${id}"]`).length === 2,
      { timeout: 10_000 },
      model.id,
    )
    .catch(async (error: Error) => {
      const zone = await frame.$eval("body", (body) => body.innerHTML.slice(0, 2000)).catch(() => "(no body)");
      throw new Error(
        `The simulator did not render the two ${model.id} slices within 10 s (${error.message}); it shows:\n${zone}\npage errors: ${errors.join("; ")}`,
      );
    });
  const rendered = await frame.$$eval(`section[data-slice-type="${model.id}"]`, (sections) =>
    sections.map((section) => ({
      variation: section.getAttribute("data-variation"),
      text: section.textContent ?? "",
      richText: section.querySelectorAll("p").length,
    })),
  );
  expect(rendered.map((section) => section.variation)).toEqual(["default", "compact"]);
  expect(rendered[0].text).toContain(heading);
  for (const { day } of days) expect(rendered[0].text).toContain(day);
  for (const note of notes) expect(rendered[1].text).toContain(note);
  expect(await frame.$$eval(`[data-slice-type="${model.id}"] img`, (images) => images.length)).toBeGreaterThan(0);
  expect(await frame.$$eval(".slice--missing", (missing) => missing.length)).toBe(0);
  expect(errors).toEqual([]);
  await tab.close();
}, 240_000);

declare global {
  interface Window {
    sliceMachine: SliceMachineStandIn;
  }
}
