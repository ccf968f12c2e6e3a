// Portrait (1600x2000) lifestyle images: open larder cupboard, tall dresser, the showroom.
import { Svg, rect, shade } from "../lib/svg.mjs";
import { camera, front, flatY } from "../lib/perspective.mjs";
import { shell } from "../lib/room/shell.mjs";
import { floor } from "../lib/room/floor.mjs";
import { glow, vignette } from "../lib/room/light.mjs";
import { unitFronts } from "../lib/cabinets/unitFronts.mjs";
import { worktop } from "../lib/cabinets/worktop.mjs";
import { plant } from "../lib/props/plants.mjs";
import { pendant } from "../lib/props/pendant.mjs";
import { bowl } from "../lib/props/kitchenware.mjs";
import { books } from "../lib/props/openShelf.mjs";
import { openCupboard } from "../lib/furniture/openCupboard.mjs";
import { basket } from "../lib/furniture/basket.mjs";
import { topSpec } from "../lib/materials.mjs";

const W = 1600,
  H = 2000;

function base(cfg) {
  const svg = new Svg(W, H),
    cam = camera({ W, H, ...cfg.cam });
  const room = { seed: cfg.seed, ...cfg.room };
  shell(svg, cam, room);
  floor(svg, cam, room, { seed: cfg.seed, ...cfg.floor });
  return { svg, cam, room };
}

