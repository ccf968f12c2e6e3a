// Builds a kitchen scene (one-point perspective) from a declarative config.
import { Svg, rect, poly, ell, shade } from "../lib/svg.mjs";
import { camera, front, sideX, flatY } from "../lib/perspective.mjs";
import { shell } from "../lib/room/shell.mjs";
import { floor } from "../lib/room/floor.mjs";
import { wallFinish } from "../lib/room/wallFinish.mjs";
import { backWindow, outsideView } from "../lib/room/window.mjs";
import { glow, vignette } from "../lib/room/light.mjs";
import { baseRun, wallRun } from "../lib/cabinets/runs.mjs";
import { unitFronts } from "../lib/cabinets/unitFronts.mjs";
import { worktop } from "../lib/cabinets/worktop.mjs";
import { plant } from "../lib/props/plants.mjs";
import { pendant } from "../lib/props/pendant.mjs";
import { tap, sinkBowl, hob } from "../lib/props/worktopFittings.mjs";
import { bowl, jar, board } from "../lib/props/kitchenware.mjs";
import { shelf, books } from "../lib/props/openShelf.mjs";
import { stool } from "../lib/props/barStool.mjs";
import { topSpec, timberFill } from "../lib/materials.mjs";
import { Rng } from "../lib/noise.mjs";
import { beams, ceilingSpots } from "../lib/furniture/ceiling.mjs";
import { panRail } from "../lib/furniture/panRail.mjs";

const TOP = 880,
  TH = 35,
  WT = TOP + TH;

