// Kitchen config for kitchen-charcoal-slab.jpg: charcoal slab kitchen with an island.
import { cam } from "./camera.mjs";

export const charcoalSlab = {
  seed: 107,
  cam: cam({ D: 6000, s0: 0.33, eye: 1650, hz: 560 }),
  room: { w: 5600, h: 2700, wall: "#e4e0d9", ceiling: "#eeebe6" },
  floor: { type: "concrete", color: "#bcb7af", sheen: 0.1 },
  cab: { style: "slab", color: "#3a3b3d", metal: "brass", handles: { door: "bar", drawer: "bar" } },
  top: "greyquartz",
  splash: { kind: "plain", color: "#cfccc6" },
  splashTop: 1350,
  window: { x0: -700, x1: 250, y0: 1000, y1: 2350, cols: 3, rows: 2, frame: "#1f1f20", fw: 40, bar: 18 },
  base: [
    ["tallOven", 600],
    ["tall-full", 600],
    ["drawers3", 800],
    ["sink", 1100],
    ["drawers2", 700],
    ["hob", 900],
    ["tall-full", 900],
  ],
  shelves: [
    { x0: 1020, x1: 1880, y: 1600, color: "#2a2a2a", fill: "jars" },
    { x0: 1020, x1: 1880, y: 1950, color: "#2a2a2a" },
  ],
  tallTop: 2400,
  spots: { xs: [-2000, 2000], zs: [800] },
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
    stools: [],
    props: [
      { k: "bowl", x: -500, z: 2650, color: "#e6e2da", fruit: "#c8d15a" },
      { k: "vase", x: 800, z: 2600, color: "#2d2d2d" },
    ],
  },
  pendants: {
    at: [
      [-500, 2600],
      [150, 2600],
      [800, 2600],
    ],
    y: 2000,
    style: "dome",
    color: "#b08d57",
    metal: "brass",
  },
  props: [
    { k: "board", x: -1500, color: "#8f6a48" },
    { k: "herb", x: 500, z: 250, color: "#d8d4cc" },
  ],
};
