/**
 * Screenshots of key pages at phone and desktop widths, for looking at what we build.
 * Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [paths...]
 * (start the site first, e.g. `npm start`).
 */
import fs from "node:fs";
import path from "node:path";
import { launchChromium } from "./lib/chromium.mjs";

const [base = "http://127.0.0.1:3000", outDir = "screenshots", ...given] = process.argv.slice(2);
const paths = given.length
  ? given
  : ["/", "/gallery/braybrook-st", "/info/blog/choosing-a-worktop", "/materials/samples"];
const widths = { phone: [375, 812], desktop: [1440, 900] };

fs.mkdirSync(outDir, { recursive: true });
const browser = await launchChromium({ extraArgs: ["--hide-scrollbars"] });
try {
  for (const p of paths) {
    for (const [name, [width, height]] of Object.entries(widths)) {
      const page = await browser.newPage();
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      await page.goto(base + p, { waitUntil: "networkidle0" });
      // Scroll through the page so lazy images load, as they would for a reader.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForNetworkIdle({ idleTime: 300 });
      const file = path.join(outDir, `${p.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "home"}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
