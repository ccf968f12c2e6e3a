// The Somerset workshop in perspective: tool wall, beech bench with work in progress, timber rack.
import { Svg, rect, poly } from "../../lib/svg.mjs";
import { camera, front, sideX, flatY } from "../../lib/perspective.mjs";
import { shell } from "../../lib/room/shell.mjs";
import { floor } from "../../lib/room/floor.mjs";
import { vignette } from "../../lib/room/light.mjs";
import { wood } from "../../lib/textures/wood.mjs";
import { toUri } from "../../lib/textures/dataUri.mjs";

const W = 2400,
  H = 1600;

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
