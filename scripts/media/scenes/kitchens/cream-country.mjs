// Kitchen config for kitchen-cream-country.jpg: cream in-frame country kitchen with beams and pan rail.
import { cam } from "./camera.mjs";

export const creamCountry = {
  seed: 106,
  cam: cam(),
  room: { w: 5200, h: 2700, wall: "#f2ece2", ceiling: "#f4efe7" },
  floor: {
    type: "tiles",
    size: 330,
    colors: ["#b5654a", "#a95c43", "#bf6f52", "#b0634a"],
    vary: 0.05,
    grout: 0.012,
    color: "#9c8a78",
  },
  cab: { style: "inframe", color: "#ebe1cd", metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "oak",
  splash: { kind: "metro", color: "#f5eddd", grout: "#e0d5c2" },
  window: { x0: -1100, x1: -300, y0: 1080, y1: 2250, cols: 2, rows: 3, frame: "#ebe1cd" },
  base: [
    ["drawers3", 600],
    ["door2", 800],
    ["sink", 1000],
    ["drawerdoor", 500],
    ["range", 1100],
    ["door2", 600],
    ["drawers3", 600],
  ],
  upper: [["glazed2", -2550, -1650]],
  hood: { x0: 300, x1: 1400, y0: 1560, color: "#ebe1cd" },
  panRail: { x0: 380, x1: 1320, y: 1500 },
  shelves: [
    { x0: 1450, x1: 2550, y: 1560, color: "#a9794c" },
    { x0: 1450, x1: 2550, y: 1900, color: "#a9794c", fill: "jars" },
  ],
  beams: { zs: [650, 1900], color: "#7a5a3e" },
  range: { color: "#2f4a3a", metal: "brass" },
  sink: "butler",
  cornice: true,
  props: [
    { k: "board", x: -1950, color: "#b07d4d" },
    { k: "crock", x: -2350, z: 200 },
    { k: "herb", x: -900, y: 1085, z: -60, size: 0.8 },
    { k: "herb", x: -560, y: 1085, z: -60, size: 0.75, color: "#e8e2d6" },
    { k: "bowl", x: 1750, z: 320, fruit: "#e58a2f" },
    { k: "jars", x: 2150, z: 260 },
  ],
  floorPlants: [{ x: 2250, z: 1300, kind: "fiddle", size: 0.75, pot: "#a9754f" }],
};
