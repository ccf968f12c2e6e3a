// Close-up of an open pantry cupboard full of jars and baskets.
import { Svg, rect } from "../../lib/svg.mjs";
import { camera } from "../../lib/perspective.mjs";
import { vignette } from "../../lib/room/light.mjs";
import { openCupboard } from "../../lib/furniture/openCupboard.mjs";

const W = 2400,
  H = 1600;

export async function detailPantryShelves() {
  const svg = new Svg(W, H),
    cam = camera({ W, H, D: 3200, s0: 0.78, eye: 1350, hz: 820, cx: 1200 });
  svg.add(rect(0, 0, W, H, { fill: "#ece3d6" }));
  const st = { style: "shaker", color: "#b8664a", metal: "brass", innerColor: "#f1e7d8" };
  openCupboard(svg, cam, -1250, 1250, 250, 2500, 600, st, [650, 1050, 1450, 1850, 2250], 96, "pantry");
  vignette(svg, 0.32);
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        [
          [0, "#fff6e8", 0.12],
          [0.6, "#fff6e8", 0],
          [1, "#000", 0.12],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  return svg;
}
