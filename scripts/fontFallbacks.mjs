/**
 * Prints the metric-matched fallback @font-face rules for our two fonts (Capsize), so text
 * set in the fallback while the web font loads takes the same space: no layout shift.
 * Paste the output into views/styles/fonts.css when a font changes.
 */
import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import cormorant from "@capsizecss/metrics/cormorantGaramond";
import georgia from "@capsizecss/metrics/georgia";
import helvetica from "@capsizecss/metrics/helvetica";
import inter from "@capsizecss/metrics/inter";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";

for (const stack of [
  [cormorant, georgia, timesNewRoman],
  [inter, arial, helvetica],
]) {
  const { fontFamily, fontFaces } = createFontStack(stack, { fontFaceFormat: "styleString" });
  console.log(`/* font-family: ${fontFamily} */\n${fontFaces}\n`);
}
