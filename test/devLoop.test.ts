/**
 * The developer's loop: `npm run dev` in a temporary copy of the project answers, shows a saved
 * view, server file, stylesheet or content document within the budgets below, restarts without
 * failing a request, keeps serving the previous content when a content file is broken, and makes
 * the open browser reload (or swap its stylesheet) by itself. A production build carries none of
 * it. DEV_LOOP_REPEATS=5 (`npm run measure:dev-loop`) repeats each timed edit and prints medians.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "puppeteer";
import { hasMarker, isHydrated, setMarker, wakeApp } from "./support/browserPage";
import { ROOT, startBuiltServer, type RunningServer } from "./support/builtServer";
import { launchBrowser } from "./support/chromium";
import { median, pageContaining, startDevProject, waitFor, type DevProject } from "./support/devProject";

/** Save to visible on an idle two-core machine (docs/behaviour.md section 7.5). */
const VIEW_BUDGET_MS = 2_000;
const SERVER_BUDGET_MS = 3_000;
const CONTENT_BUDGET_MS = 2_000;
/** The first full development build on such a machine (`node build.mjs --dev`: about 1.1 s measured). */
const IDLE_FULL_BUILD_MS = 1_100;
/**
 * How much slower than idle this machine runs now, measured by the same work in the same run:
 * the supervisor's first full build. The budgets are for an idle machine; on a shared one they
 * grow by this factor (never shrink), so the test judges the loop and not the neighbours.
 */
let slowness = 1;
const budget = (ms: number) => Math.round(ms * slowness);
/**
 * A developer reads the page between two saves: the supervisor uses that time to get the next
 * server process ready (scripts/devServer.mjs). Timed saves come that far apart.
 */
const betweenSaves = () => new Promise((resolve) => setTimeout(resolve, 1_500 * slowness));
const REPEATS = Number(process.env.DEV_LOOP_REPEATS ?? 1);
/**
 * Whether to time save number `i` of a kind: DEV_LOOP_REPEATS of them, and three when the first
 * was over its budget. The median of the three is held: one save slowed by a neighbour (another
 * process's build, a browser starting) is outvoted by two that were not, while a slow loop is
 * slow three times.
 */
const timeSave = (kind: keyof typeof timings, i: number, budgetMs: number) =>
  i <= REPEATS || (i <= 3 && timings[kind][0] > budget(budgetMs));
/** Room for three timed saves, or DEV_LOOP_REPEATS of them. */
const TIMED_TEST_MS = 30_000 * Math.max(REPEATS, 3);

const ERROR_VIEW = "views/pages/ErrorScreen.tsx";
/** The not-found page's text as the last save left it in ERROR_VIEW. */
let errorViewText = ">Oops! Page Not Found<";
const CONTENT_FILE = "content/en-gb/page/worktops.json";
const CONTENT_PAGE = "/products/worktops";
const timings = { view: [] as number[], stylesheet: [] as number[], server: [] as number[], content: [] as number[] };

const RELEASE_FILE = "content/_releases/spring-refresh/en-gb/home/home.json";
const PREVIEW_TOKEN = encodeURIComponent("https://embedded.invalid/previews/spring-refresh");
/** Save to the first load after the reload (or to the stylesheet swapped), by kind and way of saving. */
const firstLoads: Record<string, number[]> = {};
const recordFirstLoad = (kind: string, ms: number) => {
  firstLoads[kind] = [...(firstLoads[kind] ?? []), ms];
};

