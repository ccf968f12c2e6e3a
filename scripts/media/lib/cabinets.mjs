// Cabinet fronts (Shaker, in-frame, slab, handleless, beadboard, glazed), handles, units, runs and worktops.
import { shade } from "./svg.mjs";
import { front, sideX } from "./room.mjs";
import { Rng } from "./noise.mjs";

export const METALS = {
  brass: ["#fbe7b0", "#c49a52", "#765420"],
  black: ["#707070", "#2c2c2d", "#0f0f10"],
  nickel: ["#ffffff", "#c2c3c1", "#676866"],
  bronze: ["#c99d74", "#7d5638", "#3b2516"],
  copper: ["#f4b890", "#b66d3d", "#653216"],
};

/** Door hardware on a surface (mm units, y up). */
export function handle(S, kind, x, y, metal = "brass", o = {}) {
  const svg = S.svg,
    [hi, mid, lo] = METALS[metal] ?? METALS.brass,
    sh = { fill: "#000", opacity: 0.18 };
  if (kind === "knob") {
    const r = o.r ?? 17;
    S.ell(x + 5, y - 8, r * 1.5, r * 1.4, { fill: svg.soft("#000", 0.45, 0.4) });
    S.ell(x, y, r, r, {
      fill: svg.rad(
        [
          [0, hi],
          [0.45, mid],
          [1, lo],
        ],
        0.38,
        0.3,
        0.78,
      ),
    });
    S.ell(x - r * 0.28, y + r * 0.32, r * 0.32, r * 0.2, { fill: "#fff", opacity: 0.55 });
  } else if (kind === "cup") {
    const w = o.len ?? 100,
      h = 34;
    S.path(["M", x - w / 2 + 4, y + 2, "Q", x + 4, y - h - 10, x + w / 2 + 4, y + 2, "Z"], sh);
    S.rect(x - w / 2 - 6, y - 3, x + w / 2 + 6, y + 12, {
      fill: svg.lin([
        [0, hi],
        [1, mid],
      ]),
    });
    S.path(
      ["M", x - w / 2, y, "L", x + w / 2, y, "Q", x + w / 2, y - h, x, y - h, "Q", x - w / 2, y - h, x - w / 2, y, "Z"],
      {
        fill: svg.lin([
          [0, hi],
          [0.5, mid],
          [1, lo],
        ]),
      },
    );
    S.path(
      ["M", x - w * 0.4, y - 12, "Q", x, y - h - 2, x + w * 0.4, y - 12, "Q", x, y - h + 8, x - w * 0.4, y - 12, "Z"],
      { fill: lo, opacity: 0.9 },
    );
  } else if (kind === "bar" || kind === "vbar") {
    const L = o.len ?? 200,
      t = o.t ?? 13,
      v = kind === "vbar";
    const [a0, b0, a1, b1] = v
      ? [x - t / 2, y - L / 2, x + t / 2, y + L / 2]
      : [x - L / 2, y - t / 2, x + L / 2, y + t / 2];
    S.rect(a0 + 6, b0 - 9, a1 + 6, b1 - 9, sh);
    S.rect(a0, b0, a1, b1, {
      fill: v
        ? svg.lin(
            [
              [0, hi],
              [0.5, mid],
              [1, lo],
            ],
            0,
            0,
            1,
            0,
          )
        : svg.lin([
            [0, hi],
            [0.5, mid],
            [1, lo],
          ]),
    });
  }
}

