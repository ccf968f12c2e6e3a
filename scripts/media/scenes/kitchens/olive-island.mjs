// Kitchen config for kitchen-olive-island.jpg: olive Shaker kitchen with an island.
import { cam } from "./camera.mjs";

export const oliveIsland = {
  seed: 111,
  cam: cam({ D: 6000, s0: 0.33, eye: 1650, hz: 560 }),
  room: { w: 5200, h: 2700, wall: "#efe9df", ceiling: "#f4f0ea" },
  floor: { type: "planks", color: "#b99068", plank: 150 },
  cab: { style: "shaker", color: "#6d6e47", metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "marble",
  splash: { kind: "zellige", color: "#f4f0e8", grout: "#e4ded2" },
  window: { x0: -500, x1: 300, y0: 1080, y1: 2250, cols: 2, rows: 3, frame: "#f1ece3" },
  base: [
    ["tall", 600],
    ["drawers3", 600],
    ["door2", 800],
    ["sink", 1000],
    ["drawerdoor", 600],
    ["range", 1000],
    ["drawers3", 600],
  ],
  upper: [["door1", 2000, 2600]],
  hood: { x0: 1000, x1: 2000, y0: 1520, color: "#efe9df" },
  shelves: [
    { x0: -1950, x1: -650, y: 1560, color: "#b88c5c" },
    { x0: -1950, x1: -650, y: 1900, fill: "mixed", color: "#b88c5c" },
  ],
  range: { color: "#ece3d2", metal: "brass" },
  sink: "butler",
  cornice: true,
  island: {
    x0: -1100,
    x1: 1300,
    z0: 2200,
    z1: 3000,
    units: [
      ["drawers3", 800],
      ["door2", 800],
      ["drawers3", 800],
    ],
    props: [
      { k: "bowl", x: -400, z: 2650, fruit: "#e9c64a" },
      { k: "vase", x: 750, z: 2600 },
    ],
  },
  pendants: {
    at: [
      [-300, 2600],
      [700, 2600],
    ],
    y: 2000,
    style: "bell",
    color: "#e9e3d6",
    metal: "brass",
  },
  props: [
    { k: "crock", x: -1700, z: 200 },
    { k: "herb", x: -250, y: 1085, z: -60, size: 0.8 },
  ],
};