export async function buildKitchen(cfg, W = 2400, H = 1600) {
  const svg = new Svg(W, H),
    cam = camera({ W, H, ...cfg.cam });
  const room = { seed: cfg.seed, ...cfg.room },
    rw = room.w,
    X0 = -rw / 2;
  const r = new Rng(cfg.seed);
  shell(svg, cam, room);
  if (cfg.sideWindow) sideWindow(svg, cam, room, cfg.sideWindow);
  floor(svg, cam, room, { seed: cfg.seed, ...cfg.floor });
  if (cfg.sideWindow) lightPatch(svg, cam, room, cfg.sideWindow);
  flatY(svg, cam, 0).rect(X0, 600, -X0, 950, {
    fill: svg.lin([
      [0, "#000", 0.28],
      [1, "#000", 0],
    ]),
  });
  if (cfg.spots) ceilingSpots(svg, cam, room, cfg.spots.xs, cfg.spots.zs);
  if (cfg.beams) beams(svg, cam, room, cfg.beams.zs, cfg.beams.color);
  const back = front(svg, cam, 0);
  const sb = cfg.splash;
  const splashTop = cfg.splashTop ?? 1450;
  if (sb) wallFinish(back, X0, WT, -X0, splashTop, { seed: cfg.seed, ...sb });
  if (cfg.panelling) wallFinish(back, X0, 0, -X0, 1000, { kind: "beadboard", color: cfg.panelling });
  if (cfg.window) backWindow(svg, cam, { wall: room.wall, seed: cfg.seed, ...cfg.window });
  const st = { ...cfg.cab };
  const stWall = { ...st };
  if (cfg.cab.timber) {
    st.tex = await timberFill(svg, cam, cfg.cab.timber, 600);
    stWall.tex = await timberFill(svg, cam, cfg.cab.timber, 330);
  }
  for (const s of cfg.shelves ?? [])
    shelf(svg, cam, s.x0, s.x1, s.y, 260, s.color ?? "#b88c5c", s.fill ?? "crockery", cfg.seed + s.y);
  if (cfg.hood) hood(svg, cam, cfg.hood, room);
  if (cfg.upper)
    wallRun(
      svg,
      cam,
      cfg.upper.map(([type, x0, x1]) => ({ type, x0, x1 })),
      { ...stWall, cornice: cfg.cornice },
      cfg.upperY?.[0] ?? 1450,
      cfg.upperY?.[1] ?? 2250,
    );
  if (cfg.panRail) panRail(svg, cam, cfg.panRail.x0, cfg.panRail.x1, cfg.panRail.y, 500, cfg.seed);
  const top = await topSpec(svg, cam, cfg.top);
  await cfg.hooks?.back?.(svg, cam, { room, st, top, r });
  const D = { top: TOP, thick: TH, worktop: top, tallTop: cfg.tallTop ?? 2250, cornice: cfg.cornice };
  const laid = baseRun(
    svg,
    cam,
    X0,
    cfg.base.map(([type, w]) => ({ type, w })),
    { ...st, sink: cfg.sink, range: cfg.range },
    D,
  );
  for (const u of laid) {
    if (u.type === "sink") {
      const cx = (u.x0 + u.x1) / 2;
      sinkBowl(svg, cam, cx - 380, cx + 380, WT + 1, 120, 530, cfg.sink === "butler");
      tap(svg, cam, cx, WT, 70, cfg.tapMetal ?? st.metal ?? "nickel");
    }
    if (u.type === "hob") hob(svg, cam, u.x0 + 60, u.x1 - 60, WT, 90, 560);
  }
  worktopProps(svg, cam, cfg, r);
  await cfg.hooks?.run?.(svg, cam, { room, st, top, r, laid });
  if (cfg.island) await island(svg, cam, cfg, st, top);
  for (const [x, z] of cfg.pendants?.at ?? [])
    pendant(
      svg,
      cam,
      x,
      z,
      cfg.pendants.y ?? 1850,
      room.h,
      cfg.pendants.style,
      cfg.pendants.color,
      cfg.pendants.metal ?? "brass",
    );
  for (const p of cfg.floorPlants ?? [])
    plant(front(svg, cam, p.z), p.x, 0, p.kind, p.size ?? 1, cfg.seed + p.x, p.pot ?? "#b86b4b");
  await cfg.hooks?.front?.(svg, cam, { room, st, top, r, laid });
  // global light: daylight from the window side, gentle vignette
  const side = cfg.lightFrom ?? "left";
  if (side !== "none")
    svg.add(
      rect(0, 0, W, H, {
        fill: svg.lin(
          side === "left"
            ? [
                [0, "#fff7e8", 0.16],
                [0.5, "#fff7e8", 0],
                [1, "#1a1208", 0.12],
              ]
            : [
                [0, "#1a1208", 0.12],
                [0.5, "#fff7e8", 0],
                [1, "#fff7e8", 0.16],
              ],
          0,
          0,
          1,
          0,
        ),
      }),
    );
  if (cfg.window) {
    const c = cam.P((cfg.window.x0 + cfg.window.x1) / 2, (cfg.window.y0 + cfg.window.y1) / 2, 0);
    glow(svg, c[0], c[1], 900, 650, "#fff8ea", 0.22);
  }
  vignette(svg, 0.3);
  return svg;
}

