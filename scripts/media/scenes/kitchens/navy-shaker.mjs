// Kitchen config for kitchen-navy-shaker.jpg: navy Shaker run with butler sink, range and open shelves.
import { cam } from "./camera.mjs";

const NAVY = "#23314f";

export const navyShaker = {
  seed: 101,
  cam: cam(),
  room: { w: 5200, h: 2700, wall: "#eee7dc", ceiling: "#f5f1ea" },
  floor: { type: "planks", color: "#b58a5e" },
  cab: { style: "shaker", color: NAVY, metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "marble",
  splash: { kind: "metro", color: "#f4f1ea" },
  window: { x0: -520, x1: 320, y0: 1080, y1: 2250, cols: 2, rows: 3 },
  base: [
    ["tall", 600],
    ["drawers3", 600],
    ["door2", 800],
    ["sink", 1000],
    ["drawerdoor", 600],
    ["range", 1000],
    ["drawers3", 600],
  ],
  upper: [
    ["door2", -2000, -850],
    ["door1", 2000, 2600],
  ],
  hood: { x0: 1000, x1: 2000, y0: 1520, color: "#eee7dc" },
  shelves: [
    { x0: 420, x1: 960, y: 1560, fill: "jars" },
    { x0: 420, x1: 960, y: 1900 },
  ],
  range: { color: "#1b2640" },
  sink: "butler",
  cornice: true,
  spots: { xs: [-1500, 0, 1500], zs: [900, 2000] },
  props: [
    { k: "board", x: -1850 },
    { k: "crock", x: -1150, z: 180 },
    { k: "bowl", x: 700, z: 330 },
    { k: "herb", x: -300, y: 1085, z: -60, size: 0.8 },
    { k: "vase", x: 2300, z: 250, size: 0.7 },
  ],
  floorPlants: [{ x: 2150, z: 1150, kind: "olive", size: 0.9, pot: "#d9d2c6" }],
};