/** A single front: door or drawer. st: { style, color, tex, frame, handleless, glassColor } */
export function front1(S, x0, y0, x1, y1, st) {
  const svg = S.svg,
    style = st.style;
  S.rect(x0, y0, x1, y1, { fill: st.tex ?? st.color });
  if (["shaker", "inframe", "beadboard", "glazed"].includes(style)) {
    const f = Math.min(st.frame ?? 70, (x1 - x0) * 0.2, (y1 - y0) * 0.26),
      b = Math.min(13, f * 0.22);
    const p0 = x0 + f,
      q0 = y0 + f,
      p1 = x1 - f,
      q1 = y1 - f;
    if (style === "glazed" && y1 - y0 > 300) glazing(S, p0, q0, p1, q1, st);
    else {
      S.rect(p0, q0, p1, q1, { fill: "#000", opacity: 0.04 });
      if (style === "beadboard")
        for (let x = p0 + 90; x < p1 - 30; x += 90) {
          S.rect(x - 3, q0, x + 3, q1, { fill: "#000", opacity: 0.15 });
          S.rect(x + 3, q0, x + 8, q1, { fill: "#fff", opacity: 0.15 });
        }
      S.rect(p0 + b, q1 - b - Math.min(45, (q1 - q0) * 0.25), p1 - b, q1 - b, {
        fill: svg.lin([
          [0, "#000", 0.14],
          [1, "#000", 0],
        ]),
      });
    }
    S.poly(
      [
        [p0, q1],
        [p1, q1],
        [p1 - b, q1 - b],
        [p0 + b, q1 - b],
      ],
      { fill: "#000", opacity: 0.32 },
    );
    S.poly(
      [
        [p0, q0],
        [p1, q0],
        [p1 - b, q0 + b],
        [p0 + b, q0 + b],
      ],
      { fill: "#fff", opacity: 0.3 },
    );
    S.poly(
      [
        [p0, q0],
        [p0 + b, q0 + b],
        [p0 + b, q1 - b],
        [p0, q1],
      ],
      { fill: "#000", opacity: 0.17 },
    );
    S.poly(
      [
        [p1, q0],
        [p1 - b, q0 + b],
        [p1 - b, q1 - b],
        [p1, q1],
      ],
      { fill: "#fff", opacity: 0.16 },
    );
  }
  if (st.handleless) {
    S.rect(x0, y1 - 34, x1, y1, {
      fill: svg.lin([
        [0, "#000", 0.7],
        [1, "#000", 0.3],
      ]),
    });
    S.rect(x0, y1 - 36, x1, y1 - 32, { fill: "#fff", opacity: 0.25 });
  }
  S.rect(x0, y1 - 4, x1, y1, { fill: "#fff", opacity: 0.22 });
  S.rect(x0, y0, x1, y0 + 4, { fill: "#000", opacity: 0.25 });
  S.rect(x1 - 3, y0, x1, y1, { fill: "#000", opacity: 0.12 });
}

function glazing(S, x0, y0, x1, y1, st) {
  const svg = S.svg,
    r = new Rng(Math.round(x0 * 7 + y0));
  S.rect(x0, y0, x1, y1, {
    fill: svg.lin([
      [0, shade(st.color, -0.55)],
      [1, shade(st.color, -0.3)],
    ]),
  });
  const n = Math.max(1, Math.round((y1 - y0) / 300));
  for (let i = 0; i < n; i++) {
    const sy = y0 + ((y1 - y0) * i) / n;
    S.rect(x0, sy, x1, sy + 18, { fill: shade(st.color, -0.1) });
    let x = x0 + 20;
    while (x < x1 - 60) {
      const k = r.pick(["plate", "cup", "glass"]),
        col = r.pick(["#f4f1ea", "#e8e3d8", "#d9dfe2", "#f4f1ea"]);
      if (k === "plate") {
        const pr = r.range(70, 110);
        if (x + pr * 2 > x1) break;
        S.ell(x + pr, sy + 18 + pr, pr, pr, { fill: col });
        S.ell(x + pr, sy + 18 + pr, pr * 0.65, pr * 0.65, { fill: "#000", opacity: 0.05 });
        x += pr * 1.3;
      } else {
        const w = r.range(60, 90),
          h = r.range(80, 140);
        if (x + w > x1) break;
        S.rect(x, sy + 18, x + w, sy + 18 + h, {
          fill: k === "glass" ? "#cfd8da" : col,
          opacity: k === "glass" ? 0.5 : 1,
        });
        x += w + 15;
      }
    }
  }
  S.poly(
    [
      [x0, y0 + (y1 - y0) * 0.3],
      [x0 + (x1 - x0) * 0.5, y1],
      [x0 + (x1 - x0) * 0.75, y1],
      [x0, y0 + (y1 - y0) * 0.05],
    ],
    { fill: "#fff", opacity: 0.12 },
  );
  const xm = (x0 + x1) / 2,
    ym = (y0 + y1) / 2;
  S.rect(xm - 12, y0, xm + 12, y1, { fill: st.color });
  S.rect(x0, ym - 12, x1, ym + 12, { fill: st.color });
}

