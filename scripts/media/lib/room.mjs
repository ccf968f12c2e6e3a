// One-point perspective camera, projected drawing surfaces, room shell, floors, wall finishes and windows.
// World units are millimetres: x right (0 = centre of back wall), y up (0 = floor), z towards the viewer (0 = back wall).
import { poly, rect, ell, path, line, mix, shade, f1 } from "./svg.mjs";
import { Rng } from "./noise.mjs";

export function camera({ W = 2400, H = 1600, D = 6000, s0 = 0.4, eye = 1400, hz = 720, cx = 1200 } = {}) {
  const f = s0 * D;
  const s = (z) => f / Math.max(60, D - z);
  const P = (x, y, z) => {
    const k = s(z);
    return [cx + x * k, hz - (y - eye) * k];
  };
  return { W, H, D, f, s, P, eye, hz, cx };
}

/** A plane in the world; (u, v) are millimetres on the plane, `map` projects them to canvas pixels. */
export class Surf {
  constructor(svg, map, k) {
    this.svg = svg;
    this.map = map;
    this.k = k;
  }
  p(u, v) {
    return this.map(u, v);
  }
  w(mm) {
    return mm * this.k;
  }
  poly(uv, a) {
    this.svg.add(
      poly(
        uv.map((q) => this.map(q[0], q[1])),
        a,
      ),
    );
  }
  rect(u0, v0, u1, v1, a) {
    this.poly(
      [
        [u0, v0],
        [u1, v0],
        [u1, v1],
        [u0, v1],
      ],
      a,
    );
  }
  ell(u, v, ru, rv, a) {
    const c = this.map(u, v),
      dx = this.map(u + ru, v),
      dy = this.map(u, v + rv);
    this.svg.add(ell(c[0], c[1], Math.hypot(dx[0] - c[0], dx[1] - c[1]), Math.hypot(dy[0] - c[0], dy[1] - c[1]), a));
  }
  /** Path from tokens: commands as strings, coordinates as u,v pairs. */
  path(tokens, a) {
    let d = "";
    for (let i = 0; i < tokens.length; ) {
      const t = tokens[i++];
      if (typeof t === "string") {
        d += t;
        continue;
      }
      const q = this.map(t, tokens[i++]);
      d += `${f1(q[0])},${f1(q[1])} `;
    }
    this.svg.add(path(d, a));
  }
  line(u0, v0, u1, v1, a) {
    const p = this.map(u0, v0),
      q = this.map(u1, v1);
    this.svg.add(line(p[0], p[1], q[0], q[1], a));
  }
}
export const front = (svg, cam, z) => new Surf(svg, (u, v) => cam.P(u, v, z), cam.s(z));
export const sideX = (svg, cam, x, zRef = 800) => new Surf(svg, (u, v) => cam.P(x, v, u), cam.s(zRef));
export const flatY = (svg, cam, y, zRef = 800) => new Surf(svg, (u, v) => cam.P(u, y, v), cam.s(zRef));

