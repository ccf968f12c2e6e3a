// Close-up in flat elevation: two painted Shaker doors with brass knobs under a marble worktop edge.
import { Svg, rect, poly, ell, shade } from "../../lib/svg.mjs";
import { paint } from "../../lib/textures/paint.mjs";
import { marble } from "../../lib/textures/stone.mjs";
import { toUri } from "../../lib/textures/dataUri.mjs";

const W = 2400,
  H = 1600;

function knob(svg, x, y, r) {
  svg.add(ell(x + r * 0.35, y + r * 0.5, r * 1.3, r * 1.2, { fill: svg.soft("#0b0f1a", 0.55, 0.35) }));
  svg.add(ell(x, y, r * 1.02, r * 1.02, { fill: "#6e5122" }));
  svg.add(
    ell(x, y, r, r, {
      fill: svg.rad(
        [
          [0, "#fff3c8"],
          [0.25, "#e6c67e"],
          [0.65, "#b38a45"],
          [1, "#5e4219"],
        ],
        0.36,
        0.32,
        0.8,
      ),
    }),
  );
  svg.add(
    ell(x - r * 0.32, y - r * 0.36, r * 0.3, r * 0.18, {
      fill: "#fff",
      opacity: 0.7,
      transform: `rotate(-30 ${x - r * 0.32} ${y - r * 0.36})`,
    }),
  );
  svg.add(ell(x + r * 0.3, y + r * 0.45, r * 0.45, r * 0.16, { fill: "#fff0c0", opacity: 0.25 }));
}

/** Two painted Shaker doors meeting at a centre gap, brass knobs, marble worktop edge above. */
export async function detailShakerDoor() {
  const svg = new Svg(W, H),
    col = "#2a3a5d";
  const pv = svg.pattern("pv", await toUri(paint(col, 600, 1200, { seed: 51, strength: 2.6 }), 90), 600, 1200);
  const ph = svg.pattern(
    "ph",
    await toUri(paint(col, 1200, 600, { seed: 52, horizontal: true, strength: 2.6 }), 90),
    1200,
    600,
  );
  const mt = svg.pattern("mt", await toUri(marble("carrara", 1200, 400, { seed: 53 }), 90), 1200, 400, "scale(1.6)");
  svg.add(rect(0, 0, W, H, { fill: shade(col, -0.6) }));
  const fw = 150,
    bev = 34,
    top = 215;
  const door = (x0, x1) => {
    svg.add(rect(x0, top, x1 - x0, H, { fill: pv }));
    const p0 = x0 + fw,
      p1 = x1 - fw,
      q0 = top + fw;
    svg.add(rect(p0 + bev, q0 + bev, p1 - p0 - 2 * bev, H, { fill: pv }));
    svg.add(rect(p0 + bev, q0 + bev, p1 - p0 - 2 * bev, H, { fill: "#000", opacity: 0.05 }));
    svg.add(
      poly(
        [
          [p0, q0],
          [p1, q0],
          [p1 - bev, q0 + bev],
          [p0 + bev, q0 + bev],
        ],
        { fill: ph },
      ),
    );
    svg.add(
      poly(
        [
          [p0, q0],
          [p1, q0],
          [p1 - bev, q0 + bev],
          [p0 + bev, q0 + bev],
        ],
        {
          fill: svg.lin([
            [0, "#000", 0.45],
            [1, "#000", 0.2],
          ]),
        },
      ),
    );
    svg.add(
      poly(
        [
          [p0, q0],
          [p0 + bev, q0 + bev],
          [p0 + bev, H],
          [p0, H],
        ],
        { fill: pv },
      ),
    );
    svg.add(
      poly(
        [
          [p0, q0],
          [p0 + bev, q0 + bev],
          [p0 + bev, H],
          [p0, H],
        ],
        {
          fill: svg.lin(
            [
              [0, "#000", 0.3],
              [1, "#000", 0.12],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      ),
    );
    svg.add(
      poly(
        [
          [p1, q0],
          [p1 - bev, q0 + bev],
          [p1 - bev, H],
          [p1, H],
        ],
        { fill: pv },
      ),
    );
    svg.add(
      poly(
        [
          [p1, q0],
          [p1 - bev, q0 + bev],
          [p1 - bev, H],
          [p1, H],
        ],
        {
          fill: svg.lin(
            [
              [0, "#fff", 0.05],
              [1, "#fff", 0.2],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      ),
    );
    svg.add(
      rect(p0 + bev, q0 + bev, p1 - p0 - 2 * bev, 140, {
        fill: svg.lin([
          [0, "#000", 0.25],
          [1, "#000", 0],
        ]),
      }),
    );
    svg.add(
      rect(p0 + bev, q0 + bev, 60, H, {
        fill: svg.lin(
          [
            [0, "#000", 0.14],
            [1, "#000", 0],
          ],
          0,
          0,
          1,
          0,
        ),
      }),
    );
    svg.add(rect(p0 - 3, q0 - 3, p1 - p0 + 6, 5, { fill: "#fff", opacity: 0.18 }));
    svg.add(rect(x0 + fw, top, p1 - p0, fw, { fill: ph }));
    svg.add(rect(x0 + fw - 1.5, top, 2.5, fw, { fill: "#000", opacity: 0.3 }));
    svg.add(rect(x1 - fw - 1, top, 2.5, fw, { fill: "#000", opacity: 0.3 }));
    svg.add(rect(x0, top, 5, H, { fill: "#fff", opacity: 0.16 }));
    svg.add(rect(x1 - 6, top, 6, H, { fill: "#000", opacity: 0.3 }));
  };
  door(-260, 1288);
  door(1300, 2860);
  // worktop edge and its shadow on the doors
  svg.add(
    rect(0, top, W, 120, {
      fill: svg.lin([
        [0, "#000", 0.5],
        [0.4, "#000", 0.15],
        [1, "#000", 0],
      ]),
    }),
  );
  svg.add(rect(0, 0, W, top - 25, { fill: mt }));
  svg.add(
    rect(0, 0, W, top - 25, {
      fill: svg.lin([
        [0, "#000", 0.08],
        [0.75, "#fff", 0.12],
        [0.9, "#fff", 0.35],
        [1, "#000", 0.25],
      ]),
    }),
  );
  knob(svg, 1172, 480, 60);
  knob(svg, 1416, 480, 60);
  // soft daylight from the upper left and a gentle falloff
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        [
          [0, "#fff6e6", 0.16],
          [0.55, "#fff6e6", 0],
          [1, "#000", 0.3],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.rad(
        [
          [0.55, "#000", 0],
          [1, "#000", 0.3],
        ],
        0.45,
        0.35,
        0.85,
      ),
    }),
  );
  return svg;
}
