// Galley kitchen: runs on both side walls converging towards a window on the end wall.
import { Svg, shade } from "../lib/svg.mjs";
import { camera, front, sideX, flatY } from "../lib/perspective.mjs";
import { shell } from "../lib/room/shell.mjs";
import { floor } from "../lib/room/floor.mjs";
import { wallFinish } from "../lib/room/wallFinish.mjs";
import { backWindow } from "../lib/room/window.mjs";
import { glow, vignette } from "../lib/room/light.mjs";
import { baseRun } from "../lib/cabinets/runs.mjs";
import { unitFronts } from "../lib/cabinets/unitFronts.mjs";
import { rangeCooker } from "../lib/cabinets/appliances.mjs";
import { plant } from "../lib/props/plants.mjs";
import { pendant } from "../lib/props/pendant.mjs";
import { tap, sinkBowl } from "../lib/props/worktopFittings.mjs";
import { bowl, board, jar } from "../lib/props/kitchenware.mjs";
import { ceilingSpots } from "../lib/furniture/ceiling.mjs";
import { topSpec } from "../lib/materials.mjs";
import { q } from "../lib/polygonPoints.mjs";

const TOP = 880,
  TH = 35,
  WT = TOP + TH;

export async function buildGalley(cfg, W = 2400, H = 1600) {
  const svg = new Svg(W, H),
    cam = camera({ W, H, ...cfg.cam }),
    P = cam.P;
  const room = { seed: cfg.seed, ...cfg.room },
    X0 = -room.w / 2,
    X1 = room.w / 2,
    zEnd = cfg.zEnd ?? 3800;
  shell(svg, cam, room);
  floor(svg, cam, room, { seed: cfg.seed, ...cfg.floor });
  const st = { ...cfg.cab },
    top = await topSpec(svg, cam, cfg.top);
  const back = front(svg, cam, 0);
  wallFinish(back, X0, WT, X1, 1450, { seed: cfg.seed, ...cfg.splash });
  backWindow(svg, cam, { wall: room.wall, seed: cfg.seed, ...cfg.window });
  for (const [x, dir] of [
    [X0, 1],
    [X1, -1],
  ])
    wallFinish(sideX(svg, cam, x, 1500), 0, WT, zEnd, 1450, { seed: cfg.seed + dir, ...cfg.splash });
  // end-wall run under the window
  const bx = X0 + 600;
  baseRun(
    svg,
    cam,
    bx,
    [
      ["door1", 300],
      ["sink", -2 * bx - 600],
      ["door1", 300],
    ].map(([type, w]) => ({ type, w })),
    { ...st, sink: cfg.sink },
    { top: TOP, thick: TH, worktop: top },
  );
  sinkBowl(svg, cam, -380, 380, WT + 1, 120, 530, cfg.sink === "butler");
  tap(svg, cam, 0, WT, 70, st.metal);
  plant(front(svg, cam, -60), -350, cfg.window.y0 + 5, "herb", 0.8, cfg.seed);
  plant(front(svg, cam, -60), 380, cfg.window.y0 + 5, "herb", 0.7, cfg.seed + 1, "#e6e0d4");
  for (const side of [-1, 1]) run(svg, cam, side, room, st, top, cfg, zEnd);
  ceilingSpots(svg, cam, room, [0], [900, 1900, 2900]);
  for (const z of cfg.pendants?.zs ?? [])
    pendant(svg, cam, 0, z, cfg.pendants.y, room.h, cfg.pendants.style, cfg.pendants.color, cfg.pendants.metal);
  const c = P(0, 1650, 0);
  glow(svg, c[0], c[1], 900, 700, "#fff8ea", 0.3);
  vignette(svg, 0.34);
  return svg;
}

