// Kitchen config for kitchen-blue-boot-room.jpg: blue boot room with bench, coats and wellies.
import { cam } from "./camera.mjs";
import { front } from "../../lib/perspective.mjs";
import { bootBench, wellies } from "../../lib/furniture/bootRoom.mjs";
import { basket } from "../../lib/furniture/basket.mjs";

export const blueBootRoom = {
  seed: 110,
  cam: cam({ D: 6000, s0: 0.42, hz: 700 }),
  room: { w: 4600, h: 2650, wall: "#efeae2", ceiling: "#f4f0ea" },
  floor: { type: "checker", size: 350, colors: ["#efeae1", "#2d3034"], vary: 0.03, grout: 0.006, color: "#b9b3aa" },
  cab: {
    style: "shaker",
    color: "#4d6a88",
    metal: "brass",
    handles: { door: "knob", drawer: "cup" },
    cushion: "#c9b79c",
  },
  top: "oak",
  splash: { kind: "metro", color: "#f6f3ed" },
  window: { x0: 0, x1: 700, y0: 1080, y1: 2250, cols: 2, rows: 3, frame: "#f1ede6" },
  base: [
    ["tall", 600],
    ["gap", 1600],
    ["sink", 900],
    ["drawers3", 900],
    ["tall", 600],
  ],
  upper: [["door2", 800, 1700]],
  sink: "butler",
  cornice: true,
  props: [
    { k: "herb", x: 200, y: 1085, z: -60, size: 0.8 },
    { k: "jars", x: 1000, z: 250, n: 2 },
  ],
  hooks: {
    back: (svg, c, { st }) => bootBench(svg, c, -1700, -100, { ...st, color: st.color }),
    run: (svg, c) => {
      wellies(front(svg, c, 700), -1500, "#2f4133");
      wellies(front(svg, c, 780), -950, "#23314f");
      basket(front(svg, c, 750), 300, 0, 420, 300);
    },
  },
};
