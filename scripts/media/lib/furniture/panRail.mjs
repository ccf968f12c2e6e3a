// Wall-hung pan rail with copper pans, over a range.
import { Rng } from "../noise.mjs";
import { front } from "../perspective.mjs";
import { METALS } from "../metalFinishes.mjs";

export function panRail(svg, cam, x0, x1, y, z, seed = 4) {
  const S = front(svg, cam, z),
    r = new Rng(seed),
    [hi, mid, lo] = METALS.copper;
  S.rect(x0, y - 8, x1, y + 8, { fill: METALS.brass[1] });
  for (let x = x0 + 120; x < x1 - 100; x += r.range(170, 240)) {
    const rad = r.range(80, 130),
      L = r.range(180, 260);
    S.line(x, y, x, y - L + rad, { stroke: "#444", "stroke-width": Math.max(1, S.w(8)) });
    S.ell(x, y - L, rad, rad, {
      fill: svg.rad(
        [
          [0, hi],
          [0.6, mid],
          [1, lo],
        ],
        0.35,
        0.3,
        0.8,
      ),
    });
    S.ell(x, y - L, rad * 0.7, rad * 0.7, { fill: "#000", opacity: 0.12 });
  }
}