function sideWindow(svg, cam, room, win) {
  const X0 = -room.w / 2,
    d = 220,
    P = cam.P,
    { z0, z1, y0, y1 } = win;
  const g = [P(X0 - d, y1, z0), P(X0 - d, y1, z1), P(X0 - d, y0, z1), P(X0 - d, y0, z0)];
  const clip = svg.clip(poly(g));
  const xs = g.map((p) => p[0]),
    ys = g.map((p) => p[1]);
  svg.add(`<g clip-path="${clip}">`);
  outsideView(svg, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], room.seed + 3);
  svg.add("</g>");
  const fr = win.frame ?? "#f3efe8",
    S = sideX(svg, cam, X0 - d + 10, (z0 + z1) / 2);
  const bar = (a, b, c, e) => S.rect(a, b, c, e, { fill: fr });
  bar(z0, y0, z1, y0 + 60);
  bar(z0, y1 - 60, z1, y1);
  bar(z0, y0, z0 + 60, y1);
  bar(z1 - 60, y0, z1, y1);
  for (let i = 1; i < (win.cols ?? 2); i++) {
    const z = z0 + ((z1 - z0) * i) / (win.cols ?? 2);
    bar(z - 30, y0, z + 30, y1);
  }
  for (let j = 1; j < (win.rows ?? 3); j++) {
    const y = y0 + ((y1 - y0) * j) / (win.rows ?? 3);
    bar(z0, y - 12, z1, y + 12);
  }
  svg.add(
    poly([P(X0, y1, z0), P(X0, y1, z1), P(X0 - d, y1, z1), P(X0 - d, y1, z0)], { fill: shade(room.wall, -0.15) }),
  );
  svg.add(poly([P(X0, y0, z0), P(X0, y0, z1), P(X0 - d, y0, z1), P(X0 - d, y0, z0)], { fill: shade(room.wall, 0.1) }));
  svg.add(
    poly([P(X0, y0, z1), P(X0, y1, z1), P(X0 - d, y1, z1), P(X0 - d, y0, z1)], { fill: shade(room.wall, -0.05) }),
  );
  const o = [P(X0, y1, z0), P(X0, y1, z1), P(X0, y0, z1), P(X0, y0, z0)];
  const cxs = o.map((p) => p[0]),
    cys = o.map((p) => p[1]);
  svg.add(
    ell(
      (Math.min(...cxs) + Math.max(...cxs)) / 2,
      (Math.min(...cys) + Math.max(...cys)) / 2,
      (Math.max(...cxs) - Math.min(...cxs)) * 1.1,
      (Math.max(...cys) - Math.min(...cys)) * 0.8,
      { fill: svg.soft("#fffaf0", 0.3, 0.4) },
    ),
  );
}

/** Sunlight falling through a side window onto the floor. */
function lightPatch(svg, cam, room, win) {
  const X0 = -room.w / 2,
    P = cam.P,
    { z0, z1, y0, y1 } = win,
    dx = 1.15,
    dz = 0.35;
  const hit = (y, z) => P(X0 + y * dx, 0, z + y * dz);
  const cols = win.cols ?? 2;
  for (let i = 0; i < cols; i++) {
    const a = z0 + ((z1 - z0) * i) / cols + 50,
      b = z0 + ((z1 - z0) * (i + 1)) / cols - 50;
    svg.add(poly([hit(y0, a), hit(y0, b), hit(y1, b), hit(y1, a)], { fill: "#fff4dc", opacity: 0.22 }));
  }
}

function hood(svg, cam, h, room) {
  const { x0, x1, y0 } = h,
    c = h.color,
    S = front(svg, cam, 470),
    S2 = front(svg, cam, 320),
    P = cam.P;
  const back = front(svg, cam, 0);
  back.rect(x0 - 60, y0 - 300, x1 + 60, y0, {
    fill: svg.lin([
      [0, "#000", 0.25],
      [1, "#000", 0],
    ]),
  });
  S2.rect(x0 + 160, y0 + 380, x1 - 160, room.h, { fill: shade(c, -0.04) });
  S2.rect(x0 + 160, y0 + 380, x0 + 190, room.h, { fill: "#fff", opacity: 0.15 });
  svg.add(poly([P(x0, y0, 0), P(x1, y0, 0), P(x1, y0, 470), P(x0, y0, 470)], { fill: shade(c, -0.45) }));
  S.poly(
    [
      [x0, y0],
      [x1, y0],
      [x1 - 140, y0 + 400],
      [x0 + 140, y0 + 400],
    ],
    {
      fill: svg.lin([
        [0, shade(c, 0.06)],
        [1, shade(c, -0.06)],
      ]),
    },
  );
  S.rect(x0 - 30, y0, x1 + 30, y0 + 110, { fill: c });
  S.rect(x0 - 30, y0 + 90, x1 + 30, y0 + 110, { fill: "#fff", opacity: 0.25 });
  S.rect(x0 - 30, y0, x1 + 30, y0 + 16, { fill: "#000", opacity: 0.2 });
  if (h.rail) S.rect(x0 + 40, y0 - 60, x1 - 40, y0 - 45, { fill: "#b9b9b6" });
}

