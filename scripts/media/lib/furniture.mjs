// Bigger set pieces: open larder cupboard, boot-room bench with coats, dining table, beams, pan rail, ceiling spots.
import { shade } from "./svg.mjs";
import { Rng } from "./noise.mjs";
import { front, sideX, flatY } from "./room.mjs";
import { front1, METALS } from "./cabinets.mjs";
import { jar, crockery } from "./props.mjs";

const q = (a) => a.map((p) => p.map((v) => Math.round(v * 10) / 10).join(",")).join(" ");

/** Cupboard box seen open: inner back, sides, shelves in perspective, contents, doors swung open. */
export function openCupboard(svg, cam, x0, x1, y0, y1, zf, st, shelvesY, seed = 1, contents = "jars", doors = true) {
  const P = cam.P,
    inner = shade(st.innerColor ?? st.color, st.innerColor ? 0 : 0.25),
    t = 22,
    r = new Rng(seed);
  const a = x0 + t,
    b = x1 - t,
    zb = 20;
  front(svg, cam, zb).rect(a, y0, b, y1, { fill: inner });
  if (a < 0)
    svg.add(
      `<polygon points="${q([P(a, y0, zb), P(a, y1, zb), P(a, y1, zf), P(a, y0, zf)])}" fill="${shade(inner, -0.12)}"/>`,
    );
  if (b > 0)
    svg.add(
      `<polygon points="${q([P(b, y0, zb), P(b, y1, zb), P(b, y1, zf), P(b, y0, zf)])}" fill="${shade(inner, -0.06)}"/>`,
    );
  if (y1 > cam.eye)
    svg.add(
      `<polygon points="${q([P(a, y1, zb), P(b, y1, zb), P(b, y1, zf), P(a, y1, zf)])}" fill="${shade(inner, -0.2)}"/>`,
    );
  const ys = [y0, ...shelvesY];
  for (let i = ys.length - 1; i >= 0; i--) {
    const y = ys[i],
      above = i + 1 < ys.length ? ys[i + 1] : y1,
      room = above - y - 40;
    if (y < cam.eye)
      svg.add(
        `<polygon points="${q([P(a, y, zb), P(b, y, zb), P(b, y, zf - 20), P(a, y, zf - 20)])}" fill="${shade(inner, 0.08)}"/>`,
      );
    const Si = front(svg, cam, zf * 0.45);
    if (contents === "pantry" && i === 0) {
      for (let x = a + 60; x < b - 380; x += 420) basket(Si, x, y, 360, Math.min(room * 0.8, 260));
    } else if (contents === "dresser") {
      plateRow(Si, a, b, y, Math.min(room * 0.85, 300), r);
    } else if (contents === "jars" || i % 2 === 0 || (contents === "pantry" && i !== 2)) {
      for (let x = a + 50; x < b - 60; ) {
        const w = r.range(85, 130),
          h = Math.min(room * 0.9, r.range(120, 300));
        if (x + w / 2 > b - 20) break;
        jar(
          Si,
          x + w / 2 - 30,
          y,
          w,
          h,
          r.pick(["#e9dcc0", "#c79a5a", "#7d4f35", "#f1ece0", "#a7583d", "#d9c27a", "#6e7a45"]),
        );
        x += w + r.range(8, 30);
      }
    } else crockery(Si, a, b, y, seed + i);
    if (i > 0) {
      const Sf = front(svg, cam, zf - 20);
      if (y > cam.eye)
        svg.add(
          `<polygon points="${q([P(a, y - 25, zb), P(b, y - 25, zb), P(b, y - 25, zf - 20), P(a, y - 25, zf - 20)])}" fill="${shade(inner, -0.25)}"/>`,
        );
      Sf.rect(a, y - 25, b, y, { fill: shade(inner, 0.04) });
      Sf.rect(a, y - 25, b, y - 20, { fill: "#000", opacity: 0.15 });
    }
  }
  const S = front(svg, cam, zf);
  S.rect(x0, y0, a, y1, { fill: st.color });
  S.rect(b, y0, x1, y1, { fill: st.color });
  S.rect(x0, y1 - t, x1, y1, { fill: st.color });
  S.rect(x0, y0 - t, x1, y0, { fill: st.color });
  // doors opened to ~100 degrees, seen nearly edge-on
  const dw = (x1 - x0) / 2 - 5;
  for (const [x, dir] of doors
    ? [
        [x0, -1],
        [x1, 1],
      ]
    : []) {
    const D = sideX(svg, cam, x + dir * 10, zf + dw / 2);
    const faceInside = dir < 0 ? x < 0 : x > 0;
    D.rect(zf, y0, zf + dw, y1, { fill: faceInside ? shade(st.color, 0.08) : shade(st.color, -0.08) });
    front1(D, zf + 8, y0 + 8, zf + dw - 8, y1 - 8, { ...st, tex: undefined, handleless: false });
    if (faceInside)
      for (let y = y0 + 350; y < y1 - 200; y += 330) {
        D.rect(zf + 80, y, zf + dw - 80, y + 20, { fill: shade(st.color, -0.2) });
        for (let z = zf + 110; z < zf + dw - 110; z += 70)
          D.rect(z, y + 20, z + 45, y + 20 + r.range(90, 140), {
            fill: r.pick(["#c2703f", "#e3c277", "#8a9a5b", "#f0e8d8", "#7d4f35"]),
          });
        D.rect(zf + 80, y + 70, zf + dw - 80, y + 80, { fill: METALS.brass[1] });
      }
  }
}

