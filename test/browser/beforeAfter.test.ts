/**
 * The before/after comparison on a gallery item: a slider from the server's first byte (the
 * same room as once hydrated: docs/behaviour.md section 2.11), two plain figures without scripting, and a position
 * the visitor set before the app woke is the one the app shows.
 */
import { isHydrated, waitForHydration } from "../support/browserPage";
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();
const PATH = "/gallery/braybrook-st";

test("without JavaScript both images show whole, one above the other on a phone, and no slider control", async () => {
  const page = await suite.browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setViewport({ width: 375, height: 800 });
  await page.goto(suite.server.url + PATH, { waitUntil: "load" });
  const panes = await page.$$eval(".project-facts__pane", (els) =>
    els.map((el) => ({ top: Math.round(el.getBoundingClientRect().top), clip: getComputedStyle(el).clipPath })),
  );
  expect(panes).toHaveLength(2);
  expect(panes[1].top).toBeGreaterThan(panes[0].top);
  expect(panes.map((p) => p.clip)).toEqual(["none", "none"]);
  expect(await page.$eval(".project-facts__control", (el) => getComputedStyle(el).display)).toBe("none");
  await page.close();
});

test("a position set with the slider before the app woke is the one shown once it has hydrated", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 375, height: 800 });
  // A slow connection: the app's modules arrive 1 s after they are asked for, and the visitor
  // saves data, so the entry does not fetch them while the page is idle (the first key asks for them).
  await page.evaluateOnNewDocument(() => {
    const connection = (navigator as any).connection;
    if (connection) Object.defineProperty(connection, "saveData", { get: () => true });
  });
  let loadedAt = Infinity;
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js") && Date.now() > loadedAt)
      setTimeout(() => void request.continue(), 1000);
    else void request.continue();
  });
  await page.goto(suite.server.url + PATH, { waitUntil: "load" });
  loadedAt = Date.now();
  expect(await page.$eval(".project-facts__compare", (el) => el.getAttribute("data-position"))).toBe("50");
  await page.$eval(".project-facts__range", (el) => el.scrollIntoView({ block: "center" }));
  await page.focus(".project-facts__range");
  // Two steps to the left with the keyboard, on the native range, while the app is waking.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  expect(await isHydrated(page)).toBe(false);
  await waitForHydration(page, { wake: false });
  await page.waitForFunction(
    () => document.querySelector(".project-facts__compare")?.getAttribute("data-position") === "30",
    { timeout: 5000 },
  );
  expect(await page.$eval(".project-facts__range", (el) => (el as HTMLInputElement).value)).toBe("30");
  await page.close();
});