/** Walls, ceiling and soft corner shading. room: { w, h, wall, side, ceiling, zNear } */
export function shell(svg, cam, room) {
  const { w, h } = room,
    X0 = -w / 2,
    X1 = w / 2,
    zN = room.zNear ?? cam.D - 150;
  const P = cam.P;
  const ceil = room.ceiling ?? shade(room.wall, 0.25);
  svg.add(
    poly([P(X0, h, 0), P(X1, h, 0), P(X1, h, zN), P(X0, h, zN)], {
      fill: svg.lin(
        [
          [0, ceil],
          [1, shade(ceil, -0.18)],
        ],
        0,
        1,
        0,
        0,
      ),
    }),
  );
  const sideL = room.sideL ?? shade(room.wall, 0.06),
    sideR = room.sideR ?? shade(room.wall, -0.1);
  svg.add(
    poly([P(X0, 0, 0), P(X0, h, 0), P(X0, h, zN), P(X0, 0, zN)], {
      fill: svg.lin(
        [
          [0, sideL],
          [1, shade(sideL, -0.12)],
        ],
        1,
        0,
        0,
        0,
      ),
    }),
  );
  svg.add(
    poly([P(X1, 0, 0), P(X1, h, 0), P(X1, h, zN), P(X1, 0, zN)], {
      fill: svg.lin(
        [
          [0, sideR],
          [1, shade(sideR, -0.15)],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  const [bx0, by0] = P(X0, h, 0),
    [bx1, by1] = P(X1, 0, 0);
  svg.add(rect(bx0, by0, bx1 - bx0, by1 - by0, { fill: room.wall }));
  // plaster mottling
  const r = new Rng(room.seed ?? 3);
  for (let i = 0; i < 7; i++) {
    svg.add(
      ell(r.range(bx0, bx1), r.range(by0, by1), r.range(150, 420), r.range(90, 260), {
        fill: svg.soft(r.chance(0.5) ? "#fff" : "#000", 0.045, 0),
      }),
    );
  }
  // corner occlusion
  const cs = cam.s(0);
  svg.add(
    rect(bx0, by0, 120 * cs, by1 - by0, {
      fill: svg.lin(
        [
          [0, "#000", 0.12],
          [1, "#000", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  svg.add(
    rect(bx1 - 120 * cs, by0, 120 * cs, by1 - by0, {
      fill: svg.lin(
        [
          [0, "#000", 0],
          [1, "#000", 0.16],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  svg.add(
    rect(bx0, by0, bx1 - bx0, 90 * cs, {
      fill: svg.lin([
        [0, "#000", 0.1],
        [1, "#000", 0],
      ]),
    }),
  );
  if (room.cornice) {
    const c = room.cornice,
      d = 90;
    svg.add(poly([P(X0, h - d, 0), P(X1, h - d, 0), P(X1, h, 0), P(X0, h, 0)], { fill: shade(c, 0.05) }));
    svg.add(
      poly([P(X0, h - d, 0), P(X1, h - d, 0), P(X1, h - d * 0.55, 0), P(X0, h - d * 0.55, 0)], {
        fill: "#000",
        opacity: 0.07,
      }),
    );
  }
}

/** Floor: 'planks' | 'tiles' | 'checker' | 'concrete' | 'vinyl'. */
export function floor(svg, cam, room, spec) {
  const { w } = room,
    X0 = -w / 2,
    X1 = w / 2,
    P = cam.P;
  const r = new Rng(spec.seed ?? 17);
  const zBottom = cam.D - (cam.f * cam.eye) / Math.max(1, cam.H - cam.hz);
  const zMax = Math.min(cam.D - 100, Math.max(1500, zBottom + 700));
  const F = (x, z) => P(x, 0, z);
  svg.add(poly([F(X0, 0), F(X1, 0), F(X1, zMax), F(X0, zMax)], { fill: spec.color }));
  if (spec.type === "planks") {
    const pw = spec.plank ?? 190;
    for (let x = X0; x < X1; x += pw) {
      let z = -r.range(0, 1800);
      while (z < zMax) {
        const len = r.range(900, 2100),
          z1 = Math.min(zMax, z + len),
          z0 = Math.max(0, z);
        if (z1 > 0) {
          const c = shade(spec.color, r.range(-0.08, 0.06));
          svg.add(poly([F(x, z0), F(x + pw, z0), F(x + pw, z1), F(x, z1)], { fill: c }));
          for (let k = 0; k < 6; k++) {
            const gx = x + r.range(10, pw - 10),
              za = r.range(z0, z1),
              zb = Math.min(z1, za + r.range(300, 1200));
            const a = F(gx, za),
              b = F(gx + r.range(-12, 12), zb);
            svg.add(
              line(a[0], a[1], b[0], b[1], {
                stroke: shade(c, k % 3 ? -0.18 : 0.15),
                "stroke-width": r.range(0.7, 1.8),
                opacity: 0.45,
              }),
            );
          }
          const j = F(x, z1),
            j2 = F(x + pw, z1);
          svg.add(
            line(j[0], j[1], j2[0], j2[1], { stroke: shade(spec.color, -0.45), "stroke-width": 1.2, opacity: 0.6 }),
          );
        }
        z += len;
      }
      const a = F(x, 0),
        b = F(x, zMax);
      svg.add(line(a[0], a[1], b[0], b[1], { stroke: shade(spec.color, -0.5), "stroke-width": 1.4, opacity: 0.55 }));
    }
  } else if (spec.type === "tiles" || spec.type === "checker" || spec.type === "vinyl") {
    const ts = spec.size ?? 400,
      cols = spec.colors ?? [spec.color];
    for (let x = X0; x < X1; x += ts) {
      for (let z = 0; z < zMax; z += ts) {
        const i = Math.round((x - X0) / ts),
          j = Math.round(z / ts);
        let c = spec.type === "checker" || spec.type === "vinyl" ? cols[(i + j) % 2] : r.pick(cols);
        const vr = spec.vary ?? 0.06;
        c = shade(c, r.range(-vr, vr));
        const gr = spec.grout ?? 0.02;
        svg.add(
          poly(
            [
              F(x + ts * gr, z + ts * gr),
              F(x + ts * (1 - gr), z + ts * gr),
              F(x + ts * (1 - gr), z + ts * (1 - gr)),
              F(x + ts * gr, z + ts * (1 - gr)),
            ],
            { fill: c },
          ),
        );
      }
    }
  } else if (spec.type === "concrete") {
    for (let i = 0; i < 14; i++) {
      const p = F(r.range(X0, X1), r.range(0, 2600));
      svg.add(
        ell(p[0], p[1], r.range(80, 300), r.range(20, 60), {
          fill: svg.soft(r.chance(0.5) ? "#fff" : "#000", 0.06, 0),
        }),
      );
    }
  }
  // depth shading: darker towards the back wall, a soft sheen in the foreground
  svg.add(
    poly([F(X0, 0), F(X1, 0), F(X1, zMax), F(X0, zMax)], {
      fill: svg.lin([
        [0, "#000", 0.22],
        [0.35, "#000", 0.05],
        [1, "#fff", spec.sheen ?? 0.06],
      ]),
    }),
  );
}

/** Wall tiles / panelling on the back wall plane. kind: metro | zellige | square | beadboard | plain */
export function wallFinish(S, x0, y0, x1, y1, spec) {
  const r = new Rng(spec.seed ?? 5);
  const base = spec.color;
  if (spec.kind === "plain") {
    S.rect(x0, y0, x1, y1, { fill: base });
    return;
  }
  if (spec.kind === "beadboard") {
    S.rect(x0, y0, x1, y1, { fill: base });
    for (let x = x0; x < x1; x += 100) {
      S.rect(x, y0, x + 6, y1, { fill: "#000", opacity: 0.16 });
      S.rect(x + 6, y0, x + 14, y1, { fill: "#fff", opacity: 0.18 });
    }
    return;
  }
  const grout = spec.grout ?? shade(base, -0.12);
  S.rect(x0, y0, x1, y1, { fill: grout });
  const tw = spec.kind === "metro" ? 150 : spec.kind === "zellige" ? 105 : 150;
  const th = spec.kind === "metro" ? 75 : tw;
  const gap = spec.kind === "zellige" ? 2.5 : 3;
  const vary = spec.kind === "zellige" ? 0.07 : 0.035;
  let row = 0;
  for (let y = y0; y < y1; y += th, row++) {
    const off = spec.kind === "metro" && row % 2 ? -tw / 2 : 0;
    for (let x = x0 + off; x < x1; x += tw) {
      const a = Math.max(x0, x) + gap / 2,
        b = Math.min(x1, x + tw) - gap / 2,
        c0 = y + gap / 2,
        c1 = Math.min(y1, y + th) - gap / 2;
      if (b - a < 4 || c1 - c0 < 4) continue;
      const c = shade(base, r.range(-vary, vary));
      S.rect(a, c0, b, c1, { fill: c });
      S.rect(a, c1 - (c1 - c0) * 0.28, b, c1, {
        fill: "#fff",
        opacity: spec.kind === "zellige" ? r.range(0.05, 0.2) : 0.1,
      });
      S.rect(a, c0, b, c0 + (c1 - c0) * 0.12, { fill: "#000", opacity: 0.06 });
      if (spec.kind === "zellige" && r.chance(0.6))
        S.ell(r.range(a, b), r.range(c0, c1), tw * 0.18, th * 0.1, { fill: "#fff", opacity: 0.25 });
    }
  }
}

/** Garden view seen through glass; drawn in canvas space inside a clip of the glazed area. */
export function outsideView(svg, bx, seed = 9, dusk = false) {
  const [x0, y0, x1, y1] = bx,
    r = new Rng(seed),
    w = x1 - x0,
    h = y1 - y0;
  svg.add(
    rect(x0, y0, w, h, {
      fill: svg.lin(
        dusk
          ? [
              [0, "#c9d3dc"],
              [1, "#f1e3cf"],
            ]
          : [
              [0, "#cfe0ec"],
              [0.7, "#eef2ee"],
              [1, "#f6f1e6"],
            ],
      ),
    }),
  );
  const hy = y0 + h * r.range(0.55, 0.7);
  for (let i = 0; i < 9; i++) {
    svg.add(
      ell(x0 + r.range(-0.1, 1.1) * w, hy - r.range(0, 0.12) * h, r.range(0.12, 0.3) * w, r.range(0.1, 0.22) * h, {
        fill: svg.soft(mix("#9fb3a6", "#c8d3cf", r.r()), 1, 0.75),
      }),
    );
  }
  for (let i = 0; i < 10; i++) {
    svg.add(
      ell(x0 + r.range(-0.1, 1.1) * w, hy + r.range(0.02, 0.12) * h, r.range(0.08, 0.2) * w, r.range(0.08, 0.18) * h, {
        fill: svg.soft(mix("#6f8f62", "#93ab7c", r.r()), 1, 0.8),
      }),
    );
  }
  svg.add(rect(x0, hy + h * 0.14, w, h, { fill: "#a9bd8c" }));
  svg.add(rect(x0, y0, w, h, { fill: "#fff", opacity: 0.28 }));
}

/** Recessed window in the back wall with reveals, glazing bars, sill and daylight bloom. */
export function backWindow(svg, cam, win) {
  const { x0, x1, y0, y1 } = win,
    d = win.depth ?? 200,
    P = cam.P;
  const g = [P(x0, y1, -d), P(x1, y0, -d)];
  const clip = svg.clip(rect(g[0][0], g[0][1], g[1][0] - g[0][0], g[1][1] - g[0][1]));
  svg.add(`<g clip-path="${clip}">`);
  outsideView(svg, [g[0][0], g[0][1], g[1][0], g[1][1]], win.seed ?? 9);
  svg.add("</g>");
  const rv = win.reveal ?? shade(win.wall, 0.1);
  svg.add(poly([P(x0, y1, 0), P(x1, y1, 0), P(x1, y1, -d), P(x0, y1, -d)], { fill: shade(rv, -0.12) }));
  if (x0 < 0) svg.add(poly([P(x0, y0, 0), P(x0, y1, 0), P(x0, y1, -d), P(x0, y0, -d)], { fill: shade(rv, -0.04) }));
  if (x1 > 0) svg.add(poly([P(x1, y0, 0), P(x1, y1, 0), P(x1, y1, -d), P(x1, y0, -d)], { fill: shade(rv, 0.04) }));
  const S = front(svg, cam, -d + 10),
    fr = win.frame ?? "#f2eee6",
    fw = win.fw ?? 55,
    bw = win.bar ?? 26;
  const cols = win.cols ?? 2,
    rows = win.rows ?? 3;
  const bar = (a, b, c, e) => {
    S.rect(a, b, c, e, { fill: fr });
  };
  bar(x0, y0, x1, y0 + fw);
  bar(x0, y1 - fw, x1, y1);
  bar(x0, y0, x0 + fw, y1);
  bar(x1 - fw, y0, x1, y1);
  for (let i = 1; i < cols; i++) {
    const x = x0 + ((x1 - x0) * i) / cols;
    bar(x - fw / 2, y0, x + fw / 2, y1);
  }
  const transom = win.transom ? y0 + (y1 - y0) * win.transom : null;
  if (transom) bar(x0, transom - fw / 2, x1, transom + fw / 2);
  for (let j = 1; j < rows; j++) {
    const y = y0 + ((y1 - y0) * j) / rows;
    bar(x0, y - bw / 2, x1, y + bw / 2);
  }
  if (win.vbars)
    for (let i = 1; i < cols * 2; i += 2) {
      const x = x0 + ((x1 - x0) * i) / (cols * 2);
      bar(x - bw / 2, y0, x + bw / 2, y1);
    }
  // sill
  const sz = 50,
    sc = win.sill ?? shade(win.wall, 0.08);
  svg.add(poly([P(x0 - 40, y0, -d), P(x1 + 40, y0, -d), P(x1 + 40, y0, sz), P(x0 - 40, y0, sz)], { fill: sc }));
  svg.add(
    poly([P(x0 - 40, y0, sz), P(x1 + 40, y0, sz), P(x1 + 40, y0 - 30, sz), P(x0 - 40, y0 - 30, sz)], {
      fill: shade(sc, -0.15),
    }),
  );
  // bloom
  const o = P(x0, y1, 0),
    q = P(x1, y0, 0);
  svg.add(
    ell((o[0] + q[0]) / 2, (o[1] + q[1]) / 2, (q[0] - o[0]) * 0.9, (q[1] - o[1]) * 0.75, {
      fill: svg.soft("#fffaf0", 0.3, 0.45),
    }),
  );
}

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
