// Finishing light effects laid over a finished scene: soft glow pools and the vignette.
import { rect, ell } from "../svg.mjs";

/** Soft light pool / glow on any area. */
export function glow(svg, x, y, rx, ry, color = "#fff6e4", op = 0.35) {
  svg.add(
    ell(x, y, rx, ry, {
      fill: svg.rad([
        [0, color, op],
        [1, color, 0],
      ]),
    }),
  );
}

export function vignette(svg, strength = 0.28) {
  svg.add(
    rect(0, 0, svg.w, svg.h, {
      fill: svg.rad(
        [
          [0.5, "#000", 0],
          [1, "#0d0a08", strength],
        ],
        0.5,
        0.48,
        0.78,
      ),
    }),
  );
}
