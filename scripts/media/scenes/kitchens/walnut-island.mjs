// Kitchen config for kitchen-walnut-island.jpg: walnut slab kitchen with a calacatta-topped island.
import { cam } from "./camera.mjs";

export const walnutIsland = {
  seed: 105,
  cam: cam({ D: 6000, s0: 0.33, eye: 1650, hz: 560, cx: 1480 }),
  room: { w: 5600, h: 2700, wall: "#4a5447", ceiling: "#f0ebe3", sideL: "#56614f" },
  floor: { type: "planks", color: "#c49a6c", plank: 160 },
  cab: { style: "slab", color: "#6f4a33", timber: "walnut", metal: "brass", handles: { door: "bar", drawer: "bar" } },
  top: "calacatta",
  splash: { kind: "plain", color: "#efe9df" },
  splashTop: 1400,
  sideWindow: { z0: 900, z1: 2400, y0: 800, y1: 2400, cols: 3, rows: 1, frame: "#2b2b2b" },
  base: [
    ["tall-full", 600],
    ["tallOven", 600],
    ["drawers3", 900],
    ["sink", 1000],
    ["drawers2", 900],
    ["hob", 900],
    ["drawers3", 700],
  ],
  shelves: [
    { x0: -1500, x1: 1400, y: 1620, fill: "crockery", color: "#6f4a33" },
    { x0: -1500, x1: 1400, y: 1980, fill: "mixed", color: "#6f4a33" },
  ],
  tallTop: 2400,
  spots: { xs: [-1600, 1600], zs: [700] },
  island: {
    x0: -900,
    x1: 1500,
    z0: 2200,
    z1: 3000,
    timber: "walnut",
    units: [
      ["drawers3", 800],
      ["door2", 800],
      ["drawers3", 800],
    ],
    props: [
      { k: "bowl", x: -400, z: 2650, color: "#e9e3d8", fruit: "#9fb04a" },
      { k: "vase", x: 900, z: 2600 },
    ],
  },
  pendants: {
    at: [
      [-300, 2600],
      [300, 2600],
      [900, 2600],
    ],
    y: 2000,
    style: "globe",
    color: "#fff",
  },
  props: [
    { k: "board", x: -1300, color: "#8a5e40" },
    { k: "herb", x: 2200, z: 250 },
  ],
};
