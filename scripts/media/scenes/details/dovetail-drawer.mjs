// Close-up in oblique projection: dovetailed oak drawer box with a painted front on a beech bench.
import { Svg, rect, poly, path, ell, g, shade } from "../../lib/svg.mjs";
import { wood } from "../../lib/textures/wood.mjs";
import { toUri } from "../../lib/textures/dataUri.mjs";
import { Rng } from "../../lib/noise.mjs";

const W = 2400,
  H = 1600;

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