/** Draw fronts for one unit of a run, including in-frame face frames and hardware. */
export function unitFronts(S, type, x0, x1, y0, y1, st, where = "base") {
  const g = 2.5,
    inframe = st.style === "inframe",
    svg = S.svg;
  const hw = st.handles ?? { door: "knob", drawer: "cup" };
  const fronts = [];
  const add = (a, b, c, d, kind, side) => fronts.push({ a, b, c, d, kind, side });
  const wdt = x1 - x0;
  if (type === "hob") type = "drawers2";
  const doors = (a, b, c, d, forceTwo) => {
    if (forceTwo || c - a > 650) {
      const m = (a + c) / 2;
      add(a, b, m, d, "door", "r");
      add(m, b, c, d, "door", "l");
    } else add(a, b, c, d, "door", st.hand ?? "r");
  };
  if (type === "drawers3" || type === "drawers2" || type === "drawers4") {
    const n = +type.slice(-1),
      hs = n === 2 ? [0.5, 0.5] : n === 3 ? [0.24, 0.33, 0.43] : [0.2, 0.24, 0.26, 0.3];
    let y = y1;
    for (const h of hs) {
      const y2 = y - (y1 - y0) * h;
      add(x0, y2, x1, y, "drawer");
      y = y2;
    }
  } else if (type === "drawerdoor") {
    add(x0, y1 - 170, x1, y1, "drawer");
    doors(x0, y0, x1, y1 - 170);
  } else if (type === "door2") doors(x0, y0, x1, y1, true);
  else if (type === "glazed2" || type === "glazed1") {
    const s2 = { ...st, style: "glazed" };
    if (type === "glazed2") {
      const m = (x0 + x1) / 2;
      fronts.push(
        { a: x0, b: y0, c: m, d: y1, kind: "door", side: "r", st: s2 },
        { a: m, b: y0, c: x1, d: y1, kind: "door", side: "l", st: s2 },
      );
    } else fronts.push({ a: x0, b: y0, c: x1, d: y1, kind: "door", side: "r", st: s2 });
  } else if (type === "tall") {
    const split = y0 + (y1 - y0) * 0.62;
    doors(x0, split, x1, y1, wdt > 500);
    doors(x0, y0, x1, split, wdt > 500);
  } else if (type === "tallfull") doors(x0, y0, x1, y1, wdt > 500);
  else if (type === "tallOven") {
    add(x0, 1560, x1, y1, "door", st.hand ?? "r");
    add(x0, 880, x1, 1560, "oven");
    add(x0, y0 + (880 - y0) / 2, x1, 880, "drawer");
    add(x0, y0, x1, y0 + (880 - y0) / 2, "drawer");
  } else doors(x0, y0, x1, y1);

  if (inframe) {
    S.rect(x0, y0, x1, y1, { fill: st.color });
    S.rect(x0, y0, x0 + 4, y1, { fill: "#000", opacity: 0.2 });
  } else S.rect(x0, y0, x1, y1, { fill: shade(st.color, -0.6) });
  const inset = inframe ? 42 : g;
  for (const f of fronts) {
    const fs = f.st ?? st;
    if (f.kind === "oven") {
      oven(S, f.a + g, f.b + g, f.c - g, f.d - g);
      continue;
    }
    let [a, b, c, d] = [f.a + inset, f.b + inset, f.c - inset, f.d - inset];
    if (inframe) {
      if (f.a > x0 + 1) a = f.a + 21;
      if (f.c < x1 - 1) c = f.c - 21;
      if (f.b > y0 + 1) b = f.b + 21;
      if (f.d < y1 - 1) d = f.d - 21;
      S.rect(a - 4, b - 4, c + 4, d + 4, { fill: "#000", opacity: 0.4 });
    }
    front1(S, a, b, c, d, fs);
    if (st.handleless) continue;
    const hx = f.kind === "drawer" ? (a + c) / 2 : f.side === "r" ? c - 60 : a + 60;
    const hy =
      f.kind === "drawer"
        ? (b + d) / 2 + 8
        : where === "wall"
          ? b + 90
          : where === "tall"
            ? Math.min(d - 90, Math.max(b + 90, 1050))
            : d - 90;
    const kind = f.kind === "drawer" ? hw.drawer : hw.door;
    handle(S, kind === "bar" && f.kind === "door" ? "vbar" : kind, hx, hy, st.metal, {
      len: kind === "bar" ? Math.min(260, (c - a) * 0.45) : undefined,
    });
    if (inframe && f.kind === "door") {
      const hxs = f.side === "r" ? a - 2 : c - 8;
      for (const hy2 of [b + 110, d - 150])
        S.rect(hxs, hy2, hxs + 10, hy2 + 70, {
          fill: svg.lin(
            [
              [0, METALS[st.metal ?? "brass"][0]],
              [1, METALS[st.metal ?? "brass"][2]],
            ],
            0,
            0,
            1,
            0,
          ),
        });
    }
  }
}