/** The two ways a file is saved: written in place, or a temporary file renamed over it (editors, `sed -i`). */
const SAVES: Record<string, (file: string, from: string, to: string) => void> = {
  "in place": (file, from, to) => fs.writeFileSync(path.join(dev.dir, file), replaced(file, from, to)),
  "by rename": (file, from, to) => {
    const full = path.join(dev.dir, file);
    fs.writeFileSync(`${full}.tmp`, replaced(file, from, to));
    fs.renameSync(`${full}.tmp`, full);
  },
};
/** The file's text with `from` replaced by `to`, or `to` appended when `from` is empty. */
function replaced(file: string, from: string, to: string): string {
  const text = fs.readFileSync(path.join(dev.dir, file), "utf8");
  if (!from) return text + to;
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

let dev: DevProject;

beforeAll(async () => {
  dev = await startDevProject();
  const firstBuild = Number(/built in (\d+) ms/.exec(dev.output())?.[1]);
  slowness = Math.max(1, firstBuild / IDLE_FULL_BUILD_MS);
}, 90_000);

afterAll(async () => {
  if (process.env.DEV_LOOP_DEBUG) console.log(dev?.output());
  await dev?.stop();
  const lines = Object.entries(timings)
    .filter(([, ms]) => ms.length)
    .map(
      ([kind, ms]) =>
        `${kind}: median ${(median(ms) / 1000).toFixed(2)} s of [${ms.map((v) => (v / 1000).toFixed(2)).join(", ")}]`,
    );
  for (const [kind, ms] of Object.entries(firstLoads))
    lines.push(
      `${kind} (first load after the reload): median ${(median(ms) / 1000).toFixed(2)} s of [${ms.map((v) => (v / 1000).toFixed(2)).join(", ")}]`,
    );
  if (lines.length)
    console.log(
      `save → visible through npm run dev (machine ${slowness.toFixed(1)}× slower than idle)\n${lines.join("\n")}`,
    );
}, 20_000);

const restarts = () => (dev.output().match(/restarted the server/g) ?? []).length;

describe("npm run dev", () => {
  test("serves the site and the development events", async () => {
    const home = await fetch(`${dev.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // Added by a hashed loader (no nonce on shared pages: decision record 004), with its code fingerprint.
    expect(html).toMatch(
      /<script>[^<]*\{"type":"module","src":"\/assets\/dev-client-[\w-]+\.js","data-dev-code":"\w+"\}\)<\/script>/,
    );
    // Readable log lines: one per request.
    await dev.outputShows("the request's log line", /INFO: request completed: GET \/ → 200 in \d+ ms/, 5_000);

    const controller = new AbortController();
    const events = await fetch(`${dev.url}/__dev/events`, { signal: controller.signal });
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = events.body!.getReader();
    const { value } = await reader.read();
    controller.abort();
    expect(new TextDecoder().decode(value)).toMatch(
      /event: hello\ndata: \{"code":"\w+","css":\["\/assets\/[\w-]+\.css"\]\}/,
    );
  });

  test("lets a local Slice Machine (http://localhost:9999) use the slice simulator, without settings", async () => {
    const response = await fetch(`${dev.url}/slice-simulator`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(
      /frame-ancestors 'self'[^;]* http:\/\/localhost:9999/,
    );
    const src = /<script type="module" src="([^"]+)"/.exec(await response.text())?.[1];
    const module = await (await fetch(`${dev.url}${src}`)).text();
    // @prismicio/simulator accepts other parents than Prismic's https origins in development builds only.
    expect(module).toMatch(/if \(false\) \{\s*if \(!event\.origin\.startsWith\("https:\/\/"\)/);
  });

  test(
    `shows a view's edited text in the served HTML within ${VIEW_BUDGET_MS} ms (idle machine)`,
    async () => {
      for (let i = 1; timeSave("view", i, VIEW_BUDGET_MS); i++) {
        const text = `>Nothing here (edit ${i})<`;
        await betweenSaves();
        dev.edit(ERROR_VIEW, errorViewText, text);
        errorViewText = text;
        const { ms } = await waitFor(
          `"${text}" on a not-found page`,
          pageContaining(`${dev.url}/no-such-page`, text),
          20_000,
        );
        timings.view.push(ms);
      }
      // One save in CI (three if it was over budget); the median of several with DEV_LOOP_REPEATS.
      expect(median(timings.view)).toBeLessThanOrEqual(budget(VIEW_BUDGET_MS));
    },
    TIMED_TEST_MS,
  );

  test(
    `shows an edited server file within ${SERVER_BUDGET_MS} ms (idle machine), while a steady trickle of requests never fails`,
    async () => {
      const failures: string[] = [];
      let answered = 0;
      let trickling = true;
      // Two clients, a page and a small file each in turn, one request after the other.
      const trickle = async (client: number) => {
        for (let n = 0; trickling; n++) {
          const url = `${dev.url}${(n + client) % 2 ? "/robots.txt" : "/"}`;
          try {
            const response = await fetch(url);
            await response.arrayBuffer();
            if (response.status !== 200) failures.push(`${url}: ${response.status}`);
            else answered++;
          } catch (error) {
            failures.push(`${url}: ${(error as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const clients = [trickle(0), trickle(1)];
      try {
        let previous = "Disallow: /preview";
        for (let i = 1; timeSave("server", i, SERVER_BUDGET_MS); i++) {
          const line = `Disallow: /preview-${i}`;
          await betweenSaves();
          dev.edit("server/sitemap/robots.ts", `"${previous}",`, `"${previous}",\n    "${line}",`);
          previous = line;
          const { ms } = await waitFor(
            `"${line}" in robots.txt`,
            pageContaining(`${dev.url}/robots.txt`, line),
            20_000,
          );
          timings.server.push(ms);
        }
        // The old server drains while the trickle goes on.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(median(timings.server)).toBeLessThanOrEqual(budget(SERVER_BUDGET_MS));
      } finally {
        trickling = false;
        await Promise.all(clients);
      }
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(20);
    },
    TIMED_TEST_MS,
  );

  test(
    `shows a content document's edited title within ${CONTENT_BUDGET_MS} ms (idle machine), without a restart`,
    async () => {
      const before = restarts();
      let previous = '"title": "Worktops"';
      for (let i = 1; timeSave("content", i, CONTENT_BUDGET_MS); i++) {
        const title = `Worktops, edition ${i}`;
        await betweenSaves();
        dev.edit(CONTENT_FILE, previous, `"title": "${title}"`);
        previous = `"title": "${title}"`;
        const { ms } = await waitFor(
          `"${title}" on ${CONTENT_PAGE}`,
          pageContaining(`${dev.url}${CONTENT_PAGE}`, title),
          20_000,
        );
        timings.content.push(ms);
      }
      expect(median(timings.content)).toBeLessThanOrEqual(budget(CONTENT_BUDGET_MS));
      expect(restarts()).toBe(before);
      await dev.outputShows("the reload's log line", /content reloaded in \d+ ms/);
    },
    TIMED_TEST_MS,
  );

  test("keeps serving the previous content when a content file is broken, and names the file in the log", async () => {
    const title = `Worktops, edition ${REPEATS}`;
    dev.edit(CONTENT_FILE, `"title": "${title}"`, `"title": "Never shown"`);
    dev.write("content/en-gb/page/zz-broken.json", '{ "id": "zz-broken", ');
    try {
      await dev.outputShows("the broken file named in the log", /content not reloaded.*zz-broken\.json/);
      const html = await (await fetch(`${dev.url}${CONTENT_PAGE}`)).text();
      expect(html).toContain(title);
      expect(html).not.toContain("Never shown");
    } finally {
      dev.remove("content/en-gb/page/zz-broken.json");
    }
    // Fixed: the edit that waited shows.
    await waitFor(
      '"Never shown" once the file is fixed',
      pageContaining(`${dev.url}${CONTENT_PAGE}`, "Never shown"),
      10_000,
    );
  }, 30_000);

  test("checks content against the models: a file or a model that does not validate is named, and nothing changes until it does", async () => {
    const model = "customtypes/page/index.json";
    dev.edit(CONTENT_FILE, '"title": "Never shown"', '"title": "Model checked", "not_a_field": 1');
    await dev.outputShows(
      "the model error naming the file",
      /worktops\.json data: "not_a_field" is not a field of the model/,
    );
    expect(await (await fetch(`${dev.url}${CONTENT_PAGE}`)).text()).not.toContain("Model checked");
    dev.edit(CONTENT_FILE, ', "not_a_field": 1', "");
    await waitFor(
      '"Model checked" once the file is fixed',
      pageContaining(`${dev.url}${CONTENT_PAGE}`, "Model checked"),
      10_000,
    );

    // A broken model: named, and the content edit made meanwhile waits for it.
    const original = fs.readFileSync(path.join(dev.dir, model), "utf8");
    dev.write(model, original.replace('"repeatable"', '"repeatable" "oops"'));
    dev.edit(CONTENT_FILE, '"title": "Model checked"', '"title": "After the model"');
    await dev.outputShows("the model named in the log", /customtypes\/page\/index\.json: does not parse as JSON/);
    expect(await (await fetch(`${dev.url}${CONTENT_PAGE}`)).text()).toContain("Model checked");
    dev.write(model, original);
    await waitFor(
      '"After the model" once the model is fixed',
      pageContaining(`${dev.url}${CONTENT_PAGE}`, "After the model"),
      10_000,
    );
  }, 40_000);

  test("shows a render error's message and stack in the page", async () => {
    dev.edit(
      "views/pages/HomePage.tsx",
      "  const { document } = useLoaderData() as HomePageData;",
      '  if (Date.now() > 0) throw new Error("dev loop render error");\n  const { document } = useLoaderData() as HomePageData;',
    );
    try {
      const { value } = await waitFor(
        "the render error page",
        pageContaining(`${dev.url}/`, "dev loop render error"),
        20_000,
      );
      // The stack, mapped to the source file by the server's source maps.
      expect(value).toMatch(/at HomePage \([^)]*views\/pages\/HomePage\.tsx:\d+/);
    } finally {
      dev.edit("views/pages/HomePage.tsx", '  if (Date.now() > 0) throw new Error("dev loop render error");\n', "");
    }
    await waitFor("the home page again", pageContaining(`${dev.url}/`, "hero__heading"), 20_000);
  }, 45_000);

  test("leaves the images to the pages that ask for them: none of its servers warms the media cache", async () => {
    // Several servers have started by now (one per code save above); the warm-up logs its start.
    expect(restarts()).toBeGreaterThan(1);
    expect(dev.output()).toMatch(/Listening on port/);
    expect(dev.output()).not.toMatch(/media warm-up/);
    const image = /src="(\/media\/[^"]+)"/.exec(await (await fetch(`${dev.url}/`)).text())?.[1];
    expect(image).toBeDefined();
    const response = await fetch(`${dev.url}${image!.replaceAll("&amp;", "&")}`, { headers: { accept: "image/avif" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
  });

  describe("in Chromium", () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.newPage();
    }, 30_000);
    afterAll(async () => {
      await browser?.close();
    });

    test(
      "swaps the stylesheet without a reload after a style edit",
      async () => {
        await page.goto(`${dev.url}/no-such-page`, { waitUntil: "load" });
        const spacing = () => page.$eval(".not-found__title", (h1) => getComputedStyle(h1).letterSpacing);
        const initial = await spacing();
        for (let i = 1; i <= REPEATS; i++) {
          await setMarker(page);
          await betweenSaves();
          const saved = Date.now();
          fs.appendFileSync(
            path.join(dev.dir, "views/styles/chrome.css"),
            `\n.not-found__title { letter-spacing: ${i}px; }\n`,
          );
          await page.waitForFunction(
            (px) => getComputedStyle(document.querySelector(".not-found__title")!).letterSpacing === px,
            { timeout: 20_000 },
            `${i}px`,
          );
          timings.stylesheet.push(Date.now() - saved);
          expect(await hasMarker(page)).toBe(true);
        }
        expect(initial).not.toBe(`${REPEATS}px`);
      },
      30_000 * REPEATS,
    );

    test("reloads by itself after a view edit", async () => {
      await page.goto(`${dev.url}/no-such-page`, { waitUntil: "load" });
      await setMarker(page);
      dev.edit(ERROR_VIEW, errorViewText, ">Nothing here (seen in the browser)<");
      errorViewText = ">Nothing here (seen in the browser)<";
      await page.waitForFunction(() => document.body.innerText.includes("Nothing here (seen in the browser)"), {
        timeout: 20_000,
      });
      expect(await hasMarker(page)).toBe(false);
    }, 30_000);

    test("shows a save that does not build over the page, and takes it away once it builds", async () => {
      await page.goto(`${dev.url}/no-such-page`, { waitUntil: "load" });
      dev.edit(ERROR_VIEW, "export function ErrorScreen() {", "export function ErrorScreen() { const = ;");
      try {
        await page.waitForFunction(
          () => /ErrorScreen\.tsx:\d+:\d+/.test(document.getElementById("dev-build-error")?.textContent ?? ""),
          { timeout: 20_000 },
        );
        await dev.outputShows("the failed build in the terminal", /build failed after \d+ ms/);
      } finally {
        dev.edit(ERROR_VIEW, "export function ErrorScreen() { const = ;", "export function ErrorScreen() {");
      }
      await page.waitForFunction(() => !document.getElementById("dev-build-error"), { timeout: 20_000 });
    }, 45_000);

    test("prints a hydration mismatch in the terminal as well as in the browser console", async () => {
      const consoleErrors: string[] = [];
      page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
      await setMarker(page);
      // A view that renders one attribute on the server and another in the browser.
      dev.edit(
        ERROR_VIEW,
        '<main id="main" className="not-found"',
        '<main id="main" data-side={typeof window === "undefined" ? "server" : "browser"} className="not-found"',
      );
      await page.waitForFunction(() => document.querySelector("main[data-side]") !== null, { timeout: 20_000 });
      expect(await hasMarker(page)).toBe(false);
      // The app wakes on the first interaction (decision record 008), once the entry has run.
      await waitFor(
        "the app to hydrate",
        async () => {
          await wakeApp(page);
          return (await isHydrated(page)) || undefined;
        },
        15_000,
        250,
      );
      await dev.outputShows(
        "the hydration mismatch in the terminal",
        /hydration mismatch in the browser: .*data-side/s,
        15_000,
      );
      expect(consoleErrors.join("\n")).toMatch(/hydrated but some attributes/);
    }, 40_000);

    /**
     * The first load after the reload is what the developer sees: it must show the save, not a
     * cached copy of the content before it (a page cache serves an older ref's copy while it
     * renders the new one, which the dev loop must not). Never polled: the reload's own response.
     */
    async function firstLoadAfter(kind: string, url: string, save: () => void, text: string) {
      if (page.url() !== url) await page.goto(url, { waitUntil: "load" });
      // The page is cached at the current ref, as an open page is.
      await page.reload({ waitUntil: "load" });
      await setMarker(page);
      await betweenSaves();
      const reloaded = page.waitForNavigation({ waitUntil: "load", timeout: 20_000 });
      const saved = Date.now();
      save();
      const response = await reloaded;
      const ms = Date.now() - saved;
      expect(await hasMarker(page)).toBe(false);
      const body = (await response?.text()) ?? "";
      if (!body.includes(text)) throw new Error(`${kind}: the first load after the reload does not show "${text}"`);
      recordFirstLoad(kind, ms);
      return ms;
    }

    test(
      "a view's save, in place and by rename: the first load after the reload shows it",
      async () => {
        for (const [how, save] of Object.entries(SAVES))
          for (let i = 1; i <= REPEATS; i++) {
            const text = `>Nothing here (${how} ${i})<`;
            const from = errorViewText;
            await firstLoadAfter(`view, ${how}`, `${dev.url}/no-such-page`, () => save(ERROR_VIEW, from, text), text);
            errorViewText = text;
          }
      },
      45_000 * REPEATS,
    );

    test(
      "a stylesheet's save, in place and by rename: swapped in the open page without a reload",
      async () => {
        await page.goto(`${dev.url}/no-such-page`, { waitUntil: "load" });
        let n = 10;
        for (const [how, save] of Object.entries(SAVES))
          for (let i = 1; i <= REPEATS; i++) {
            const px = `${++n}px`;
            await setMarker(page);
            await betweenSaves();
            const saved = Date.now();
            save("views/styles/chrome.css", "", `\n.not-found__title { word-spacing: ${px}; }\n`);
            await page.waitForFunction(
              (value) => getComputedStyle(document.querySelector(".not-found__title")!).wordSpacing === value,
              { timeout: 20_000 },
              px,
            );
            recordFirstLoad(`stylesheet, ${how}`, Date.now() - saved);
            expect(await hasMarker(page)).toBe(true);
          }
      },
      45_000 * REPEATS,
    );

    test(
      "a content document's save, in place and by rename: the page reloads and its first load shows it",
      async () => {
        const file = path.join(dev.dir, CONTENT_FILE);
        for (const [how, save] of Object.entries(SAVES))
          for (let i = 1; i <= REPEATS; i++) {
            const current = /"title": "([^"]*)"/.exec(fs.readFileSync(file, "utf8"))![1];
            const title = `Worktops (${how} ${i})`;
            const ms = await firstLoadAfter(
              `content, ${how}`,
              `${dev.url}${CONTENT_PAGE}`,
              () => save(CONTENT_FILE, `"title": "${current}"`, `"title": "${title}"`),
              title,
            );
            expect(ms).toBeLessThanOrEqual(budget(CONTENT_BUDGET_MS) + 1_000);
          }
        // A published document's save gives the releases new refs, but their drafts are unchanged.
        expect(dev.output()).not.toMatch(/release drafts reloaded/);
      },
      45_000 * REPEATS,
    );

    test(
      "a release draft's save, in place and by rename: the release's preview reloads and its first load shows it, and the terminal says so",
      async () => {
        // The release previewed by name: its current drafts (docs/prismic.md).
        await page.goto(`${dev.url}/preview?token=${PREVIEW_TOKEN}&documentId=home-gb`, { waitUntil: "load" });
        expect(await page.content()).toContain("Spring in the workshop");
        let previous = "Spring in the workshop";
        for (const [how, save] of Object.entries(SAVES))
          for (let i = 1; i <= REPEATS; i++) {
            const heading = `Spring in the workshop (${how} ${i})`;
            const from = `"heading": "${previous}"`;
            const ms = await firstLoadAfter(
              `release draft, ${how}`,
              page.url(),
              () => save(RELEASE_FILE, from, `"heading": "${heading}"`),
              heading,
            );
            previous = heading;
            expect(ms).toBeLessThanOrEqual(budget(CONTENT_BUDGET_MS) + 1_000);
          }
        await dev.outputShows(
          "the release's reload in the log",
          /release drafts reloaded in \d+ ms \(spring-refresh\)/,
        );
        // A draft that does not validate is named, and the release keeps its last good drafts.
        const good = fs.readFileSync(path.join(dev.dir, RELEASE_FILE), "utf8");
        dev.write(RELEASE_FILE, good.replace(`"heading": "${previous}"`, '"heading": 42'));
        await dev.outputShows(
          "the broken draft named in the log",
          /content not reloaded[^\n]*\n(?:[^\n]*\n)*?[^\n]*_releases\/spring-refresh\/en-gb\/home\/home\.json[^\n]*heading/,
        );
        expect(await (await page.reload({ waitUntil: "load" }))?.text()).toContain(previous);
        dev.write(RELEASE_FILE, good);
        // The published home page is unchanged.
        await page.goto(`${dev.url}/preview/exit?to=/`, { waitUntil: "load" });
        expect(await page.content()).not.toContain("Spring in the workshop (");
      },
      45_000 * REPEATS,
    );
  });
});

describe("a production build", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("has no development script, endpoint or error details in its responses", async () => {
    for (const pathname of ["/", "/no-such-page", "/products/worktops"]) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      expect(html).not.toMatch(/dev-client|data-dev-code|data-dev-error|__dev/);
    }
    const events = await fetch(`${server.url}/__dev/events`);
    expect(events.status).toBe(404);
    expect(events.headers.get("content-type")).not.toMatch(/event-stream/);
    // Not an endpoint: the pages' own answer to a POST.
    const report = await fetch(`${server.url}/__dev/browser-error`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(report.status).toBe(405);
  });

  test("contains none of it: no development client, no endpoints, no error page in the bundles", () => {
    const build = path.join(ROOT, "dist");
    const manifest = JSON.parse(fs.readFileSync(path.join(build, "client", "manifest.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.dev).toBeUndefined();
    expect(
      fs.readdirSync(path.join(build, "client", "assets")).filter((name) => name.startsWith("dev-client")),
    ).toEqual([]);
    const bundle = fs.readFileSync(path.join(build, "server", "server.js"), "utf8");
    for (const marker of [
      "/__dev/",
      "data-dev-stack",
      "data-dev-error",
      "watchEmbeddedContent",
      "hydration mismatch in the browser",
    ]) {
      expect(bundle).not.toContain(marker);
    }
  });
});
