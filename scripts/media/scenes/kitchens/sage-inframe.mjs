// Kitchen config for kitchen-sage-inframe.jpg: sage in-frame kitchen with glazed wall cabinets and zellige splashback.
import { cam } from "./camera.mjs";

export const sageInframe = {
  seed: 102,
  cam: cam(),
  room: { w: 5000, h: 2700, wall: "#f1ebe1" },
  floor: {
    type: "tiles",
    size: 600,
    colors: ["#d3c9ba", "#cbbfad", "#d9d0c2"],
    vary: 0.05,
    grout: 0.01,
    color: "#b8ad9c",
  },
  cab: { style: "inframe", color: "#9ba68f", metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "oak",
  splash: { kind: "zellige", color: "#efe5d2", grout: "#e2d8c6" },
  splashTop: 1500,
  window: { x0: -880, x1: -120, y0: 1080, y1: 2250, cols: 2, rows: 3, frame: "#9ba68f" },
  base: [
    ["drawers3", 600],
    ["door2", 900],
    ["sink", 1000],
    ["drawerdoor", 600],
    ["range", 1100],
    ["drawers3", 800],
  ],
  upper: [["glazed2", -2400, -1250]],
  hood: { x0: 600, x1: 1700, y0: 1560, color: "#9ba68f", rail: true },
  shelves: [
    { x0: 1750, x1: 2450, y: 1560, fill: "jars", color: "#c59a66" },
    { x0: 1750, x1: 2450, y: 1920, color: "#c59a66" },
  ],
  range: { color: "#ede4d3", metal: "brass" },
  sink: "butler",
  cornice: true,
  props: [
    { k: "board", x: -1850, color: "#c49462" },
    { k: "crock", x: -1250, z: 200 },
    { k: "herb", x: -700, y: 1085, z: -60, size: 0.8 },
    { k: "herb", x: -350, y: 1085, z: -60, size: 0.7, color: "#e8e2d6" },
    { k: "bowl", x: 2050, z: 300, fruit: "#d9822b" },
  ],
  floorPlants: [{ x: -2150, z: 1350, kind: "fiddle", size: 0.8, pot: "#c9c1b4" }],
};
