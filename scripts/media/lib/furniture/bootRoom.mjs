// Boot-room pieces: panelled bench with cubbies, peg rail with coats, and wellies.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";
import { front } from "../perspective.mjs";
import { METALS } from "../metalFinishes.mjs";
import { basket } from "./basket.mjs";
import { q } from "../polygonPoints.mjs";

/** Boot-room bench with basket cubbies, cushion, panelling, peg rail with coats and a shelf of baskets. */
export function bootBench(svg, cam, x0, x1, st, seed = 3) {
  const r = new Rng(seed),
    back = front(svg, cam, 0),
    S = front(svg, cam, 460),
    P = cam.P;
  back.rect(x0, 0, x1, 1750, { fill: st.color });
  for (let x = x0 + 100; x < x1; x += 110) {
    back.rect(x - 4, 480, x + 4, 1750, { fill: "#000", opacity: 0.16 });
    back.rect(x + 4, 480, x + 10, 1750, { fill: "#fff", opacity: 0.12 });
  }
  back.rect(x0, 1660, x1, 1750, { fill: shade(st.color, 0.06) });
  back.rect(x0, 1650, x1, 1665, { fill: "#000", opacity: 0.2 });
  // shelf with baskets
  const sh = front(svg, cam, 300);
  svg.add(
    `<polygon points="${q([P(x0, 1800, 0), P(x1, 1800, 0), P(x1, 1800, 300), P(x0, 1800, 300)])}" fill="${shade(st.color, -0.3)}"/>`,
  );
  for (let x = x0 + 80; x < x1 - 300; x += 360) basket(front(svg, cam, 150), x, 1840, 300, 220);
  sh.rect(x0, 1800, x1, 1840, { fill: shade(st.color, 0.05) });
  // peg rail with coats
  back.rect(x0, 1480, x1, 1540, { fill: shade(st.color, 0.08) });
  const coats = ["#6b4b3a", "#2f3d36", "#b48a4a", "#1f2a3f", "#8a8174", "#a24b3b"];
  for (let x = x0 + 160; x < x1 - 100; x += r.range(230, 320)) {
    const C = front(svg, cam, 120),
      c = r.pick(coats);
    C.ell(x, 1510, 16, 16, { fill: METALS.brass[1] });
    if (r.chance(0.8)) {
      const w = r.range(300, 380),
        L = r.range(700, 950);
      C.path(
        [
          "M",
          x - 40,
          1500,
          "Q",
          x - w / 2,
          1470,
          x - w / 2,
          1380,
          "L",
          x - w / 2 - 30,
          1500 - L,
          "L",
          x + w / 2 + 30,
          1500 - L,
          "L",
          x + w / 2,
          1380,
          "Q",
          x + w / 2,
          1470,
          x + 40,
          1500,
          "Z",
        ],
        {
          fill: svg.lin(
            [
              [0, shade(c, 0.1)],
              [0.5, c],
              [1, shade(c, -0.25)],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      C.line(x, 1470, x, 1500 - L, { stroke: shade(c, -0.35), "stroke-width": Math.max(1, C.w(6)) });
      if (r.chance(0.5))
        C.rect(x - 50, 1200, x - 10, 1500 - L * 0.6, { fill: r.pick(["#c9a24a", "#8f2f2f", "#e8e0d0"]) });
    }
  }
  // seat, cushion and cubbies
  svg.add(
    `<polygon points="${q([P(x0, 480, 0), P(x1, 480, 0), P(x1, 480, 460), P(x0, 480, 460)])}" fill="${shade(st.color, 0.1)}"/>`,
  );
  S.rect(x0, 0, x1, 480, { fill: shade(st.color, -0.5) });
  const n = Math.max(2, Math.round((x1 - x0) / 420)),
    cw = (x1 - x0) / n;
  for (let i = 0; i < n; i++) {
    S.rect(x0 + i * cw + 30, 100, x0 + (i + 1) * cw - 30, 420, { fill: shade(st.color, -0.35) });
    basket(S, x0 + i * cw + 60, 100, cw - 120, 260);
  }
  for (let i = 0; i <= n; i++)
    S.rect(x0 + i * cw - 30 * (i > 0), 0, x0 + i * cw + 30 * (i < n), 440, { fill: st.color });
  S.rect(x0, 420, x1, 480, { fill: shade(st.color, 0.08) });
  const cu = st.cushion ?? "#c9b79c";
  svg.add(
    `<polygon points="${q([P(x0 + 40, 560, 40), P(x1 - 40, 560, 40), P(x1 - 40, 560, 440), P(x0 + 40, 560, 440)])}" fill="${shade(cu, 0.1)}"/>`,
  );
  front(svg, cam, 440).rect(x0 + 40, 480, x1 - 40, 560, {
    fill: svg.lin([
      [0, shade(cu, 0.1)],
      [1, shade(cu, -0.2)],
    ]),
  });
  for (let x = x0 + 200; x < x1 - 100; x += 300) front(svg, cam, 441).ell(x, 520, 10, 10, { fill: shade(cu, -0.3) });
}

export function wellies(S, x, c = "#2f4133") {
  for (const d of [0, 150]) {
    S.path(
      [
        "M",
        x + d,
        380,
        "L",
        x + d,
        70,
        "Q",
        x + d,
        0,
        x + d + 70,
        0,
        "L",
        x + d + 210,
        0,
        "Q",
        x + d + 220,
        60,
        x + d + 120,
        90,
        "L",
        x + d + 120,
        380,
        "Z",
      ],
      {
        fill: S.svg.lin(
          [
            [0, shade(c, 0.2)],
            [1, shade(c, -0.2)],
          ],
          0,
          0,
          1,
          0,
        ),
      },
    );
    S.rect(x + d - 5, 350, x + d + 125, 390, { fill: shade(c, -0.15) });
  }
}
