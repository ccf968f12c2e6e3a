// Decorative props drawn on a Surf (mm, y up): plants, pendants, taps, crockery, jars, books, boards.
import { shade, mix } from "./svg.mjs";
import { Rng } from "./noise.mjs";
import { front, flatY } from "./room.mjs";
import { METALS } from "./cabinets.mjs";

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

/** Ceiling pendant at (x, z) hanging to shade bottom yb; style: dome | globe | bell | cone. */
export function pendant(svg, cam, x, z, yb, ceil, style, color, metal = "brass") {
  const S = front(svg, cam, z),
    [hi, mid, lo] = METALS[metal];
  const size = style === "globe" ? 150 : 190;
  const ytop = yb + (style === "globe" ? size * 2 : size);
  S.line(x, ceil, x, ytop, { stroke: "#2a2624", "stroke-width": Math.max(1, S.w(5)) });
  S.rect(x - 40, ceil - 15, x + 40, ceil, { fill: mid });
  S.ell(x, yb - 250, size * 2.2, size * 1.3, {
    fill: svg.rad([
      [0, "#fff2d0", 0.35],
      [1, "#fff2d0", 0],
    ]),
  });
  if (style === "globe") {
    S.ell(x, yb + size, size * 2.1, size * 2.1, {
      fill: svg.rad([
        [0, "#fff3d6", 0.5],
        [1, "#fff3d6", 0],
      ]),
    });
    S.ell(x, yb + size, size, size, {
      fill: svg.rad(
        [
          [0, "#fffdf5"],
          [0.55, "#fbeccc"],
          [1, "#dcc8a0"],
        ],
        0.45,
        0.45,
        0.6,
      ),
    });
    S.rect(x - 30, ytop - 20, x + 30, ytop + 30, {
      fill: svg.lin(
        [
          [0, hi],
          [1, lo],
        ],
        0,
        0,
        1,
        0,
      ),
    });
    return;
  }
  const w = style === "cone" ? size * 0.9 : size;
  const path =
    style === "dome"
      ? ["M", x - w, yb, "Q", x - w, ytop, x, ytop, "Q", x + w, ytop, x + w, yb, "Z"]
      : style === "bell"
        ? [
            "M",
            x - w,
            yb,
            "Q",
            x - w * 0.35,
            yb + 30,
            x - w * 0.3,
            ytop,
            "L",
            x + w * 0.3,
            ytop,
            "Q",
            x + w * 0.35,
            yb + 30,
            x + w,
            yb,
            "Z",
          ]
        : ["M", x - w, yb, "L", x - 40, ytop, "L", x + 40, ytop, "L", x + w, yb, "Z"];
  S.path(path, {
    fill: svg.lin(
      [
        [0, shade(color, 0.25)],
        [0.5, color],
        [1, shade(color, -0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
  });
  S.ell(x, yb, w, w * 0.18, {
    fill: svg.rad([
      [0, "#fffbe8"],
      [1, "#f3d9a0"],
    ]),
  });
  S.rect(x - w, yb, x + w, yb + 12, { fill: metal === "black" ? "#222" : mid, opacity: 0.8 });
  S.rect(x - 25, ytop - 5, x + 25, ytop + 40, { fill: mid });
}

/** Gooseneck tap at depth z, standing on the worktop at y. */
export function tap(svg, cam, x, y, z, metal = "brass") {
  const S = front(svg, cam, z),
    [hi, mid, lo] = METALS[metal],
    w = Math.max(1.2, S.w(24));
  const grad = svg.lin(
    [
      [0, hi],
      [0.5, mid],
      [1, lo],
    ],
    0,
    0,
    1,
    0,
  );
  S.path(
    [
      "M",
      x,
      y,
      "L",
      x,
      y + 260,
      "Q",
      x,
      y + 390,
      x + 110,
      y + 390,
      "Q",
      x + 200,
      y + 390,
      x + 200,
      y + 290,
      "L",
      x + 200,
      y + 250,
    ],
    { fill: "none", stroke: mid, "stroke-width": w, "stroke-linecap": "round" },
  );
  S.path(["M", x - 6, y + 20, "L", x - 6, y + 260, "Q", x - 6, y + 380, x + 100, y + 382], {
    fill: "none",
    stroke: hi,
    "stroke-width": w * 0.25,
    opacity: 0.8,
  });
  S.rect(x - 30, y, x + 30, y + 40, { fill: grad });
  for (const d of [-110, 110]) {
    S.rect(x + d - 14, y, x + d + 14, y + 70, { fill: grad });
    S.rect(x + d - 45, y + 70, x + d + 45, y + 84, { fill: grad });
  }
}

/** Sink bowl cut into a worktop (top view in perspective). */
export function sinkBowl(svg, cam, x0, x1, y, z0, z1, butler = false) {
  const F = flatY(svg, cam, y);
  F.rect(x0, z0, x1, z1, { fill: butler ? "#f3f1eb" : "#9a9a98" });
  F.rect(x0 + 35, z0 + 35, x1 - 35, z1 - 35, {
    fill: svg.lin([
      [0, "#6d6c69"],
      [1, "#c8c6c0"],
    ]),
  });
}

/** Induction hob or gas burners on a worktop. */
export function hob(svg, cam, x0, x1, y, z0, z1) {
  const F = flatY(svg, cam, y + 1);
  F.rect(x0, z0, x1, z1, { fill: "#141415" });
  F.rect(x0, z0, x1, z1, {
    fill: svg.lin([
      [0, "#fff", 0],
      [1, "#fff", 0.12],
    ]),
  });
}

export function bowl(S, x, y, w, color, fruit = "#e8c547", seed = 2) {
  const r = new Rng(seed),
    svg = S.svg;
  S.ell(x + 15, y, w * 0.65, w * 0.1, { fill: svg.soft("#000", 0.3) });
  for (let i = 0; i < 6; i++)
    S.ell(x + r.range(-w * 0.33, w * 0.33), y + w * 0.26 + r.range(0, w * 0.1), w * 0.11, w * 0.09, {
      fill: svg.rad(
        [
          [0, shade(fruit, 0.35)],
          [1, shade(fruit, -0.2)],
        ],
        0.35,
        0.35,
        0.7,
      ),
    });
  S.path(
    ["M", x - w / 2, y + w * 0.28, "Q", x - w * 0.45, y, x, y, "Q", x + w * 0.45, y, x + w / 2, y + w * 0.28, "Z"],
    {
      fill: svg.lin(
        [
          [0, shade(color, 0.2)],
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
}

export function jar(S, x, y, w, h, fill, lid = "#b08a5a") {
  const svg = S.svg;
  S.ell(x + 6, y, w * 0.7, w * 0.12, { fill: svg.soft("#000", 0.25) });
  S.rect(x - w / 2, y, x + w / 2, y + h * 0.7, { fill });
  S.rect(x - w / 2, y, x + w / 2, y + h, { fill: "#dfe8e6", opacity: 0.28 });
  S.rect(x - w / 2 + w * 0.12, y + h * 0.1, x - w / 2 + w * 0.22, y + h * 0.9, { fill: "#fff", opacity: 0.45 });
  S.rect(x - w / 2 - 3, y + h, x + w / 2 + 3, y + h + Math.max(18, h * 0.1), { fill: lid });
  if (Math.round(x * 13 + h * 7) % 3 === 0) {
    S.rect(x - w * 0.32, y + h * 0.35, x + w * 0.32, y + h * 0.58, { fill: "#f7f2e6" });
    S.rect(x - w * 0.2, y + h * 0.45, x + w * 0.2, y + h * 0.48, { fill: "#3a3530", opacity: 0.6 });
  }
}

export function books(S, x, y, n, seed = 4) {
  const r = new Rng(seed),
    cols = ["#8a3b2e", "#2e4a5e", "#c9b48a", "#e7ded0", "#5d6b4a", "#b87c4f", "#1f2a3f"];
  let bx = x;
  for (let i = 0; i < n; i++) {
    const w = r.range(25, 45),
      h = r.range(190, 260),
      c = r.pick(cols);
    S.rect(bx, y, bx + w, y + h, { fill: c });
    S.rect(bx, y + h * 0.75, bx + w, y + h * 0.8, { fill: "#fff", opacity: 0.3 });
    S.rect(bx + w - 3, y, bx + w, y + h, { fill: "#000", opacity: 0.2 });
    bx += w + 1;
  }
  return bx;
}

/** Stack of plates / bowls and the odd jug on a shelf at y. */
export function crockery(S, x0, x1, y, seed = 6, palette = ["#f4f1ea", "#e9e4d9", "#d8d2c6", "#c9d3d6"]) {
  const r = new Rng(seed),
    svg = S.svg;
  let x = x0 + r.range(20, 80);
  while (x < x1 - 120) {
    const k = r.pick(["plates", "bowls", "jug", "jar", "plates", "gap"]),
      c = r.pick(palette);
    if (k === "plates") {
      const w = r.range(220, 270);
      if (x + w > x1) break;
      const n = r.int(4, 8);
      for (let i = 0; i < n; i++) {
        S.rect(x, y + i * 16, x + w, y + i * 16 + 13, { fill: shade(c, r.range(-0.05, 0.03)) });
        S.rect(x, y + i * 16 + 11, x + w, y + i * 16 + 13, { fill: "#000", opacity: 0.08 });
      }
      x += w + r.range(30, 80);
    } else if (k === "bowls") {
      const w = r.range(150, 190);
      if (x + w > x1) break;
      for (let i = 0; i < 3; i++)
        S.path(
          [
            "M",
            x + i * 8,
            y + i * 45 + 50,
            "Q",
            x + i * 8,
            y + i * 45,
            x + w / 2,
            y + i * 45,
            "Q",
            x + w - i * 8,
            y + i * 45,
            x + w - i * 8,
            y + i * 45 + 50,
            "Z",
          ],
          {
            fill: svg.lin(
              [
                [0, shade(c, 0.1)],
                [1, shade(c, -0.12)],
              ],
              0,
              0,
              1,
              0,
            ),
          },
        );
      x += w + r.range(30, 70);
    } else if (k === "jug") {
      const w = r.range(110, 150),
        h = r.range(170, 230);
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
              [0, shade(c, 0.15)],
              [1, shade(c, -0.15)],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      S.path(["M", x + w, y + h * 0.8, "Q", x + w + 70, y + h * 0.6, x + w - 5, y + h * 0.3], {
        fill: "none",
        stroke: shade(c, -0.1),
        "stroke-width": Math.max(1, S.w(16)),
      });
      x += w + r.range(60, 110);
    } else if (k === "jar") {
      jar(S, x + 50, y, 100, r.range(140, 220), r.pick(["#e8d7b0", "#c89b5b", "#8c5a3c", "#efe9dc"]));
      x += 130;
    } else x += r.range(60, 160);
  }
}

/** Chopping board leaning against the splashback. */
export function board(S, x, y, w, h, color) {
  const svg = S.svg;
  S.rect(x + 10, y, x + w + 30, y + h - 20, {
    fill: svg.lin(
      [
        [0, "#000", 0],
        [0.5, "#000", 0.14],
        [1, "#000", 0.2],
      ],
      0,
      0,
      1,
      0,
    ),
  });
  S.path(
    [
      "M",
      x,
      y,
      "L",
      x + w,
      y,
      "L",
      x + w,
      y + h * 0.82,
      "Q",
      x + w,
      y + h,
      x + w * 0.5,
      y + h,
      "Q",
      x,
      y + h,
      x,
      y + h * 0.82,
      "Z",
    ],
    {
      fill: svg.lin(
        [
          [0, shade(color, 0.15)],
          [1, shade(color, -0.15)],
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
  S.ell(x + w / 2, y + h * 0.85, w * 0.07, w * 0.07, { fill: "#000", opacity: 0.45 });
}

/** Open timber shelf on the back wall with items. */
export function shelf(svg, cam, x0, x1, y, depth, color, fill = "crockery", seed = 1) {
  const P = cam.P,
    t = 40,
    S = front(svg, cam, depth);
  front(svg, cam, 0).rect(x0, y - 160, x1, y - t, {
    fill: svg.lin([
      [0, "#000", 0.16],
      [1, "#000", 0],
    ]),
  });
  const Si = front(svg, cam, depth * 0.45);
  if (fill === "crockery") crockery(Si, x0, x1, y, seed);
  else if (fill === "jars") {
    const r = new Rng(seed);
    for (let x = x0 + 80; x < x1 - 80; x += r.range(120, 170))
      jar(
        Si,
        x,
        y,
        r.range(90, 120),
        r.range(150, 240),
        r.pick(["#e9dcc0", "#c79a5a", "#7d4f35", "#f1ece0", "#a7583d", "#d9c27a"]),
      );
  } else if (fill === "mixed") {
    const r = new Rng(seed);
    const x = books(Si, x0 + 60, y, r.int(4, 7), seed) + 80;
    plant(Si, x + 120, y, "trailing", 0.9, seed);
    crockery(Si, x + 300, x1, y, seed + 1);
  }
  const top = y > cam.eye ? null : [P(x0, y, 0), P(x1, y, 0), P(x1, y, depth), P(x0, y, depth)];
  if (top) svg.add(`<polygon points="${top.map((p) => p.join(",")).join(" ")}" fill="${shade(color, 0.1)}"/>`);
  else
    svg.add(
      `<polygon points="${[P(x0, y - t, 0), P(x1, y - t, 0), P(x1, y - t, depth), P(x0, y - t, depth)].map((p) => p.join(",")).join(" ")}" fill="${shade(color, -0.35)}"/>`,
    );
  S.rect(x0, y - t, x1, y, { fill: color });
  S.rect(x0, y - t, x1, y, {
    fill: svg.lin([
      [0, "#fff", 0.2],
      [1, "#000", 0.2],
    ]),
  });
}

/** Simple bar stool seen from the front at depth z. */
export function stool(svg, cam, x, z, seatH, color, wood = "#8a6444") {
  const S = front(svg, cam, z);
  S.ell(x, 0, 300, 60, { fill: svg.soft("#000", 0.3) });
  for (const d of [-1, 1]) {
    S.poly(
      [
        [x + d * 190, 0],
        [x + d * 205, 0],
        [x + d * 150, seatH],
        [x + d * 130, seatH],
      ],
      { fill: shade(wood, -0.15) },
    );
  }
  S.rect(x - 175, seatH * 0.32, x + 175, seatH * 0.32 + 22, { fill: shade(wood, -0.25) });
  S.rect(x - 200, seatH, x + 200, seatH + 60, {
    fill: svg.lin([
      [0, shade(color, 0.15)],
      [1, shade(color, -0.2)],
    ]),
  });
  S.rect(x - 200, seatH + 48, x + 200, seatH + 60, { fill: "#fff", opacity: 0.2 });
}
