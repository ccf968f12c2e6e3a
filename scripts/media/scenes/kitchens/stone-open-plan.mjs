// Kitchen config for kitchen-stone-open-plan.jpg: stone Shaker open-plan kitchen with island and dining table.
import { cam } from "./camera.mjs";
import { front } from "../../lib/perspective.mjs";
import { diningTable } from "../../lib/furniture/diningTable.mjs";
import { plant } from "../../lib/props/plants.mjs";

export const stoneOpenPlan = {
  seed: 112,
  cam: cam({ D: 7600, s0: 0.28, eye: 1600, hz: 600, cx: 1250 }),
  room: { w: 7400, h: 2700, wall: "#ebe5da", ceiling: "#f3efe8" },
  floor: { type: "planks", color: "#c7a47a", plank: 180 },
  cab: { style: "shaker", color: "#c6b8a4", metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "quartz",
  splash: { kind: "zellige", color: "#f3efe7", grout: "#e2dcd0" },
  window: { x0: 2150, x1: 3450, y0: 0, y1: 2300, cols: 2, rows: 1, frame: "#4a4a46", transom: 0.82 },
  base: [
    ["tall", 600],
    ["tallOven", 600],
    ["drawers3", 800],
    ["sink", 1000],
    ["drawers2", 800],
    ["hob", 900],
    ["drawers3", 700],
    ["gap", 2000],
  ],
  shelves: [
    { x0: -1200, x1: 0, y: 1600, color: "#b88c5c" },
    { x0: 850, x1: 1750, y: 1600, fill: "jars", color: "#b88c5c" },
    { x0: 850, x1: 1750, y: 1950, color: "#b88c5c" },
  ],
  splashTop: 1450,
  upper: [["glazed2", -2400, -1400]],
  cornice: true,
  tallTop: 2300,
  island: {
    x0: -2600,
    x1: -300,
    z0: 2300,
    z1: 3100,
    units: [
      ["drawers3", 770],
      ["door2", 760],
      ["drawers3", 770],
    ],
    props: [{ k: "vase", x: -1500, z: 2700 }],
  },
  hooks: {
    run: (svg, c) => {
      diningTable(svg, c, 900, 3100, 2000, 3000, "#9c7450", "#2f2e2b");
      plant(front(svg, c, 2500), 1950, 750, "branches", 0.7, 5, "#e7e1d6");
    },
  },
  pendants: {
    at: [
      [-1800, 2700],
      [-1100, 2700],
      [1500, 2500],
      [2500, 2500],
    ],
    y: 1950,
    style: "globe",
    color: "#fff",
  },
  floorPlants: [{ x: 3300, z: 1200, kind: "olive", size: 0.9, pot: "#cfc7ba" }],
};
