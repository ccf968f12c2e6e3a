// Worktop close-ups in perspective (marble, oak): one slab layout shared by both, different props.
import { Svg, rect, poly, shade } from "../../lib/svg.mjs";
import { camera, front, sideX } from "../../lib/perspective.mjs";
import { wallFinish } from "../../lib/room/wallFinish.mjs";
import { glow, vignette } from "../../lib/room/light.mjs";
import { unitFronts } from "../../lib/cabinets/unitFronts.mjs";
import { plant } from "../../lib/props/plants.mjs";
import { tap } from "../../lib/props/worktopFittings.mjs";
import { bowl, jar, board } from "../../lib/props/kitchenware.mjs";
import { marble } from "../../lib/textures/stone.mjs";
import { wood } from "../../lib/textures/wood.mjs";
import { toUri } from "../../lib/textures/dataUri.mjs";

const W = 2400,
  H = 1600,
  WT = 915;
/** Shared close-up: splashback, worktop slab with a visible end, base units beneath, props on top. */
async function worktopCloseup({ tex, edgeTex, cab, splash, props, seed }) {
  const svg = new Svg(W, H),
    cam = camera({ W, H, D: 2400, s0: 1.0, eye: 1650, hz: 160, cx: 900 }),
    P = cam.P;
  const x0 = -1400,
    x1 = 900,
    zf = 650,
    th = 32;
  svg.add(rect(0, 0, W, H, { fill: "#efe9e0" }));
  const back = front(svg, cam, 0);
  wallFinish(back, x0 - 600, WT, 2000, 1560, { seed, ...splash });
  back.rect(x0 - 600, 1560, 2000, 1580, { fill: "#000", opacity: 0.06 });
  const uri = await toUri(tex, 90),
    uriE = await toUri(edgeTex ?? tex, 90);
  const topFill = svg.pattern("top", uri, tex.w, tex.h, `matrix(1.25 0 0 0.42 ${cam.cx - 900} 880)`);
  const edgeFill = svg.pattern(
    "edge",
    uriE,
    (edgeTex ?? tex).w,
    (edgeTex ?? tex).h,
    `matrix(1.37 0 0 1.37 ${cam.cx} ${cam.hz})`,
  );
  // base units under the slab
  const S = front(svg, cam, zf - 25);
  let x = x0 - 700;
  for (const [type, w] of [
    ["door2", 900],
    ["drawers3", 600],
    ["door2", 900],
    ["door1", 500],
  ]) {
    unitFronts(S, type, x, x + w, 110, WT - th, cab, "base");
    x += w;
  }
  sideX(svg, cam, x1 - 20, 300).rect(0, 0, zf - 25, WT - th, { fill: shade(cab.color, 0.08) });
  // slab: top, front edge, end
  const top = [P(x0 - 1200, WT, 0), P(x1, WT, 0), P(x1, WT, zf), P(x0 - 1200, WT, zf)];
  svg.add(poly(top, { fill: topFill }));
  svg.add(
    poly(top, {
      fill: svg.lin([
        [0, "#000", 0.1],
        [0.6, "#fff", 0.06],
        [1, "#fff", 0.16],
      ]),
    }),
  );
  const E = front(svg, cam, zf);
  E.rect(x0 - 1200, WT - th, x1, WT, { fill: edgeFill });
  E.rect(x0 - 1200, WT - th, x1, WT, {
    fill: svg.lin([
      [0, "#fff", 0.45],
      [0.25, "#fff", 0.1],
      [0.7, "#000", 0.05],
      [1, "#000", 0.3],
    ]),
  });
  const Se = sideX(svg, cam, x1, 300);
  Se.rect(0, WT - th, zf, WT, { fill: edgeFill });
  Se.rect(0, WT - th, zf, WT, { fill: "#fff", opacity: 0.15 });
  E.rect(x0 - 1200, WT - th - 60, x1 - 25, WT - th, {
    fill: svg.lin([
      [0, "#000", 0.4],
      [1, "#000", 0],
    ]),
  });
  for (const p of props) p(svg, cam);
  glow(svg, 500, 300, 1300, 700, "#fff8ea", 0.25);
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        [
          [0, "#fff6e8", 0.1],
          [0.6, "#fff6e8", 0],
          [1, "#000", 0.18],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  vignette(svg, 0.3);
  return svg;
}

export async function detailMarbleWorktop() {
  const tex = marble("carrara", 1600, 900, { seed: 91 });
  return worktopCloseup({
    seed: 91,
    tex,
    topColor: "#eceae5",
    cab: { style: "shaker", color: "#23314f", metal: "brass", handles: { door: "knob", drawer: "cup" } },
    splash: { kind: "zellige", color: "#f4f0e8", grout: "#e3ddd2" },
    props: [
      (svg, cam) => tap(svg, cam, -700, WT, 90, "brass"),
      (svg, cam) => board(front(svg, cam, 40), -300, WT, 420, 620, "#b98a58"),
      (svg, cam) => plant(front(svg, cam, 220), 250, WT, "branches", 0.9, 92, "#e8e2d8"),
      (svg, cam) => bowl(front(svg, cam, 420), 520, WT, 420, "#f3efe7", "#e9c64a", 93),
    ],
  });
}

export async function detailOakWorktop() {
  const tex = wood("oak", 1600, 900, { seed: 94, boards: 9, horizontal: true });
  return worktopCloseup({
    seed: 94,
    tex,
    topColor: "#c59a66",
    cab: { style: "shaker", color: "#9ba68f", metal: "brass", handles: { door: "knob", drawer: "cup" } },
    splash: { kind: "metro", color: "#f3ecdf", grout: "#e0d7c6" },
    props: [
      (svg, cam) => {
        const S = front(svg, cam, 300);
        S.ell(-440, WT + 2, 420, 40, { fill: svg.soft("#000", 0.25) });
        S.rect(-800, WT, -80, WT + 35, {
          fill: svg.lin([
            [0, "#d7ad78"],
            [1, "#a8784a"],
          ]),
        });
        S.path(["M", -700, WT + 35, "Q", -700, WT + 230, -450, WT + 240, "Q", -220, WT + 230, -220, WT + 35, "Z"], {
          fill: svg.lin([
            [0, "#e0a866"],
            [1, "#9a5f2c"],
          ]),
        });
        for (let i = 0; i < 4; i++)
          S.path(["M", -630 + i * 95, WT + 120, "Q", -590 + i * 95, WT + 190, -560 + i * 95, WT + 210], {
            fill: "none",
            stroke: "#f3d9a8",
            "stroke-width": 4,
          });
        S.rect(-180, WT + 35, 80, WT + 50, { fill: "#cfd2d4" });
        S.rect(-270, WT + 33, -180, WT + 55, { fill: "#2b2420" });
      },
      (svg, cam) => plant(front(svg, cam, 150), 220, WT, "herb", 1.6, 95, "#b86b4b"),
      (svg, cam) => {
        const S = front(svg, cam, 260);
        S.path(
          [
            "M",
            380,
            WT,
            "L",
            560,
            WT,
            "Q",
            600,
            WT + 200,
            540,
            WT + 300,
            "L",
            400,
            WT + 300,
            "Q",
            340,
            WT + 200,
            380,
            WT,
            "Z",
          ],
          {
            fill: svg.lin(
              [
                [0, "#f4f0e8"],
                [1, "#cfc8bb"],
              ],
              0,
              0,
              1,
              0,
            ),
          },
        );
        S.path(["M", 560, WT + 250, "Q", 650, WT + 230, 570, WT + 120], {
          fill: "none",
          stroke: "#ddd6c9",
          "stroke-width": 6,
        });
      },
      (svg, cam) => {
        const S = front(svg, cam, 120);
        jar(S, 720, WT, 90, 300, "#c9b04a", "#2b2b2b");
      },
    ],
  });
}
