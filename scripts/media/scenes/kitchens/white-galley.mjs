// Kitchen config for kitchen-white-galley.jpg: white Shaker galley (drawn by the galley builder).

export const whiteGalley = {
  seed: 108,
  galley: true,
  cam: { D: 6200, s0: 0.36, eye: 1500, hz: 700 },
  room: { w: 3000, h: 2600, wall: "#f0ece5", sideL: "#ebe6de", sideR: "#e2ddd5" },
  floor: { type: "planks", color: "#c29a6b", plank: 170 },
  cab: { style: "shaker", color: "#f1eee8", metal: "nickel", handles: { door: "knob", drawer: "cup" } },
  top: "marble",
  splash: { kind: "metro", color: "#fbfaf6", grout: "#dedad2" },
  sink: "butler",
  cornice: true,
  window: { x0: -650, x1: 650, y0: 1000, y1: 2300, cols: 2, rows: 3, frame: "#f3f0ea" },
  left: [
    ["drawers3", 600],
    ["door2", 800],
    ["drawerdoor", 600],
    ["door2", 900],
    ["drawers3", 600],
    ["door1", 500],
  ],
  right: [
    ["drawers3", 600],
    ["door2", 700],
    ["range", 1000],
    ["drawers3", 600],
    ["door2", 800],
    ["door1", 500],
  ],
  range: { color: "#e9e5dc", metal: "nickel" },
  pendants: { zs: [1900], y: 1950, style: "dome", color: "#f4f1ea", metal: "nickel" },
};
