/**
 * App start-up (docs/behaviour.md section 2.2): the app hydrates the server's markup when there is some, and mounts
 * fresh when there is none, such as an error shell a cache kept with an empty root.
 */
import { useSiteAndBrowser } from "../support/browserSuite";
import { documentRequests, hasMarker, setMarker, waitForHydration } from "../support/browserPage";

const suite = useSiteAndBrowser();

test("a document with an empty root mounts the app fresh: the page renders from the data endpoint and navigates client-side", async () => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push((error as Error).message));
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.resourceType() !== "document" || new URL(request.url()).pathname !== "/info/about-us")
      return void request.continue();
    void (async () => {
      const original = await fetch(request.url());
      const html = await original.text();
      // The shell as it was before React rendered into it: head, an empty root, the entry's
      // loader (a hashed inline script the page's policy admits), no hydration data.
      const head = html.slice(0, html.indexOf('<div id="root">'));
      const entry = /<script>[^<]*s\.type="module"[^<]*<\/script>/.exec(html)![0];
      const body = `${head}<div id="root"></div>${entry}</body></html>`;
      const csp = original.headers.get("content-security-policy")!;
      await request.respond({
        status: 200,
        headers: { "Content-Security-Policy": csp },
        contentType: "text/html",
        body,
      });
    })();
  });
  const data = page.waitForResponse((r) => new URL(r.url()).pathname === "/_data/info/about-us");
  await page.goto(`${suite.server.url}/info/about-us`, { waitUntil: "load" });
  expect((await data).status()).toBe(200);
  await page.waitForSelector(".page--content h1, .page--content .hero__heading");
  await waitForHydration(page);

  const documents = documentRequests(page);
  await setMarker(page);
  await page.$eval('.site-footer a[href="/gallery"]', (a) => (a as HTMLAnchorElement).click());
  await page.waitForFunction(
    () => location.pathname === "/gallery" && !!document.querySelector('main a[href^="/gallery/"]'),
  );
  expect(await hasMarker(page)).toBe(true);
  expect(documents).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});