function run(svg, cam, side, room, st, top, cfg, zEnd) {
  const P = cam.P,
    xw = (side * room.w) / 2,
    xf = xw - side * 600,
    xt = xw - side * 625,
    xu = xw - side * 330;
  const Sf = sideX(svg, cam, xf, 2000);
  const units = side < 0 ? cfg.left : cfg.right;
  let z = 600;
  flatY(svg, cam, 0).rect(Math.min(xf, xf + side * 300), 600, Math.max(xf, xf + side * 300), zEnd, {
    fill: svg.lin(
      side < 0
        ? [
            [0, "#000", 0.3],
            [1, "#000", 0],
          ]
        : [
            [0, "#000", 0],
            [1, "#000", 0.3],
          ],
      0,
      0,
      1,
      0,
    ),
  });
  // wall cabinets first (they sit behind the worktop line on screen)
  if (cfg.upper !== false) {
    const yb = 1450,
      yt = 2250;
    svg.add(
      `<polygon points="${q([P(xw, yb, 600), P(xu, yb, 600), P(xu, yb, zEnd), P(xw, yb, zEnd)])}" fill="${shade(st.color, -0.25)}"/>`,
    );
    const Su = sideX(svg, cam, xu, 2000);
    let zz = 600;
    for (const w of cfg.upperWidths ?? [700, 700, 800, 800, 800]) {
      if (zz + w > zEnd + 1) break;
      unitFronts(Su, w > 650 ? "door2" : "door1", zz, zz + w, yb, yt, st, "wall");
      zz += w;
    }
    front(svg, cam, zz).rect(Math.min(xw, xu), yb, Math.max(xw, xu), yt, { fill: shade(st.color, -0.08) });
    if (cfg.cornice)
      sideX(svg, cam, xu + side * 20, 2000).rect(600, yt, zz + 20, yt + 60, { fill: shade(st.color, 0.05) });
  }
  for (const [type, w] of units) {
    Sf.rect(z, 0, z + w, 110, { fill: shade(st.color, -0.55) });
    if (type === "range") rangeCooker(sideX(svg, cam, xf + side * 20, 2000), z + 5, z + w - 5, WT - 5, cfg.range ?? {});
    else unitFronts(Sf, type, z, z + w, 110, TOP, st);
    z += w;
  }
  // worktop top and edge
  const t = [P(xw, WT, 0), P(xt, WT, 0), P(xt, WT, z), P(xw, WT, z)];
  svg.add(`<polygon points="${q(t)}" fill="${top.fill}"/>`);
  svg.add(
    `<polygon points="${q(t)}" fill="${svg.lin(
      [
        [0, "#fff", side < 0 ? 0.15 : 0],
        [1, "#000", side < 0 ? 0 : 0.1],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
  );
  sideX(svg, cam, xt, 2000).rect(0, TOP, z, WT, { fill: top.color });
  sideX(svg, cam, xt, 2000).rect(0, TOP, z, WT, {
    fill: svg.lin([
      [0, "#fff", 0.2],
      [1, "#000", 0.2],
    ]),
  });
  front(svg, cam, z).rect(Math.min(xw, xt), 0, Math.max(xw, xt), WT, { fill: shade(st.color, -0.1) });
  front(svg, cam, z).rect(Math.min(xw, xt), TOP, Math.max(xw, xt), WT, { fill: top.color });
  // props on this worktop
  const xm = (xw + xt) / 2;
  if (side < 0) {
    bowl(front(svg, cam, 1500), xm, WT, 300, "#ece7de", "#e9c64a", cfg.seed);
    board(sideX(svg, cam, xw + 20, 2200), 2300, WT, 330, 480, "#b98a58");
  } else {
    for (let i = 0; i < 3; i++)
      jar(front(svg, cam, 900 + i * 160), xm + 40, WT, 120, 170 + i * 40, ["#e9dcc0", "#c79a5a", "#f1ece0"][i]);
    plant(front(svg, cam, 2900), xm, WT, "branches", 0.8, cfg.seed + 7, "#e8e3d9");
  }
}