/** Built-in oven: black glass, steel fascia and bar handle. */
export function oven(S, x0, y0, x1, y1) {
  const svg = S.svg,
    [hi, mid, lo] = METALS.nickel;
  S.rect(x0, y0, x1, y1, { fill: "#1c1c1e" });
  S.rect(x0, y1 - 90, x1, y1, {
    fill: svg.lin([
      [0, "#bdbdbb"],
      [1, "#8a8a88"],
    ]),
  });
  S.rect(x0 + (x1 - x0) * 0.42, y1 - 65, x0 + (x1 - x0) * 0.58, y1 - 30, { fill: "#101010" });
  S.rect(x0 + 50, y0 + 60, x1 - 50, y1 - 200, {
    fill: svg.lin([
      [0, "#2c2c2f"],
      [1, "#09090a"],
    ]),
  });
  S.poly(
    [
      [x0 + 50, y0 + 200],
      [x0 + 160, y1 - 200],
      [x0 + 230, y1 - 200],
      [x0 + 50, y0 + 60],
    ],
    { fill: "#fff", opacity: 0.07 },
  );
  S.rect(x0 + 40, y1 - 150, x1 - 40, y1 - 128, {
    fill: svg.lin([
      [0, hi],
      [0.5, mid],
      [1, lo],
    ]),
  });
}