/** Boot-room bench with basket cubbies, cushion, panelling, peg rail with coats and a shelf of baskets. */
export function bootBench(svg, cam, x0, x1, st, seed = 3) {
  const r = new Rng(seed),
    back = front(svg, cam, 0),
    S = front(svg, cam, 460),
    P = cam.P;
  back.rect(x0, 0, x1, 1750, { fill: st.color });
  for (let x = x0 + 100; x < x1; x += 110) {
    back.rect(x - 4, 480, x + 4, 1750, { fill: "#000", opacity: 0.16 });
    back.rect(x + 4, 480, x + 10, 1750, { fill: "#fff", opacity: 0.12 });
  }
  back.rect(x0, 1660, x1, 1750, { fill: shade(st.color, 0.06) });
  back.rect(x0, 1650, x1, 1665, { fill: "#000", opacity: 0.2 });
  // shelf with baskets
  const sh = front(svg, cam, 300);
  svg.add(
    `<polygon points="${q([P(x0, 1800, 0), P(x1, 1800, 0), P(x1, 1800, 300), P(x0, 1800, 300)])}" fill="${shade(st.color, -0.3)}"/>`,
  );
  for (let x = x0 + 80; x < x1 - 300; x += 360) basket(front(svg, cam, 150), x, 1840, 300, 220);
  sh.rect(x0, 1800, x1, 1840, { fill: shade(st.color, 0.05) });
  // peg rail with coats
  back.rect(x0, 1480, x1, 1540, { fill: shade(st.color, 0.08) });
  const coats = ["#6b4b3a", "#2f3d36", "#b48a4a", "#1f2a3f", "#8a8174", "#a24b3b"];
  for (let x = x0 + 160; x < x1 - 100; x += r.range(230, 320)) {
    const C = front(svg, cam, 120),
      c = r.pick(coats);
    C.ell(x, 1510, 16, 16, { fill: METALS.brass[1] });
    if (r.chance(0.8)) {
      const w = r.range(300, 380),
        L = r.range(700, 950);
      C.path(
        [
          "M",
          x - 40,
          1500,
          "Q",
          x - w / 2,
          1470,
          x - w / 2,
          1380,
          "L",
          x - w / 2 - 30,
          1500 - L,
          "L",
          x + w / 2 + 30,
          1500 - L,
          "L",
          x + w / 2,
          1380,
          "Q",
          x + w / 2,
          1470,
          x + 40,
          1500,
          "Z",
        ],
        {
          fill: svg.lin(
            [
              [0, shade(c, 0.1)],
              [0.5, c],
              [1, shade(c, -0.25)],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      C.line(x, 1470, x, 1500 - L, { stroke: shade(c, -0.35), "stroke-width": Math.max(1, C.w(6)) });
      if (r.chance(0.5))
        C.rect(x - 50, 1200, x - 10, 1500 - L * 0.6, { fill: r.pick(["#c9a24a", "#8f2f2f", "#e8e0d0"]) });
    }
  }
  // seat, cushion and cubbies
  svg.add(
    `<polygon points="${q([P(x0, 480, 0), P(x1, 480, 0), P(x1, 480, 460), P(x0, 480, 460)])}" fill="${shade(st.color, 0.1)}"/>`,
  );
  S.rect(x0, 0, x1, 480, { fill: shade(st.color, -0.5) });
  const n = Math.max(2, Math.round((x1 - x0) / 420)),
    cw = (x1 - x0) / n;
  for (let i = 0; i < n; i++) {
    S.rect(x0 + i * cw + 30, 100, x0 + (i + 1) * cw - 30, 420, { fill: shade(st.color, -0.35) });
    basket(S, x0 + i * cw + 60, 100, cw - 120, 260);
  }
  for (let i = 0; i <= n; i++)
    S.rect(x0 + i * cw - 30 * (i > 0), 0, x0 + i * cw + 30 * (i < n), 440, { fill: st.color });
  S.rect(x0, 420, x1, 480, { fill: shade(st.color, 0.08) });
  const cu = st.cushion ?? "#c9b79c";
  svg.add(
    `<polygon points="${q([P(x0 + 40, 560, 40), P(x1 - 40, 560, 40), P(x1 - 40, 560, 440), P(x0 + 40, 560, 440)])}" fill="${shade(cu, 0.1)}"/>`,
  );
  front(svg, cam, 440).rect(x0 + 40, 480, x1 - 40, 560, {
    fill: svg.lin([
      [0, shade(cu, 0.1)],
      [1, shade(cu, -0.2)],
    ]),
  });
  for (let x = x0 + 200; x < x1 - 100; x += 300) front(svg, cam, 441).ell(x, 520, 10, 10, { fill: shade(cu, -0.3) });
}

/** Plates standing on a dresser shelf against a rail, with the odd jug. */
function plateRow(S, a, b, y, maxD, r) {
  const svg = S.svg,
    pal = ["#f4f1ea", "#e7efe9", "#dfe6ee", "#f1e6d6"],
    rim = ["#2f4a6a", "#6d8a6a", "#b0643f", "#2f4a6a"];
  let x = a + 60;
  while (x < b - 120) {
    if (r.chance(0.18)) {
      const w = r.range(110, 150),
        h = r.range(160, 220);
      S.path(
        [
          "M",
          x,
          y,
          "L",
          x + w,
          y,
          "Q",
          x + w + 15,
          y + h * 0.6,
          x + w * 0.85,
          y + h,
          "L",
          x + w * 0.1,
          y + h,
          "Q",
          x - 15,
          y + h * 0.6,
          x,
          y,
          "Z",
        ],
        {
          fill: svg.lin(
            [
              [0, "#f3efe6"],
              [1, "#cfc6b6"],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      x += w + 40;
      continue;
    }
    const d = Math.min(maxD, r.range(220, 300)),
      i = r.int(0, 3);
    if (x + d > b - 20) break;
    S.ell(x + d / 2, y + d / 2, d / 2, d / 2, { fill: pal[i] });
    S.ell(x + d / 2, y + d / 2, d / 2 - 8, d / 2 - 8, {
      fill: "none",
      stroke: rim[i],
      "stroke-width": Math.max(1, S.w(6)),
    });
    S.ell(x + d / 2, y + d / 2, d * 0.3, d * 0.3, { fill: "#000", opacity: 0.05 });
    x += d * 0.62;
  }
  S.rect(a, y + 60, b, y + 80, { fill: "#000", opacity: 0.15 });
}

export function basket(S, x, y, w, h) {
  const svg = S.svg;
  S.rect(x, y, x + w, y + h, {
    fill: svg.lin([
      [0, "#c9a06a"],
      [1, "#9c7442"],
    ]),
  });
  for (let yy = y + 18; yy < y + h; yy += 22) S.rect(x, yy, x + w, yy + 5, { fill: "#6e4f2a", opacity: 0.35 });
  for (let xx = x + 20; xx < x + w; xx += 40) S.rect(xx, y, xx + 4, y + h, { fill: "#fff", opacity: 0.1 });
  S.rect(x - 6, y + h - 26, x + w + 6, y + h, { fill: "#b58a52" });
}

export function wellies(S, x, c = "#2f4133") {
  for (const d of [0, 150]) {
    S.path(
      [
        "M",
        x + d,
        380,
        "L",
        x + d,
        70,
        "Q",
        x + d,
        0,
        x + d + 70,
        0,
        "L",
        x + d + 210,
        0,
        "Q",
        x + d + 220,
        60,
        x + d + 120,
        90,
        "L",
        x + d + 120,
        380,
        "Z",
      ],
      {
        fill: S.svg.lin(
          [
            [0, shade(c, 0.2)],
            [1, shade(c, -0.2)],
          ],
          0,
          0,
          1,
          0,
        ),
      },
    );
    S.rect(x + d - 5, 350, x + d + 125, 390, { fill: shade(c, -0.15) });
  }
}

/** Dining table with chairs on the far side. */
export function diningTable(svg, cam, x0, x1, z0, z1, color, chairColor = "#3b3a36") {
  const P = cam.P,
    h = 750;
  const C = front(svg, cam, z0 - 120);
  for (let x = x0 + 350; x < x1 - 200; x += 650) {
    C.rect(x - 200, 0, x - 175, 1000, { fill: chairColor });
    C.rect(x + 175, 0, x + 200, 1000, { fill: chairColor });
    C.rect(x - 200, 900, x + 200, 1000, { fill: chairColor });
    for (let s = -120; s <= 120; s += 60) C.rect(x + s - 8, 560, x + s + 8, 900, { fill: shade(chairColor, 0.1) });
  }
  flatY(svg, cam, 0).rect(x0 - 100, z0 - 100, x1 + 100, z1 + 150, { fill: svg.soft("#000", 0.22, 0.5) });
  const F = front(svg, cam, z1 - 80),
    Fb = front(svg, cam, z0 + 80);
  for (const x of [x0 + 60, x1 - 120]) Fb.rect(x, 0, x + 60, h, { fill: shade(color, -0.35) });
  for (const x of [x0 + 60, x1 - 120])
    F.rect(x, 0, x + 60, h - 40, {
      fill: svg.lin(
        [
          [0, shade(color, 0.05)],
          [1, shade(color, -0.2)],
        ],
        0,
        0,
        1,
        0,
      ),
    });
  F.rect(x0 + 40, h - 120, x1 - 40, h - 40, { fill: shade(color, -0.15) });
  svg.add(`<polygon points="${q([P(x0, h, z0), P(x1, h, z0), P(x1, h, z1), P(x0, h, z1)])}" fill="${color}"/>`);
  svg.add(
    `<polygon points="${q([P(x0, h, z0), P(x1, h, z0), P(x1, h, z1), P(x0, h, z1)])}" fill="${svg.lin([
      [0, "#000", 0.1],
      [1, "#fff", 0.12],
    ])}"/>`,
  );
  front(svg, cam, z1).rect(x0, h - 40, x1, h, { fill: shade(color, -0.1) });
  return h;
}

export function beams(svg, cam, room, zs, color) {
  const P = cam.P,
    X0 = -room.w / 2,
    X1 = room.w / 2,
    y = room.h - 200;
  for (const z of zs) {
    svg.add(
      `<polygon points="${q([P(X0, y, z), P(X1, y, z), P(X1, y, z + 200), P(X0, y, z + 200)])}" fill="${shade(color, -0.2)}"/>`,
    );
    const S = front(svg, cam, z + 200);
    S.rect(X0, y, X1, room.h, {
      fill: svg.lin([
        [0, shade(color, 0.1)],
        [1, shade(color, -0.15)],
      ]),
    });
    const r = new Rng(z);
    for (let i = 0; i < 5; i++) {
      const yy = r.range(y + 20, room.h - 20);
      S.rect(X0, yy, X1, yy + 6, { fill: shade(color, -0.3), opacity: 0.5 });
    }
  }
}

export function ceilingSpots(svg, cam, room, xs, zs) {
  const F = flatY(svg, cam, room.h - 1);
  for (const x of xs)
    for (const z of zs) {
      F.ell(x, z, 55, 55, { fill: "#d9d4cc" });
      F.ell(x, z, 38, 38, { fill: "#fffdf4" });
    }
}

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
