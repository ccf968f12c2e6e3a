// "Before" kitchens for before/after comparisons, and the branded social share image.
import sharp from "sharp";
import { rect, text } from "../lib/svg.mjs";
import { front, flatY } from "../lib/perspective.mjs";
import { buildKitchen } from "./kitchen-builder.mjs";
import { KITCHENS } from "./kitchens.mjs";
import { diningTable } from "../lib/furniture/diningTable.mjs";
import { jar } from "../lib/props/kitchenware.mjs";
import { Rng } from "../lib/noise.mjs";
import { rasterise } from "../lib/render.mjs";

const WT = 915;

/** Worktop clutter: microwave, kettle, toaster, drainer, bottles, kitchen roll, paperwork. */
function clutter(svg, cam, items, seed) {
  const r = new Rng(seed);
  for (const [k, x, z] of items) {
    const S = front(svg, cam, z);
    S.ell(x + 20, WT, 300, 40, { fill: svg.soft("#000", 0.22) });
    if (k === "microwave") {
      S.rect(x - 240, WT, x + 240, WT + 290, { fill: "#eeeeea" });
      S.rect(x - 210, WT + 35, x + 90, WT + 255, { fill: "#2b2e2c" });
      S.rect(x + 120, WT + 40, x + 215, WT + 250, { fill: "#d2d3cf" });
      for (let i = 0; i < 4; i++) S.rect(x + 135, WT + 70 + i * 40, x + 200, WT + 90 + i * 40, { fill: "#9c9e9a" });
    } else if (k === "kettle") {
      S.path(["M", x - 90, WT, "L", x + 90, WT, "L", x + 70, WT + 240, "L", x - 70, WT + 240, "Z"], {
        fill: "#f1f1ee",
      });
      S.path(["M", x + 75, WT + 220, "Q", x + 170, WT + 200, x + 85, WT + 60], {
        fill: "none",
        stroke: "#dcdcd8",
        "stroke-width": Math.max(1, S.w(22)),
      });
      S.rect(x - 100, WT, x + 100, WT + 25, { fill: "#333" });
    } else if (k === "toaster") {
      S.rect(x - 150, WT, x + 150, WT + 200, {
        fill: svg.lin(
          [
            [0, "#f4f4f4"],
            [0.5, "#a9acad"],
            [1, "#6d7072"],
          ],
          0,
          0,
          1,
          0,
        ),
      });
      S.rect(x - 110, WT + 200, x - 20, WT + 212, { fill: "#222" });
      S.rect(x + 20, WT + 200, x + 110, WT + 212, { fill: "#222" });
    } else if (k === "drainer") {
      S.rect(x - 230, WT, x + 230, WT + 40, { fill: "#cfd3d3" });
      for (let i = 0; i < 6; i++)
        S.ell(x - 170 + i * 60, WT + 150, 20, 130, { fill: ["#f2f0e9", "#e5d8b4", "#c9d6d8"][i % 3] });
      S.rect(x - 230, WT + 30, x + 230, WT + 130, {
        fill: "none",
        stroke: "#b9bdbd",
        "stroke-width": Math.max(1, S.w(10)),
      });
    } else if (k === "bottles") {
      for (let i = 0; i < 4; i++) {
        const c = ["#2e8b57", "#d9c24a", "#7a2e2e", "#e8e8e8"][i],
          h = r.range(220, 320),
          bx = x + i * 85;
        S.rect(bx - 30, WT, bx + 30, WT + h, { fill: c, opacity: 0.9 });
        S.rect(bx - 12, WT + h, bx + 12, WT + h + 60, { fill: c });
        S.rect(bx - 14, WT + h + 55, bx + 14, WT + h + 75, { fill: "#333" });
      }
    } else if (k === "roll") {
      S.rect(x - 60, WT, x + 60, WT + 280, { fill: "#fbfbf8" });
      S.rect(x - 8, WT + 280, x + 8, WT + 330, { fill: "#999" });
    } else if (k === "papers") {
      for (let i = 0; i < 5; i++)
        S.rect(x - 160 + r.range(-30, 30), WT + i * 8, x + 160 + r.range(-30, 30), WT + i * 8 + 7, {
          fill: ["#f7f7f2", "#f1e7b8", "#e8eef3"][i % 3],
        });
      S.rect(x - 100, WT + 40, x + 40, WT + 60, { fill: "#c33" });
    } else if (k === "jars") {
      for (let i = 0; i < 3; i++)
        jar(S, x + i * 130, WT, 110, 150 + i * 30, ["#c79a5a", "#f1ece0", "#8c5a3c"][i], "#e2e2e2");
    }
  }
}