/** Range cooker front (z = its front plane). */
export function rangeCooker(S, x0, x1, top, c) {
  const svg = S.svg,
    body = c.color ?? "#23304d",
    m = c.metal ?? "nickel",
    [hi, mid, lo] = METALS[m];
  S.rect(x0, 0, x1, top, { fill: body });
  S.rect(x0, 0, x1, 90, { fill: "#111", opacity: 0.75 });
  S.rect(x0, top - 120, x1, top, { fill: shade(body, -0.12) });
  const n = Math.max(5, Math.round((x1 - x0) / 140));
  for (let i = 0; i < n; i++) {
    const kx = x0 + ((x1 - x0) * (i + 0.5)) / n;
    S.ell(kx + 3, top - 66, 22, 22, { fill: "#000", opacity: 0.3 });
    S.ell(kx, top - 60, 20, 20, {
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
  }
  const ovens = x1 - x0 > 850 ? 2 : 1,
    ow = (x1 - x0 - 40 * (ovens + 1)) / ovens;
  for (let i = 0; i < ovens; i++) {
    const a = x0 + 40 + i * (ow + 40),
      b = a + ow;
    S.rect(a, 130, b, top - 160, { fill: shade(body, 0.06) });
    S.rect(a + 50, 220, b - 50, top - 300, {
      fill: svg.lin([
        [0, "#2a2a2c"],
        [1, "#0c0c0d"],
      ]),
    });
    S.poly(
      [
        [a + 50, top - 420],
        [a + 140, top - 300],
        [a + 210, top - 300],
        [a + 50, top - 520],
      ],
      { fill: "#fff", opacity: 0.08 },
    );
    S.rect(a + 20, top - 210, b - 20, top - 190, {
      fill: svg.lin([
        [0, hi],
        [1, lo],
      ]),
    });
  }
  S.rect(x0, top - 6, x1, top, { fill: "#fff", opacity: 0.25 });
}

/** A run of base units along a plane at depth zf. units: [{type, w}] laid out from x0. */
export function baseRun(svg, cam, x0, units, st, D) {
  const zf = D.zf ?? 600,
    S = front(svg, cam, zf),
    P = cam.P;
  let x = x0;
  const laid = units.map((u) => {
    const o = { ...u, x0: x, x1: x + u.w };
    x += u.w;
    return o;
  });
  const top = D.top ?? 880,
    th = D.thick ?? 35,
    yb = D.plinth ?? 110;
  for (const u of laid) if (u.type !== "gap") S.rect(u.x0, 0, u.x1, yb, { fill: shade(st.color, -0.55) });
  for (const u of laid) {
    if (u.type.startsWith("tall") || u.type === "range" || u.type === "gap") continue;
    unitFronts(
      S,
      u.type === "sink" ? (st.sink === "butler" ? "door2s" : "drawerdoor") : u.type,
      u.x0,
      u.x1,
      yb,
      u.type === "sink" && st.sink === "butler" ? top - 230 : top,
      st,
    );
    if (u.type === "sink" && st.sink === "butler") {
      const Sa = front(svg, cam, zf + 30);
      Sa.rect(u.x0 + 40, top - 240, u.x1 - 40, top + 5, {
        fill: svg.lin([
          [0, "#fbfaf6"],
          [1, "#dcd8cf"],
        ]),
      });
      Sa.rect(u.x0 + 40, top - 240, u.x1 - 40, top - 225, { fill: "#000", opacity: 0.15 });
    }
  }
  // worktop across non-tall units
  const spans = [];
  for (const u of laid) {
    if (u.type.startsWith("tall") || u.type === "gap") continue;
    const l = spans[spans.length - 1];
    if (l && l.x1 === u.x0) l.x1 = u.x1;
    else spans.push({ x0: u.x0, x1: u.x1 });
  }
  for (const sp of spans) worktop(svg, cam, sp.x0, sp.x1, top + th, 0, zf + 25, th, D.worktop);
  for (const u of laid)
    if (u.type === "range") {
      const Sr = front(svg, cam, zf + 20),
        rt = top + th - 5;
      rangeCooker(Sr, u.x0 + 5, u.x1 - 5, rt, st.range ?? {});
      const q = [P(u.x0 + 5, rt, 0), P(u.x1 - 5, rt, 0), P(u.x1 - 5, rt, zf + 20), P(u.x0 + 5, rt, zf + 20)];
      svg.add(
        `<polygon points="${q.map((p) => p.join(",")).join(" ")}" fill="${shade(st.range?.color ?? "#23304d", -0.35)}"/>`,
      );
    }
  const tallTop = D.tallTop ?? 2250;
  for (const u of laid)
    if (u.type.startsWith("tall")) {
      const Sf = front(svg, cam, zf);
      Sf.rect(u.x0, 0, u.x1, yb, { fill: shade(st.color, -0.55) });
      unitFronts(
        Sf,
        u.type === "tall-full" ? "tallfull" : u.type === "tallOven" ? "tallOven" : "tall",
        u.x0,
        u.x1,
        yb,
        tallTop,
        st,
        "tall",
      );
      const inner = u.x1 <= 0 ? u.x1 : u.x0 >= 0 ? u.x0 : null;
      const nb = laid[laid.indexOf(u) + (u.x1 <= 0 ? 1 : -1)];
      const from = !nb || nb.type === "gap" ? 0 : top + th;
      if (inner !== null)
        sideX(svg, cam, inner).rect(0, from, zf, tallTop, { fill: shade(st.color, u.x1 <= 0 ? -0.12 : 0.06) });
      if (D.cornice) {
        const Sc = front(svg, cam, zf + 30);
        Sc.rect(u.x0 - 20, tallTop, u.x1 + 20, tallTop + 70, { fill: shade(st.color, 0.04) });
        Sc.rect(u.x0 - 20, tallTop, u.x1 + 20, tallTop + 18, { fill: "#000", opacity: 0.2 });
      }
    }
  return laid;
}

/** Worktop slab: top surface in perspective plus the front edge. spec: { fill, edge, color } */
export function worktop(svg, cam, x0, x1, y, z0, z1, th, spec) {
  const P = cam.P,
    q = [P(x0, y, z0), P(x1, y, z0), P(x1, y, z1), P(x0, y, z1)];
  const pt = (a) => a.map((p) => p.map((v) => Math.round(v * 10) / 10).join(",")).join(" ");
  svg.add(`<polygon points="${pt(q)}" fill="${spec.fill ?? spec.color}"/>`);
  svg.add(
    `<polygon points="${pt(q)}" fill="${svg.lin([
      [0, "#000", 0.12],
      [1, "#fff", 0.12],
    ])}"/>`,
  );
  const S = front(svg, cam, z1);
  S.rect(x0, y - th, x1, y, { fill: spec.edge ?? spec.fill ?? spec.color });
  S.rect(x0, y - th, x1, y, {
    fill: svg.lin([
      [0, "#fff", 0.25],
      [0.3, "#fff", 0],
      [1, "#000", 0.25],
    ]),
  });
  if (x0 > 0) sideX(svg, cam, x0).rect(z0, y - th, z1, y, { fill: shade(spec.color, -0.2) });
  if (x1 < 0) sideX(svg, cam, x1).rect(z0, y - th, z1, y, { fill: shade(spec.color, -0.1) });
  S.rect(x0, y - th - 30, x1, y - th, {
    fill: svg.lin([
      [0, "#000", 0.28],
      [1, "#000", 0],
    ]),
  });
}

/** Wall cabinets on plane z = depth; bottom face and shadows included. items: [{type, x0, x1}] */
export function wallRun(svg, cam, items, st, y0, y1, depth = 330) {
  const back = front(svg, cam, 0),
    P = cam.P;
  for (const it of items)
    back.rect(it.x0 - 30, y0 - 260, it.x1 + 60, y0, {
      fill: svg.lin([
        [0, "#000", 0.22],
        [1, "#000", 0],
      ]),
    });
  for (const it of items) {
    const S = front(svg, cam, depth);
    if (y0 > cam.eye)
      svg.add(
        `<polygon points="${[P(it.x0, y0, 0), P(it.x1, y0, 0), P(it.x1, y0, depth), P(it.x0, y0, depth)].map((p) => p.join(",")).join(" ")}" fill="${shade(st.color, -0.3)}"/>`,
      );
    unitFronts(S, it.type, it.x0, it.x1, y0, y1, st, "wall");
    if (it.x1 < 0) sideX(svg, cam, it.x1).rect(0, y0, depth, y1, { fill: shade(st.color, -0.15) });
    if (it.x0 > 0) sideX(svg, cam, it.x0).rect(0, y0, depth, y1, { fill: shade(st.color, 0.05) });
    if (st.cornice) {
      const Sc = front(svg, cam, depth + 25);
      Sc.rect(it.x0 - 20, y1, it.x1 + 20, y1 + 60, { fill: shade(st.color, 0.04) });
      Sc.rect(it.x0 - 20, y1, it.x1 + 20, y1 + 15, { fill: "#000", opacity: 0.22 });
    }
  }
}
