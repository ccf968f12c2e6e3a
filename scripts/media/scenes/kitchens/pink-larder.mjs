// Kitchen config for kitchen-pink-larder.jpg: blush Shaker kitchen with an open larder cupboard.
import { cam } from "./camera.mjs";
import { openCupboard } from "../../lib/furniture/openCupboard.mjs";

export const pinkLarder = {
  seed: 104,
  cam: cam({ D: 6200, s0: 0.42 }),
  room: { w: 5000, h: 2700, wall: "#f4e2dc", ceiling: "#f8efe9" },
  floor: { type: "checker", size: 400, colors: ["#f0e9df", "#d8b7ab"], vary: 0.03, grout: 0.008, color: "#cdbfb2" },
  cab: {
    style: "shaker",
    color: "#e2b9b1",
    metal: "brass",
    handles: { door: "knob", drawer: "cup" },
    innerColor: "#f6e7e1",
  },
  top: "marble",
  splash: { kind: "zellige", color: "#f7efe9", grout: "#eadcd3" },
  splashTop: 1450,
  window: { x0: -300, x1: 450, y0: 1080, y1: 2250, cols: 2, rows: 3, frame: "#f3ebe5" },
  base: [
    ["gap", 800],
    ["drawers3", 600],
    ["door2", 700],
    ["sink", 900],
    ["drawerdoor", 600],
    ["hob", 700],
    ["tall", 700],
  ],
  upper: [
    ["glazed2", -1800, -900],
    ["glazed2", 1150, 1800],
  ],
  shelves: [{ x0: 520, x1: 1100, y: 1600, color: "#c59a66" }],
  sink: "undermount",
  cornice: true,
  props: [
    { k: "vase", x: -1500, z: 250, size: 0.8 },
    { k: "bowl", x: 900, z: 300 },
    { k: "herb", x: 100, y: 1085, z: -60, size: 0.8 },
  ],
  hooks: {
    run: (svg, c, { st }) => openCupboard(svg, c, -2500, -1700, 110, 2250, 600, { ...st }, [560, 960, 1360, 1760], 104),
  },
  pendants: {
    at: [
      [-300, 1700],
      [700, 1700],
    ],
    y: 2050,
    style: "globe",
    color: "#fff",
  },
};