function worktopProps(svg, cam, cfg, r) {
  for (const p of cfg.props ?? []) {
    const S = front(svg, cam, p.z ?? 200);
    if (p.k === "board") board(front(svg, cam, 40), p.x, WT, p.w ?? 320, p.h ?? 480, p.color ?? "#b98a58");
    else if (p.k === "bowl") bowl(S, p.x, WT, p.w ?? 320, p.color ?? "#f1ece3", p.fruit ?? "#e9c64a", cfg.seed);
    else if (p.k === "vase") plant(S, p.x, WT, "branches", p.size ?? 0.8, cfg.seed + p.x, p.color ?? "#e9e4da");
    else if (p.k === "herb") plant(S, p.x, p.y ?? WT, "herb", p.size ?? 1, cfg.seed + p.x, p.color ?? "#b86b4b");
    else if (p.k === "jars") {
      for (let i = 0; i < (p.n ?? 3); i++)
        jar(S, p.x + i * 150, WT, 120, 160 + i * 50, r.pick(["#e9dcc0", "#c79a5a", "#f1ece0", "#8c5a3c"]));
    } else if (p.k === "books") books(S, p.x, WT, p.n ?? 5, cfg.seed);
    else if (p.k === "trailing")
      plant(S, p.x, p.y ?? WT, "trailing", p.size ?? 1, cfg.seed + p.x, p.color ?? "#e6e1d6");
    else if (p.k === "crock") {
      jar(S, p.x, WT, 150, 200, "#f0ebe2", "#f0ebe2");
      for (let i = 0; i < 5; i++)
        S.line(p.x - 40 + i * 20, WT + 150, p.x - 70 + i * 35, WT + 420 + (i % 2) * 40, {
          stroke: "#a27b52",
          "stroke-width": Math.max(1, S.w(14)),
          "stroke-linecap": "round",
        });
    }
  }
}

async function island(svg, cam, cfg, st, top) {
  const is = cfg.island,
    { x0, x1, z0, z1 } = is;
  const ist = { ...st, ...(is.cab ?? {}) };
  if (is.timber) ist.tex = await timberFill(svg, cam, is.timber, z1 - 20, 91);
  else delete ist.tex;
  const F = flatY(svg, cam, 0);
  F.rect(x0 - 60, z0 - 30, x1 + 60, z1 + 80, { fill: "#000", opacity: 0.35, filter: svg.blur(14) });
  const S = front(svg, cam, z1 - 20);
  S.rect(x0, 0, x1, 100, { fill: shade(ist.color, -0.6) });
  let x = x0;
  const units = is.units ?? [
    ["drawers3", (x1 - x0) / 3],
    ["door2", (x1 - x0) / 3],
    ["drawers3", (x1 - x0) / 3],
  ];
  for (const [type, w] of units) {
    unitFronts(S, type, x, x + w, 100, TOP, ist, "base");
    x += w;
  }
  if (x0 > 0) sideX(svg, cam, x0).rect(z0, 0, z1 - 20, TOP, { fill: shade(ist.color, -0.2) });
  if (x1 < 0) sideX(svg, cam, x1).rect(z0, 0, z1 - 20, TOP, { fill: shade(ist.color, 0.05) });
  worktop(svg, cam, x0 - 30, x1 + 30, WT, z0 - 250, z1 + 10, TH, top);
  const surface = (z) => front(svg, cam, z);
  for (const p of is.props ?? []) {
    if (p.k === "bowl")
      bowl(surface(p.z), p.x, WT, p.w ?? 380, p.color ?? "#e9e3d8", p.fruit ?? "#e8c547", cfg.seed + 5);
    else if (p.k === "vase")
      plant(surface(p.z), p.x, WT, "branches", p.size ?? 0.9, cfg.seed + 9, p.color ?? "#ece7dd");
    else if (p.k === "books") books(surface(p.z), p.x, WT, 4, cfg.seed + 3);
    else if (p.k === "board") board(surface(p.z), p.x, WT, 380, 40, "#b98a58");
  }
  for (const s of is.stools ?? [])
    stool(svg, cam, s, z1 + 350, 650, is.stoolColor ?? "#6b4a35", is.stoolWood ?? "#7b5a3e");
}
