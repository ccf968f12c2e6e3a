// Potted plants drawn on a Surf (mm, y up): herbs, fiddle-leaf, olive, trailing and branches.
import { shade, mix } from "../svg.mjs";
import { Rng } from "../noise.mjs";

const GREENS = ["#56734a", "#67864f", "#4a6640", "#7d9862", "#3d5636", "#8aa476"];

export function leaf(S, x, y, ang, len, wid, color, op = 1) {
  const c = Math.cos(ang),
    s = Math.sin(ang),
    tx = x + c * len,
    ty = y + s * len;
  const mx = x + c * len * 0.45,
    my = y + s * len * 0.45,
    px = -s * wid,
    py = c * wid;
  S.path(["M", x, y, "Q", mx + px, my + py, tx, ty, "Q", mx - px, my - py, x, y, "Z"], { fill: color, opacity: op });
  S.path(["M", x, y, "Q", mx + px * 0.15, my + py * 0.15, tx, ty], {
    fill: "none",
    stroke: shade(color, 0.25),
    "stroke-width": Math.max(0.5, S.w(wid * 0.08)),
    opacity: 0.6 * op,
  });
}

export function pot(S, x, y, w, h, color) {
  const svg = S.svg;
  S.ell(x + w * 0.1, y, w * 0.75, w * 0.14, { fill: svg.soft("#000", 0.3) });
  S.poly(
    [
      [x - w / 2, y + h],
      [x + w / 2, y + h],
      [x + w * 0.38, y],
      [x - w * 0.38, y],
    ],
    {
      fill: svg.lin(
        [
          [0, shade(color, 0.15)],
          [0.6, color],
          [1, shade(color, -0.3)],
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
  S.rect(x - w * 0.53, y + h - h * 0.14, x + w * 0.53, y + h, { fill: shade(color, 0.05) });
}

/** Plant in a pot. kind: herb | fiddle | olive | trailing | branches */
export function plant(S, x, y, kind, size = 1, seed = 1, potColor = "#b86b4b") {
  const r = new Rng(seed),
    G = (d = 0) => shade(r.pick(GREENS), r.range(-0.1, 0.12) + d);
  if (kind === "trailing") {
    const w = 150 * size;
    for (let v = 0; v < 7; v++) {
      let px = x + r.range(-w * 0.4, w * 0.4),
        py = y + 120 * size;
      const dx = r.range(-0.4, 0.4),
        L = r.range(250, 700) * size;
      for (let t = 0; t < L; t += 45 * size) {
        const nx = px + dx * 45 * size + r.range(-8, 8),
          ny = py - 45 * size;
        S.line(px, py, nx, ny, { stroke: "#5b6b3e", "stroke-width": Math.max(0.6, S.w(4)) });
        leaf(S, nx, ny, r.range(-0.6, 0.6) + (r.chance(0.5) ? 0 : Math.PI), 55 * size, 20 * size, G());
        px = nx;
        py = ny;
      }
    }
    for (let i = 0; i < 10; i++)
      leaf(S, x + r.range(-w * 0.4, w * 0.4), y + 120 * size, r.range(0.3, 2.8), 80 * size, 28 * size, G());
    pot(S, x, y, w, 140 * size, potColor);
    return;
  }
  if (kind === "branches") {
    const h = 260 * size;
    for (let i = 0; i < 9; i++) {
      const a = Math.PI / 2 + r.range(-0.55, 0.55),
        L = r.range(500, 800) * size;
      const ex = x + Math.cos(a) * L,
        ey = y + h + Math.sin(a) * L;
      S.path(["M", x, y + h * 0.8, "Q", x + Math.cos(a) * L * 0.4, y + h + Math.sin(a) * L * 0.6, ex, ey], {
        fill: "none",
        stroke: "#6d6a4e",
        "stroke-width": Math.max(0.6, S.w(5)),
      });
      for (let t = 0.3; t < 1; t += 0.1) {
        const lx = x + (ex - x) * t + r.range(-10, 10),
          ly = y + h + (ey - y - h) * t;
        S.ell(lx + 18 * size, ly, 20 * size, 17 * size, { fill: mix("#8fa596", "#b3c1b4", r.r()) });
        S.ell(lx - 18 * size, ly + 12 * size, 20 * size, 17 * size, { fill: mix("#7f968a", "#a6b6a8", r.r()) });
      }
    }
    const svg = S.svg;
    S.ell(x + 15, y, 140 * size, 20 * size, { fill: svg.soft("#000", 0.25) });
    S.path(
      [
        "M",
        x - 60 * size,
        y,
        "Q",
        x - 130 * size,
        y + h * 0.5,
        x - 45 * size,
        y + h,
        "L",
        x + 45 * size,
        y + h,
        "Q",
        x + 130 * size,
        y + h * 0.5,
        x + 60 * size,
        y,
        "Z",
      ],
      {
        fill: svg.lin(
          [
            [0, shade(potColor, 0.2)],
            [0.6, potColor],
            [1, shade(potColor, -0.3)],
          ],
          0,
          0,
          1,
          0,
        ),
      },
    );
    return;
  }
  const potH = (kind === "herb" ? 120 : 380) * size,
    potW = (kind === "herb" ? 140 : 420) * size;
  if (kind === "herb") {
    for (let i = 0; i < 45; i++)
      leaf(
        S,
        x + r.range(-40, 40) * size,
        y + potH * 0.9,
        r.range(0.4, 2.7),
        r.range(50, 110) * size,
        r.range(14, 24) * size,
        G(),
      );
  } else if (kind === "fiddle") {
    const top = y + potH + 1400 * size;
    for (let i = 0; i < 3; i++)
      S.path(
        [
          "M",
          x + (i - 1) * 20,
          y + potH,
          "Q",
          x + (i - 1) * 120 * size,
          y + potH + 600 * size,
          x + (i - 1) * 160 * size,
          top - i * 150,
        ],
        { fill: "none", stroke: "#5c4a34", "stroke-width": Math.max(1, S.w(14)) },
      );
    for (let i = 0; i < 26; i++) {
      const ly = r.range(y + potH + 300 * size, top),
        lx = x + r.range(-260, 260) * size * ((ly - y) / (top - y) + 0.3);
      leaf(S, lx, ly, r.range(0.3, 2.8), r.range(240, 360) * size, r.range(90, 130) * size, G(-0.05));
    }
  } else if (kind === "olive") {
    const top = y + potH + 1300 * size;
    S.path(["M", x, y + potH, "Q", x + 60 * size, y + potH + 500 * size, x - 20 * size, top - 500 * size], {
      fill: "none",
      stroke: "#6b5a46",
      "stroke-width": Math.max(1, S.w(26)),
    });
    for (let i = 0; i < 420; i++) {
      const a = r.range(0, Math.PI * 2),
        rr = Math.sqrt(r.r()) * 420 * size;
      const lx = x - 20 * size + Math.cos(a) * rr * 1.1,
        ly = top - 380 * size + Math.sin(a) * rr * 0.8;
      leaf(
        S,
        lx,
        ly,
        r.range(0, Math.PI * 2),
        r.range(55, 85) * size,
        r.range(9, 13) * size,
        mix("#6f8060", "#a9b59a", r.r()),
      );
    }
  }
  pot(S, x, y, potW, potH, potColor);
}
