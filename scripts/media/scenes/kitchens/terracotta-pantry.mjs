// Kitchen config for kitchen-terracotta-pantry.jpg: terracotta Shaker pantry wall of open shelves.
import { cam } from "./camera.mjs";

export const terracottaPantry = {
  seed: 109,
  cam: cam({ D: 5400, s0: 0.5, eye: 1500, hz: 720 }),
  room: { w: 3600, h: 2650, wall: "#f0e6d6", ceiling: "#f4eee4" },
  floor: {
    type: "tiles",
    size: 500,
    colors: ["#d6cdbf", "#cfc5b5", "#dcd3c6"],
    vary: 0.04,
    grout: 0.012,
    color: "#b7ab99",
  },
  cab: { style: "shaker", color: "#b8664a", metal: "brass", handles: { door: "knob", drawer: "cup" } },
  top: "oak",
  splash: { kind: "beadboard", color: "#efe4d3" },
  splashTop: 1250,
  base: [
    ["tall", 600],
    ["drawers3", 600],
    ["door2", 1200],
    ["drawers3", 600],
    ["tall", 600],
  ],
  shelves: [
    { x0: -1200, x1: 1200, y: 1350, fill: "jars", color: "#b98b5c" },
    { x0: -1200, x1: 1200, y: 1700, fill: "crockery", color: "#b98b5c" },
    { x0: -1200, x1: 1200, y: 2050, fill: "jars", color: "#b98b5c" },
    { x0: -1200, x1: 1200, y: 2400, fill: "crockery", color: "#b98b5c" },
  ],
  tallTop: 2300,
  cornice: true,
  props: [
    { k: "board", x: -1100, color: "#b07d4d" },
    { k: "crock", x: -550, z: 200 },
    { k: "bowl", x: 0, z: 330, fruit: "#e9c64a" },
    { k: "jars", x: 450, z: 250 },
    { k: "herb", x: 1000, z: 300 },
  ],
  pendants: { at: [[0, 1700]], y: 2100, style: "bell", color: "#e9e1d2", metal: "brass" },
};