/** Fluorescent tube fitting on the ceiling with a cold cast over the room. */
function fluorescent(svg, cam, room) {
  const F = flatY(svg, cam, room.h - 5);
  F.rect(-800, 1200, 800, 1450, { fill: "#e4e4de" });
  F.rect(-760, 1250, 760, 1400, { fill: "#fbfff6" });
  const c = cam.P(0, room.h - 5, 1325);
  svg.add(`<ellipse cx="${c[0]}" cy="${c[1] + 40}" rx="900" ry="260" fill="${svg.soft("#f4fff0", 0.35, 0.2)}"/>`);
}

const dated = (svg) => {
  svg.add(rect(0, 0, svg.w, svg.h, { fill: "#d5d9bf", opacity: 0.16 }));
  svg.add(
    rect(0, 0, svg.w, svg.h, {
      fill: svg.rad(
        [
          [0.5, "#000", 0],
          [1, "#1a1a10", 0.3],
        ],
        0.5,
        0.45,
        0.8,
      ),
    }),
  );
};

export const BEFORE = {
  "before-braybrook-st.jpg": {
    seed: 301,
    cam: KITCHENS["kitchen-navy-shaker.jpg"].cam,
    room: { w: 5200, h: 2700, wall: "#e6dcbc", ceiling: "#e8e4d6" },
    floor: {
      type: "vinyl",
      size: 300,
      colors: ["#bcae92", "#8f8069"],
      vary: 0.03,
      grout: 0.004,
      color: "#7d705b",
      sheen: 0.02,
    },
    cab: { style: "slab", color: "#d8cbae", metal: "bronze", handles: { door: "bar", drawer: "bar" } },
    top: "laminate",
    splash: { kind: "square", color: "#e2d6ba", grout: "#cbbf9f" },
    window: { x0: -520, x1: 320, y0: 1080, y1: 2250, cols: 2, rows: 1, frame: "#f4f4ef", fw: 70 },
    base: [
      ["tall", 600],
      ["drawers3", 600],
      ["door2", 800],
      ["sink", 1000],
      ["drawerdoor", 600],
      ["range", 600],
      ["door2", 1000],
    ],
    upper: [
      ["door2", -2000, -850],
      ["door2", 400, 1000],
      ["door2", 1600, 2600],
    ],
    hood: { x0: 1000, x1: 1600, y0: 1550, color: "#d8d8d2" },
    range: { color: "#f1f0ea", metal: "nickel" },
    sink: "undermount",
    tapMetal: "nickel",
    lightFrom: "none",
    hooks: {
      back: (svg, cam, { room }) => fluorescent(svg, cam, room),
      run: (svg, cam) =>
        clutter(
          svg,
          cam,
          [
            ["roll", -2300, 150],
            ["papers", -1700, 380],
            ["toaster", -1200, 260],
            ["kettle", -900, 300],
            ["drainer", 150, 300],
            ["bottles", -450, 120],
            ["microwave", 2100, 330],
            ["jars", 1150, 150],
          ],
          301,
        ),
      front: (svg) => dated(svg),
    },
  },
  "before-canal-house.jpg": {
    seed: 302,
    cam: KITCHENS["kitchen-walnut-island.jpg"].cam,
    room: { w: 5600, h: 2700, wall: "#e5d9c3", ceiling: "#e9e5d9", sideL: "#e0d3bb" },
    floor: {
      type: "vinyl",
      size: 250,
      colors: ["#c9bda4", "#b0a286"],
      vary: 0.03,
      grout: 0.004,
      color: "#8f8267",
      sheen: 0.02,
    },
    cab: {
      style: "shaker",
      color: "#c98b4f",
      timber: "pine",
      metal: "black",
      handles: { door: "knob", drawer: "knob" },
    },
    top: "laminate",
    splash: { kind: "square", color: "#eeebe2", grout: "#d6d1c4" },
    sideWindow: { z0: 900, z1: 2400, y0: 1000, y1: 2200, cols: 2, rows: 1, frame: "#f4f4ef" },
    base: [
      ["tall-full", 600],
      ["tall", 600],
      ["drawers3", 900],
      ["sink", 1000],
      ["drawers2", 900],
      ["hob", 900],
      ["drawers3", 700],
    ],
    upper: [
      ["door2", -1600, -700],
      ["door2", -700, 300],
      ["door2", 300, 1200],
      ["door2", 2100, 2800],
    ],
    hood: { x0: 1200, x1: 2100, y0: 1550, color: "#cfcfca" },
    sink: "undermount",
    tapMetal: "nickel",
    lightFrom: "none",
    hooks: {
      back: (svg, cam, { room }) => fluorescent(svg, cam, room),
      run: (svg, cam) => {
        clutter(
          svg,
          cam,
          [
            ["microwave", -1150, 330],
            ["drainer", 550, 300],
            ["kettle", 1000, 250],
            ["bottles", -450, 120],
            ["roll", 2400, 200],
            ["papers", 1650, 420],
          ],
          302,
        );
        diningTable(svg, cam, -700, 900, 2300, 3000, "#c8955b", "#a9773f");
      },
      front: (svg) => dated(svg),
    },
  },
};

