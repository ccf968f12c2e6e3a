// Close-up details in perspective: marble and oak worktops, pantry shelves, the workshop bench.
import { Svg, rect, poly, shade } from "../lib/svg.mjs";
import { camera, shell, floor, wallFinish, front, sideX, flatY, glow, vignette } from "../lib/room.mjs";
import { unitFronts } from "../lib/cabinets.mjs";
import { plant, tap, bowl, jar, board } from "../lib/props.mjs";
import { openCupboard } from "../lib/furniture.mjs";
import { marble, wood, toUri } from "../lib/textures.mjs";

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

export async function detailPantryShelves() {
  const svg = new Svg(W, H),
    cam = camera({ W, H, D: 3200, s0: 0.78, eye: 1350, hz: 820, cx: 1200 });
  svg.add(rect(0, 0, W, H, { fill: "#ece3d6" }));
  const st = { style: "shaker", color: "#b8664a", metal: "brass", innerColor: "#f1e7d8" };
  openCupboard(svg, cam, -1250, 1250, 250, 2500, 600, st, [650, 1050, 1450, 1850, 2250], 96, "pantry");
  vignette(svg, 0.32);
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        [
          [0, "#fff6e8", 0.12],
          [0.6, "#fff6e8", 0],
          [1, "#000", 0.12],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  return svg;
}

function saw(S, x, y, len) {
  S.poly(
    [
      [x, y],
      [x + len, y - 40],
      [x + len, y - 150],
      [x, y - 190],
    ],
    {
      fill: S.svg.lin([
        [0, "#eef0f0"],
        [0.5, "#b9bec0"],
        [1, "#8b9193"],
      ]),
    },
  );
  S.path(["M", x - 200, y - 20, "Q", x - 230, y - 200, x - 120, y - 230, "L", x + 20, y - 200, "L", x + 20, y, "Z"], {
    fill: "#8a5a34",
  });
  S.ell(x - 110, y - 110, 45, 60, { fill: "#d9c29a" });
}

/** The Somerset workshop: tool wall, beech bench with a door frame in progress, timber rack, daylight. */
export async function detailWorkshopBench() {
  const svg = new Svg(W, H),
    cam = camera({ W, H, D: 4200, s0: 0.62, eye: 1800, hz: 420, cx: 1150 }),
    P = cam.P;
  const room = { w: 5600, h: 3000, wall: "#ece6db", ceiling: "#e6e0d6", seed: 97 };
  shell(svg, cam, room);
  floor(svg, cam, room, { type: "concrete", color: "#b9b3a9", seed: 97 });
  const win = { z0: 500, z1: 2200, y0: 1000, y1: 2600 };
  const L = sideX(svg, cam, -room.w / 2, 1200);
  L.rect(win.z0, win.y0, win.z1, win.y1, {
    fill: svg.lin([
      [0, "#dce8ee"],
      [1, "#f6f2e8"],
    ]),
  });
  for (const z of [win.z0, (win.z0 + win.z1) / 2, win.z1]) L.rect(z - 30, win.y0, z + 30, win.y1, { fill: "#3a3a38" });
  for (const y of [win.y0, (win.y0 + win.y1) / 2, win.y1]) L.rect(win.z0, y - 25, win.z1, y + 25, { fill: "#3a3a38" });
  flatY(svg, cam, 0).poly(
    [
      [-2800 + 800, 500],
      [-2800 + 800, 2200],
      [-2800 + 2400, 2700],
      [-2800 + 2400, 1000],
    ],
    { fill: "#fff4dc", opacity: 0.2 },
  );
  const back = front(svg, cam, 0);
  back.rect(-2000, 1050, 1250, 2450, { fill: "#d8c39b" });
  back.rect(-2000, 1050, 1250, 2450, {
    fill: svg.lin(
      [
        [0, "#fff", 0.1],
        [1, "#000", 0.1],
      ],
      0,
      0,
      1,
      1,
    ),
  });
  for (const x of [-1100, 100]) back.rect(x - 3, 1050, x + 3, 2450, { fill: "#000", opacity: 0.15 });
  // tools
  saw(back, -1650, 2300, 650);
  saw(back, -1600, 1950, 560);
  back.rect(-1050, 2050, -250, 2090, { fill: "#9c7a55" });
  for (let i = 0; i < 8; i++) {
    const x = -1000 + i * 95;
    back.rect(x, 2090, x + 34, 2240 - i * 6, { fill: i % 2 ? "#8a5a34" : "#9b6a40" });
    back.rect(x + 9, 1850 + i * 8, x + 25, 2050, {
      fill: svg.lin(
        [
          [0, "#dfe3e4"],
          [1, "#8d9395"],
        ],
        0,
        0,
        1,
        0,
      ),
    });
  }
  back.poly(
    [
      [-150, 2350],
      [-110, 2350],
      [-110, 1950],
      [200, 1950],
      [200, 1910],
      [-150, 1910],
    ],
    { fill: "#b9bec0" },
  );
  back.rect(-170, 2030, -100, 2360, { fill: "#5a3a22" });
  back.rect(350, 2250, 650, 2380, { fill: "#a87a4e" });
  back.rect(480, 1900, 520, 2250, { fill: "#8a5a34" });
  for (let i = 0; i < 4; i++) {
    const x = 800 + i * 110;
    back.rect(x, 1500, x + 22, 2350, { fill: "#596a7a" });
    back.rect(x - 20, 2300, x + 70, 2350, { fill: "#333" });
    back.rect(x - 20, 1700 + i * 60, x + 70, 1750 + i * 60, { fill: "#c4552f" });
  }
  // shelf of planes
  const Ss = front(svg, cam, 220);
  Ss.rect(-1050, 1500, 300, 1530, { fill: "#9c7a55" });
  for (const x of [-950, -500, -80]) {
    Ss.path(["M", x, 1530, "L", x + 330, 1530, "L", x + 300, 1600, "L", x + 20, 1600, "Z"], { fill: "#2d3336" });
    Ss.path(["M", x + 200, 1600, "Q", x + 200, 1720, x + 270, 1700, "L", x + 260, 1600, "Z"], { fill: "#7b4a2a" });
    Ss.ell(x + 60, 1630, 28, 30, { fill: "#7b4a2a" });
  }
  // timber rack on the right
  const R = front(svg, cam, 300);
  for (let i = 0; i < 7; i++) {
    const y = 500 + i * 270;
    R.rect(1380, y - 20, 2700, y, { fill: "#555" });
    const cols = ["#c9a06b", "#6f4a33", "#e2cfae", "#b48a5a", "#8a6a4a"];
    for (let j = 0; j < 3; j++)
      R.rect(1400, y + j * 55, 2680 - j * 60, y + j * 55 + 48, { fill: cols[(i + j) % cols.length] });
  }
  for (const x of [1450, 2400]) R.rect(x, 0, x + 60, 2400, { fill: "#444" });
  // bench
  const bz0 = 300,
    bz1 = 1100,
    bx0 = -1850,
    bx1 = 1150,
    by = 900;
  flatY(svg, cam, 0).rect(bx0 - 100, bz0 - 100, bx1 + 100, bz1 + 200, { fill: svg.soft("#000", 0.3, 0.5) });
  const Fb = front(svg, cam, bz0 + 80),
    Ff = front(svg, cam, bz1 - 80);
  for (const x of [bx0 + 100, bx1 - 200]) Fb.rect(x, 0, x + 100, by, { fill: "#a67a4c" });
  Ff.rect(bx0 + 80, 250, bx1 - 80, 300, { fill: "#9a6f44" });
  const Sh = front(svg, cam, bz1 - 120);
  for (let i = 0; i < 5; i++)
    Sh.rect(bx0 + 300 + i * 520, 300, bx0 + 700 + i * 520, 300 + 40 + (i % 3) * 30, {
      fill: ["#c9a06b", "#e2cfae", "#8a6a4a"][i % 3],
    });
  for (const x of [bx0 + 100, bx1 - 200])
    Ff.rect(x, 0, x + 100, by - 80, {
      fill: svg.lin(
        [
          [0, "#c08d58"],
          [1, "#8d6238"],
        ],
        0,
        0,
        1,
        0,
      ),
    });
  const beech = await toUri(wood("beech", 1024, 512, { seed: 98, boards: 6, horizontal: true }), 88);
  const bt = svg.pattern("bench", beech, 1024, 512, `matrix(1.1 0 0 0.42 ${cam.cx} 900)`);
  const topq = [P(bx0, by, bz0), P(bx1, by, bz0), P(bx1, by, bz1), P(bx0, by, bz1)];
  svg.add(poly(topq, { fill: bt }));
  svg.add(
    poly(topq, {
      fill: svg.lin([
        [0, "#000", 0.1],
        [1, "#fff", 0.1],
      ]),
    }),
  );
  const Fe = front(svg, cam, bz1);
  Fe.rect(bx0, by - 90, bx1, by, {
    fill: svg.lin([
      [0, "#d8ab76"],
      [1, "#a87a4c"],
    ]),
  });
  Fe.rect(bx0 + 150, by - 330, bx0 + 450, by - 90, { fill: "#b08050" });
  Fe.rect(bx0 + 280, by - 300, bx0 + 320, by - 120, { fill: "#d0d3d4" });
  // door frame in progress lying on the bench, shavings, a plane
  const Fl = flatY(svg, cam, by + 2);
  const fx0 = -1500,
    fx1 = -100,
    fz0 = 450,
    fz1 = 950,
    fw = 110;
  Fl.rect(fx0, fz0, fx1, fz1, { fill: svg.soft("#000", 0.2, 0.8) });
  for (const [a, b, c, d] of [
    [fx0, fz0, fx0 + fw, fz1],
    [fx1 - fw, fz0, fx1, fz1],
    [fx0, fz0, fx1, fz0 + fw * 0.8],
    [fx0, fz1 - fw * 0.8, fx1, fz1],
  ])
    Fl.rect(a, b, c, d, { fill: "#d4ac78" });
  Fl.rect(fx0 + fw, fz0 + fw * 0.8, fx1 - fw, fz1 - fw * 0.8, { fill: "#c49864", opacity: 0.5 });
  for (let i = 0; i < 40; i++) {
    const x = 50 + ((i * 37) % 800),
      z = 450 + ((i * 53) % 550);
    Fl.ell(x, z, 30 + (i % 5) * 8, 14, { fill: i % 2 ? "#efd6a8" : "#e2c18f" });
  }
  const Sp = front(svg, cam, 700);
  Sp.path(["M", 300, by, "L", 750, by, "L", 720, by + 80, "L", 330, by + 80, "Z"], { fill: "#2d3336" });
  Sp.path(["M", 560, by + 80, "Q", 560, by + 220, 650, by + 190, "L", 640, by + 80, "Z"], { fill: "#7b4a2a" });
  for (const x of [-1100, 500]) {
    const S = front(svg, cam, 700);
    S.line(x, 3000, x, 1950, { stroke: "#333", "stroke-width": 2 });
    S.path(["M", x - 230, 1950, "Q", x - 200, 2100, x, 2110, "Q", x + 200, 2100, x + 230, 1950, "Z"], {
      fill: svg.lin(
        [
          [0, "#4f6b55"],
          [1, "#2c3f31"],
        ],
        0,
        0,
        1,
        0,
      ),
    });
    S.ell(x, 1950, 230, 30, { fill: "#fff8e0" });
    S.ell(x, 1700, 600, 300, { fill: svg.soft("#fff3d0", 0.25, 0.1) });
  }
  svg.add(
    rect(0, 0, W, H, {
      fill: svg.lin(
        [
          [0, "#fff6e4", 0.18],
          [0.5, "#fff6e4", 0],
          [1, "#000", 0.16],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  vignette(svg, 0.32);
  return svg;
}
