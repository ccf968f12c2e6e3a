// Kitchen config for kitchen-oak-handleless.jpg: handleless oak kitchen with an island and side window.
import { cam } from "./camera.mjs";

export const oakHandleless = {
  seed: 103,
  cam: cam({ D: 6000, s0: 0.33, eye: 1650, hz: 560, cx: 1480 }),
  room: { w: 5600, h: 2700, wall: "#ede8e0" },
  floor: { type: "concrete", color: "#c9c4bc", sheen: 0.1 },
  cab: { style: "slab", color: "#c9a16c", timber: "oak", handleless: true },
  top: "quartz",
  splash: { kind: "plain", color: "#ebe8e1" },
  splashTop: 1300,
  sideWindow: { z0: 800, z1: 2200, y0: 950, y1: 2350, cols: 2, rows: 1, frame: "#2c2c2c" },
  base: [
    ["drawers2", 800],
    ["drawers3", 900],
    ["sink", 900],
    ["hob", 900],
    ["drawers2", 900],
    ["tallOven", 600],
    ["tall-full", 600],
  ],
  shelves: [{ x0: -2700, x1: 1450, y: 1650, fill: "mixed", color: "#c59a66" }],
  tallTop: 2400,
  spots: { xs: [-1800, 1800], zs: [800] },
  island: {
    x0: -1000,
    x1: 1400,
    z0: 2200,
    z1: 3000,
    timber: "oak",
    units: [
      ["drawers2", 800],
      ["drawers2", 800],
      ["drawers2", 800],
    ],
    props: [
      { k: "vase", x: -400, z: 2600 },
      { k: "bowl", x: 800, z: 2650, color: "#3a3a38", fruit: "#e5a23c" },
    ],
  },
  pendants: {
    at: [
      [-500, 2600],
      [200, 2600],
      [900, 2600],
    ],
    y: 2000,
    style: "cone",
    color: "#2a2a2a",
    metal: "black",
  },
  props: [
    { k: "board", x: -2500, color: "#c59a66" },
    { k: "jars", x: 1150, z: 250 },
  ],
  lightFrom: "left",
};