export const befores = Object.entries(BEFORE).map(([file, cfg]) => ({
  file,
  w: 2400,
  h: 1600,
  grain: 8,
  build: () => buildKitchen(cfg),
}));

/** 1200x630 share image: a crop of the navy kitchen with the wordmark over a navy panel. */
export async function ogDefault() {
  const k = await rasterise(await buildKitchen(KITCHENS["kitchen-navy-shaker.jpg"]));
  const bg = await sharp(k.data, { raw: { width: k.w, height: k.h, channels: 3 } })
    .extract({ left: 0, top: 150, width: 2400, height: 1260 })
    .resize(1200, 630)
    .raw()
    .toBuffer();
  const o = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#14213d" stop-opacity="1"/><stop offset="0.4" stop-color="#14213d" stop-opacity="0.96"/><stop offset="0.56" stop-color="#14213d" stop-opacity="0"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#f)"/>
  <rect x="72" y="246" width="56" height="3" fill="#f6dcdc"/>
  ${text(70, 330, "Hartley & Reed", { "font-family": "Liberation Serif, DejaVu Serif, Georgia, serif", "font-size": 74, fill: "#fbf8f4" })}
  ${text(73, 385, "MADE-TO-MEASURE KITCHENS", { "font-family": "Liberation Sans, DejaVu Sans, Helvetica, sans-serif", "font-size": 21, "letter-spacing": 4.5, fill: "#f6dcdc" })}
  ${text(73, 560, "Designed and built in our Somerset workshop", { "font-family": "Liberation Serif, DejaVu Serif, Georgia, serif", "font-style": "italic", "font-size": 22, fill: "#fbf8f4", "fill-opacity": 0.8 })}
</svg>`;
  const { data, info } = await sharp(bg, { raw: { width: 1200, height: 630, channels: 3 } })
    .composite([{ input: Buffer.from(o) }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height };
}