function finish(svg, light = "left") {
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        light === "left"
          ? [
              [0, "#fff6e6", 0.16],
              [0.55, "#fff6e6", 0],
              [1, "#140e08", 0.14],
            ]
          : [
              [0, "#140e08", 0.14],
              [0.45, "#fff6e6", 0],
              [1, "#fff6e6", 0.16],
            ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  vignette(svg, 0.3);
  return svg;
}

function cornice(svg, cam, x0, x1, y, z, color) {
  const S = front(svg, cam, z);
  S.rect(x0 - 40, y, x1 + 40, y + 90, { fill: shade(color, 0.04) });
  S.rect(x0 - 40, y, x1 + 40, y + 22, { fill: "#000", opacity: 0.22 });
  S.rect(x0 - 40, y + 70, x1 + 40, y + 90, { fill: "#fff", opacity: 0.18 });
}

export async function portraitLarder() {
  const { svg, cam } = base({
    seed: 201,
    cam: { D: 4200, s0: 0.6, eye: 1400, hz: 960, cx: 800 },
    room: { w: 3200, h: 2700, wall: "#efe2da" },
    floor: { type: "planks", color: "#b98f62", plank: 170 },
  });
  const st = {
    style: "shaker",
    color: "#9ba68f",
    metal: "brass",
    innerColor: "#f1efe6",
    handles: { door: "knob", drawer: "cup" },
  };
  const x0 = -720,
    x1 = 720,
    zf = 620;
  flatY(svg, cam, 0).rect(x0 - 150, zf - 50, x1 + 150, zf + 400, { fill: svg.soft("#000", 0.3, 0.4) });
  const S = front(svg, cam, zf);
  S.rect(x0, 0, x1, 110, { fill: shade(st.color, -0.55) });
  unitFronts(S, "drawers2", x0, x1, 110, 700, st);
  openCupboard(svg, cam, x0, x1, 720, 2280, zf, st, [1100, 1480, 1860], 201, "pantry");
  cornice(svg, cam, x0, x1, 2280, zf + 20, st.color);
  plant(front(svg, cam, 900), -1150, 0, "fiddle", 0.85, 202, "#d8d0c4");
  basket(front(svg, cam, 1000), 850, 0, 380, 300);
  glow(svg, 300, 700, 900, 700, "#fff8ea", 0.2);
  return finish(svg);
}

export async function portraitDresser() {
  const { svg, cam } = base({
    seed: 203,
    cam: { D: 4200, s0: 0.6, eye: 1450, hz: 960, cx: 800 },
    room: { w: 3200, h: 2700, wall: "#f3e3de" },
    floor: { type: "planks", color: "#c09a6e", plank: 160 },
  });
  const st = {
    style: "shaker",
    color: "#23314f",
    metal: "brass",
    innerColor: "#e9e4da",
    handles: { door: "knob", drawer: "cup" },
  };
  const x0 = -850,
    x1 = 850,
    zb = 520,
    top = await topSpec(svg, cam, "oak", zb + 30);
  flatY(svg, cam, 0).rect(x0 - 150, zb - 50, x1 + 150, zb + 350, { fill: svg.soft("#000", 0.3, 0.4) });
  openCupboard(
    svg,
    cam,
    x0 + 40,
    x1 - 40,
    960,
    2250,
    300,
    { ...st, innerColor: "#dfe3e8" },
    [1330, 1700],
    203,
    "dresser",
    false,
  );
  for (let x = x0 + 200; x < x1 - 100; x += 250) {
    const S = front(svg, cam, 200);
    S.rect(x, 1280, x + 8, 1320, { fill: "#b08a4a" });
    S.path(["M", x - 40, 1280, "L", x + 60, 1280, "L", x + 50, 1170, "L", x - 30, 1170, "Z"], {
      fill: ["#f3efe6", "#c9d6df", "#e7d3c0"][Math.abs(x) % 3],
    });
  }
  cornice(svg, cam, x0 + 40, x1 - 40, 2250, 320, st.color);
  const S = front(svg, cam, zb);
  S.rect(x0, 0, x1, 110, { fill: shade(st.color, -0.55) });
  const third = (x1 - x0) / 3;
  for (let i = 0; i < 3; i++) {
    unitFronts(S, "drawers2", x0 + i * third, x0 + (i + 1) * third, 700, 900, st);
    unitFronts(S, "door1", x0 + i * third, x0 + (i + 1) * third, 110, 700, { ...st, hand: i === 2 ? "l" : "r" });
  }
  worktop(svg, cam, x0 - 30, x1 + 30, 940, 0, zb + 30, 40, top);
  const T = front(svg, cam, 380);
  plant(T, -550, 940, "branches", 0.75, 204, "#e9e3d8");
  bowl(front(svg, cam, 420), 420, 940, 360, "#f3efe7", "#d9822b", 205);
  books(front(svg, cam, 250), -200, 940, 4, 206);
  plant(front(svg, cam, 1100), 1150, 0, "olive", 0.8, 207, "#cfc7ba");
  return finish(svg);
}

export async function portraitShowroom() {
  const { svg, cam, room } = base({
    seed: 205,
    cam: { D: 7000, s0: 0.28, eye: 1600, hz: 760, cx: 800 },
    room: { w: 5400, h: 3400, wall: "#f2dcd8", ceiling: "#eeeae4" },
    floor: { type: "concrete", color: "#cfc9c0", sheen: 0.14 },
  });
  const cols = ["#23314f", "#9ba68f", "#e2b9b1", "#ece2cf", "#3a3b3d", "#b8664a"];
  const back = front(svg, cam, 0);
  back.rect(-2700, 0, 2700, 120, { fill: "#e8d0cc" });
  cols.forEach((c, i) => {
    const cx = -1200 + (i % 3) * 1200,
      y0 = i < 3 ? 2350 : 1250;
    back.rect(cx - 340, y0 - 40, cx + 340, y0 + 940, { fill: "#000", opacity: 0.12 });
    unitFronts(back, "door1", cx - 320, cx + 320, y0, y0 + 900, {
      style: "shaker",
      color: c,
      metal: "brass",
      handles: { door: "knob" },
    });
  });
  for (const x of [-1200, 1200]) {
    const F = flatY(svg, cam, room.h - 2);
    F.rect(x - 20, 300, x + 20, 5500, { fill: "#222" });
    for (const z of [900, 2100, 3300]) {
      const S = front(svg, cam, z);
      S.rect(x - 45, room.h - 230, x + 45, room.h - 20, { fill: "#2a2a2a" });
      S.ell(x, room.h - 230, 45, 12, { fill: "#fff6da" });
    }
  }
  const st = { style: "slab", color: "#c9a16c", timber: undefined, handleless: true };
  const top = await topSpec(svg, cam, "marble", 620);
  const S = front(svg, cam, 600);
  S.rect(-1700, 0, 1700, 110, { fill: "#2c2520" });
  for (let i = 0; i < 4; i++) unitFronts(S, "drawers2", -1700 + i * 850, -850 + i * 850, 110, 880, st);
  worktop(svg, cam, -1700, 1700, 915, 0, 625, 35, top);
  plant(front(svg, cam, 300), -1200, 915, "branches", 0.9, 208, "#2d2d2d");
  books(front(svg, cam, 250), 900, 915, 6, 209);
  const ist = { style: "shaker", color: "#23314f", metal: "brass", handles: { door: "knob", drawer: "cup" } };
  flatY(svg, cam, 0).rect(-1300, 3000, 1300, 4000, { fill: svg.soft("#000", 0.35, 0.5) });
  const I = front(svg, cam, 3880);
  I.rect(-1100, 0, 1100, 110, { fill: "#111" });
  unitFronts(I, "drawers3", -1100, -370, 110, 880, ist);
  unitFronts(I, "door2", -370, 370, 110, 880, ist);
  unitFronts(I, "drawers3", 370, 1100, 110, 880, ist);
  worktop(svg, cam, -1150, 1150, 915, 3000, 3900, 35, top);
  bowl(front(svg, cam, 3400), 300, 915, 420, "#ece6da", "#e9c64a", 210);
  plant(front(svg, cam, 3350), -550, 915, "branches", 0.7, 212, "#e9e3d8");
  for (const x of [-500, 500]) pendant(svg, cam, x, 3450, 1900, room.h, "globe", "#fff", "brass");
  plant(front(svg, cam, 2400), 2000, 0, "olive", 1.1, 211, "#d8d0c4");
  plant(front(svg, cam, 1800), -2100, 0, "fiddle", 1, 213, "#2f2f2f");
  glow(svg, 800, 900, 1000, 800, "#fff8ea", 0.2);
  return finish(svg, "right");
}
