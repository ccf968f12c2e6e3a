// Close-up details drawn in flat elevation / oblique projection: painted Shaker doors, dovetailed drawer.
import { Svg, rect, poly, path, ell, g, shade } from "../lib/svg.mjs";
import { paint, wood, marble, toUri } from "../lib/textures.mjs";
import { Rng } from "../lib/noise.mjs";

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

/** Oblique (cabinet) projection helpers: faces become affine transforms, so textures map exactly. */
function oblique(ox, oy, k, angle = 35, depth = 0.5) {
  const ca = k * depth * Math.cos((angle * Math.PI) / 180),
    sa = k * depth * Math.sin((angle * Math.PI) / 180);
  const m = (a, b, c, d, e, f) => `matrix(${[a, b, c, d, e, f].map((v) => +v.toFixed(4)).join(" ")})`;
  return {
    z: (c) => m(k, 0, 0, -k, ox + ca * c, oy - sa * c),
    x: (c) => m(ca, -sa, 0, -k, ox + k * c, oy),
    y: (c) => m(k, 0, ca, -sa, ox, oy - k * c),
  };
}

function endGrain(svg, pts, seed) {
  const r = new Rng(seed),
    xs = pts.map((p) => p[0]),
    ys = pts.map((p) => p[1]);
  const out = [poly(pts, { fill: "#a57a47" })];
  const cx = Math.min(...xs) - r.range(20, 60),
    cy = Math.min(...ys) - r.range(10, 80);
  for (let i = 1; i < 9; i++)
    out.push(
      ell(cx, cy, 14 * i + r.range(0, 4), 12 * i, {
        fill: "none",
        stroke: "#7c5530",
        "stroke-width": 0.8,
        opacity: 0.6,
      }),
    );
  const id = svg.clip(poly(pts));
  return (
    g({ "clip-path": id }, out) + poly(pts, { fill: "none", stroke: "#5e3f22", "stroke-width": 0.7, opacity: 0.8 })
  );
}

