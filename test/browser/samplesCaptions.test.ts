/** The samples page's captions: in each row of the grid, every swatch's name sits level with its neighbours', whatever the length of the line below it. */
import { useSiteAndBrowser } from "../support/browserSuite";

const suite = useSiteAndBrowser();

test.each([1440, 375])("at %i px, names in one row of swatches are level", async (width) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height: 900 });
  // Images are not needed to lay out the grid: their width and height are in the markup.
  await page.setRequestInterception(true);
  page.on("request", (request) => void (request.resourceType() === "image" ? request.abort() : request.continue()));
  await page.goto(`${suite.server.url}/materials/samples`, { waitUntil: "domcontentloaded" });
  const rows = await page.$$eval(".swatch-grid .swatch", (swatches) => {
    const byRow = new Map<number, number[]>();
    for (const swatch of swatches) {
      const top = Math.round(swatch.getBoundingClientRect().top);
      const name = Math.round(swatch.querySelector(".swatch__name")!.getBoundingClientRect().top);
      byRow.set(top, [...(byRow.get(top) ?? []), name]);
    }
    return [...byRow.values()];
  });
  expect(rows.length).toBeGreaterThan(2);
  for (const names of rows) expect(new Set(names).size).toBe(1);
  await page.close();
});