/** Dovetailed oak drawer box with a painted front, on a beech bench, in oblique projection. */
export async function detailDovetailDrawer() {
  const svg = new Svg(W, H),
    k = 2.8,
    O = oblique(170, 1290, k, 45, 0.7);
  const oakH = svg.pattern("oakh", await toUri(wood("oak", 1024, 512, { seed: 61, horizontal: true }), 90), 400, 200);
  const oakV = svg.pattern("oakv", await toUri(wood("oak", 512, 1024, { seed: 62 }), 90), 200, 400);
  const beech = svg.pattern(
    "beech",
    await toUri(wood("beech", 1024, 1024, { seed: 63, boards: 6, horizontal: true }), 90),
    900,
    900,
  );
  const L = 480,
    Hs = 150,
    Wd = 400,
    t = 14,
    T = 22;
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin([
        [0, "#efe7dc"],
        [1, "#d9cdbd"],
      ]),
    }),
  );
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.rad(
        [
          [0, "#fff8ea", 0.6],
          [1, "#fff8ea", 0],
        ],
        0.25,
        0.1,
        0.7,
      ),
    }),
  );
  const G = (tr, inner) => svg.add(g({ transform: tr }, inner));
  // bench top
  G(O.y(0), [
    rect(-400, -200, 2000, 1500, { fill: beech }),
    rect(-400, -200, 2000, 1500, {
      fill: svg.lin(
        [
          [0, "#000", 0.12],
          [1, "#fff", 0.1],
        ],
        0,
        0,
        0,
        1,
      ),
    }),
  ]);
  G(O.z(-200), [
    rect(-400, -300, 2000, 300, { fill: "#9c7a55" }),
    rect(-400, -60, 2000, 60, { fill: "#fff", opacity: 0.18 }),
  ]);
  G(O.y(0), [rect(-30, -60, L + 180, Wd + 140, { fill: svg.soft("#2a1a0c", 0.45, 0.55) })]);
  // inside: base, far side, back
  G(O.y(12), [
    rect(t, t, L - t, Wd - 2 * t, { fill: oakH }),
    rect(t, t, L - t, Wd - 2 * t, { fill: "#fff", opacity: 0.12 }),
  ]);
  G(O.y(13), [
    rect(70, 60, 220, 260, { fill: "#e9e2d4" }),
    rect(70, 150, 220, 6, { fill: "#000", opacity: 0.08 }),
    rect(70, 240, 220, 6, { fill: "#000", opacity: 0.08 }),
    rect(70, 60, 220, 14, { fill: "#b6a688" }),
  ]);
  G(O.y(14), [
    rect(330, 90, 22, 230, { fill: "#c49a66" }),
    ell(341, 320, 26, 38, { fill: "#c49a66" }),
    rect(385, 80, 20, 220, { fill: "#b88d5c" }),
    ell(395, 300, 22, 32, { fill: "#b88d5c" }),
  ]);
  G(O.z(Wd - t), [rect(t, 0, L - t, Hs, { fill: oakH }), rect(t, 0, L - t, Hs, { fill: "#000", opacity: 0.22 })]);
  G(O.x(t), [rect(t, 0, Wd - 2 * t, Hs, { fill: oakV }), rect(t, 0, Wd - 2 * t, Hs, { fill: "#fff", opacity: 0.08 })]);
  // top edges of the box
  G(O.y(Hs), [
    rect(0, Wd - t, L, t, { fill: "#e2c18f" }),
    rect(0, 0, t, Wd, { fill: "#e6c797" }),
    rect(0, 0, L, t, { fill: "#ecd0a4" }),
  ]);
  // near side with dovetails at both ends
  const side = [
    rect(0, 0, L, Hs, { fill: oakH }),
    rect(0, 0, L, Hs, {
      fill: svg.lin([
        [0, "#fff", 0.12],
        [1, "#000", 0.12],
      ]),
    }),
  ];
  const pins = (xEdge, dir, n, seed) => {
    const out = [],
      pitch = Hs / n;
    for (let i = 0; i <= n; i++) {
      const yc = i * pitch,
        nw = i === 0 || i === n ? 4 : 6,
        ww = i === 0 || i === n ? 9 : 15;
      const pts = [
        [xEdge, yc - nw],
        [xEdge, yc + nw],
        [xEdge + dir * T, yc + ww],
        [xEdge + dir * T, yc - ww],
      ].map(([x, y]) => [x, Math.max(0, Math.min(Hs, y))]);
      out.push(endGrain(svg, pts, seed + i));
    }
    out.push(rect(Math.min(xEdge + dir * T, xEdge + dir * T) - 0.4, 0, 0.8, Hs, { fill: "#6b4a2a", opacity: 0.5 }));
    return out;
  };
  G(O.z(0), [
    ...side,
    ...pins(0, 1, 4, 70),
    ...pins(L, -1, 4, 80),
    rect(0, Hs - 2, L, 2, { fill: "#fff", opacity: 0.4 }),
  ]);
  // painted drawer front with cup handle
  const fz0 = -45,
    fz1 = Wd + 45,
    fy0 = -25,
    fy1 = Hs + 45,
    col = "#2a3a5d";
  const fr = 42,
    b = 8;
  G(O.y(fy1), [rect(L, fz0, 22, fz1 - fz0, { fill: shade(col, 0.25) })]);
  G(O.z(fz0), [rect(L, fy0, 22, fy1 - fy0, { fill: shade(col, -0.1) })]);
  G(O.x(L + 22), [
    rect(fz0, fy0, fz1 - fz0, fy1 - fy0, { fill: col }),
    rect(fz0 + fr, fy0 + fr, fz1 - fz0 - 2 * fr, fy1 - fy0 - 2 * fr, { fill: "#000", opacity: 0.06 }),
    poly(
      [
        [fz0 + fr, fy1 - fr],
        [fz1 - fr, fy1 - fr],
        [fz1 - fr - b, fy1 - fr - b],
        [fz0 + fr + b, fy1 - fr - b],
      ],
      { fill: "#000", opacity: 0.35 },
    ),
    poly(
      [
        [fz0 + fr, fy0 + fr],
        [fz1 - fr, fy0 + fr],
        [fz1 - fr - b, fy0 + fr + b],
        [fz0 + fr + b, fy0 + fr + b],
      ],
      { fill: "#fff", opacity: 0.25 },
    ),
    poly(
      [
        [fz0 + fr, fy0 + fr],
        [fz0 + fr + b, fy0 + fr + b],
        [fz0 + fr + b, fy1 - fr - b],
        [fz0 + fr, fy1 - fr],
      ],
      { fill: "#000", opacity: 0.2 },
    ),
    rect(fz0, fy0, fz1 - fz0, fy1 - fy0, {
      fill: svg.lin(
        [
          [0, "#fff", 0.08],
          [1, "#000", 0.2],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
    path(
      `M${Wd / 2 - 55},${fy1 / 2 + 5} L${Wd / 2 + 55},${fy1 / 2 + 5} Q${Wd / 2 + 55},${fy1 / 2 - 32} ${Wd / 2},${fy1 / 2 - 32} Q${Wd / 2 - 55},${fy1 / 2 - 32} ${Wd / 2 - 55},${fy1 / 2 + 5} Z`,
      {
        fill: svg.lin([
          [0, "#6e5122"],
          [0.5, "#c49a52"],
          [1, "#f4dea0"],
        ]),
      },
    ),
    rect(Wd / 2 - 62, fy1 / 2 + 2, 124, 14, { fill: "#d6b26a" }),
  ]);
  // shavings and a pencil on the bench
  const r = new Rng(64);
  for (let i = 0; i < 14; i++) {
    const x = r.range(-20, 520),
      z = r.range(-170, -60);
    if (x > -60 && x < L + 140 && z > -120 && z < Wd + 160) continue;
    const s = r.range(22, 38),
      n = r.int(3, 6),
      a = r.range(-0.6, 0.6);
    const rings = [];
    for (let j = 0; j < n; j++)
      rings.push(
        ell(j * s * 0.45, 0, s * 0.5, s, { fill: "none", stroke: j % 2 ? "#d9b57f" : "#efd6a8", "stroke-width": 3.2 }),
      );
    svg.add(
      g(
        {
          transform: `translate(${(170 + x * 2.8 + z * 1.386).toFixed(1)} ${(1290 - z * 1.386).toFixed(1)}) rotate(${(a * 57).toFixed(1)})`,
        },
        rings,
      ),
    );
  }
  G(O.y(2), [
    rect(60, -150, 320, 14, { fill: "#2f4a3a" }),
    poly(
      [
        [380, -150],
        [412, -143],
        [380, -136],
        [380, -150],
      ],
      { fill: "#e0c49a" },
    ),
  ]);
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.rad(
        [
          [0.5, "#000", 0],
          [1, "#120c06", 0.35],
        ],
        0.5,
        0.5,
        0.8,
      ),
    }),
  );
  return svg;
}
