// Open larder / dresser cupboard: interior in perspective, shelves with contents, doors swung open.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";
import { front, sideX } from "../perspective.mjs";
import { front1 } from "../cabinets/doorFront.mjs";
import { METALS } from "../metalFinishes.mjs";
import { jar, crockery } from "../props/kitchenware.mjs";
import { basket } from "./basket.mjs";
import { q } from "../polygonPoints.mjs";

/** Cupboard box seen open: inner back, sides, shelves in perspective, contents, doors swung open. */
export function openCupboard(svg, cam, x0, x1, y0, y1, zf, st, shelvesY, seed = 1, contents = "jars", doors = true) {
  const P = cam.P,
    inner = shade(st.innerColor ?? st.color, st.innerColor ? 0 : 0.25),
    t = 22,
    r = new Rng(seed);
  const a = x0 + t,
    b = x1 - t,
    zb = 20;
  front(svg, cam, zb).rect(a, y0, b, y1, { fill: inner });
  if (a < 0)
    svg.add(
      `<polygon points="${q([P(a, y0, zb), P(a, y1, zb), P(a, y1, zf), P(a, y0, zf)])}" fill="${shade(inner, -0.12)}"/>`,
    );
  if (b > 0)
    svg.add(
      `<polygon points="${q([P(b, y0, zb), P(b, y1, zb), P(b, y1, zf), P(b, y0, zf)])}" fill="${shade(inner, -0.06)}"/>`,
    );
  if (y1 > cam.eye)
    svg.add(
      `<polygon points="${q([P(a, y1, zb), P(b, y1, zb), P(b, y1, zf), P(a, y1, zf)])}" fill="${shade(inner, -0.2)}"/>`,
    );
  const ys = [y0, ...shelvesY];
  for (let i = ys.length - 1; i >= 0; i--) {
    const y = ys[i],
      above = i + 1 < ys.length ? ys[i + 1] : y1,
      room = above - y - 40;
    if (y < cam.eye)
      svg.add(
        `<polygon points="${q([P(a, y, zb), P(b, y, zb), P(b, y, zf - 20), P(a, y, zf - 20)])}" fill="${shade(inner, 0.08)}"/>`,
      );
    const Si = front(svg, cam, zf * 0.45);
    if (contents === "pantry" && i === 0) {
      for (let x = a + 60; x < b - 380; x += 420) basket(Si, x, y, 360, Math.min(room * 0.8, 260));
    } else if (contents === "dresser") {
      plateRow(Si, a, b, y, Math.min(room * 0.85, 300), r);
    } else if (contents === "jars" || i % 2 === 0 || (contents === "pantry" && i !== 2)) {
      for (let x = a + 50; x < b - 60; ) {
        const w = r.range(85, 130),
          h = Math.min(room * 0.9, r.range(120, 300));
        if (x + w / 2 > b - 20) break;
        jar(
          Si,
          x + w / 2 - 30,
          y,
          w,
          h,
          r.pick(["#e9dcc0", "#c79a5a", "#7d4f35", "#f1ece0", "#a7583d", "#d9c27a", "#6e7a45"]),
        );
        x += w + r.range(8, 30);
      }
    } else crockery(Si, a, b, y, seed + i);
    if (i > 0) {
      const Sf = front(svg, cam, zf - 20);
      if (y > cam.eye)
        svg.add(
          `<polygon points="${q([P(a, y - 25, zb), P(b, y - 25, zb), P(b, y - 25, zf - 20), P(a, y - 25, zf - 20)])}" fill="${shade(inner, -0.25)}"/>`,
        );
      Sf.rect(a, y - 25, b, y, { fill: shade(inner, 0.04) });
      Sf.rect(a, y - 25, b, y - 20, { fill: "#000", opacity: 0.15 });
    }
  }
  const S = front(svg, cam, zf);
  S.rect(x0, y0, a, y1, { fill: st.color });
  S.rect(b, y0, x1, y1, { fill: st.color });
  S.rect(x0, y1 - t, x1, y1, { fill: st.color });
  S.rect(x0, y0 - t, x1, y0, { fill: st.color });
  // doors opened to ~100 degrees, seen nearly edge-on
  const dw = (x1 - x0) / 2 - 5;
  for (const [x, dir] of doors
    ? [
        [x0, -1],
        [x1, 1],
      ]
    : []) {
    const D = sideX(svg, cam, x + dir * 10, zf + dw / 2);
    const faceInside = dir < 0 ? x < 0 : x > 0;
    D.rect(zf, y0, zf + dw, y1, { fill: faceInside ? shade(st.color, 0.08) : shade(st.color, -0.08) });
    front1(D, zf + 8, y0 + 8, zf + dw - 8, y1 - 8, { ...st, tex: undefined, handleless: false });
    if (faceInside)
      for (let y = y0 + 350; y < y1 - 200; y += 330) {
        D.rect(zf + 80, y, zf + dw - 80, y + 20, { fill: shade(st.color, -0.2) });
        for (let z = zf + 110; z < zf + dw - 110; z += 70)
          D.rect(z, y + 20, z + 45, y + 20 + r.range(90, 140), {
            fill: r.pick(["#c2703f", "#e3c277", "#8a9a5b", "#f0e8d8", "#7d4f35"]),
          });
        D.rect(zf + 80, y + 70, zf + dw - 80, y + 80, { fill: METALS.brass[1] });
      }
  }
}

/** Plates standing on a dresser shelf against a rail, with the odd jug. */
function plateRow(S, a, b, y, maxD, r) {
  const svg = S.svg,
    pal = ["#f4f1ea", "#e7efe9", "#dfe6ee", "#f1e6d6"],
    rim = ["#2f4a6a", "#6d8a6a", "#b0643f", "#2f4a6a"];
  let x = a + 60;
  while (x < b - 120) {
    if (r.chance(0.18)) {
      const w = r.range(110, 150),
        h = r.range(160, 220);
      S.path(
        [
          "M",
          x,
          y,
          "L",
          x + w,
          y,
          "Q",
          x + w + 15,
          y + h * 0.6,
          x + w * 0.85,
          y + h,
          "L",
          x + w * 0.1,
          y + h,
          "Q",
          x - 15,
          y + h * 0.6,
          x,
          y,
          "Z",
        ],
        {
          fill: svg.lin(
            [
              [0, "#f3efe6"],
              [1, "#cfc6b6"],
            ],
            0,
            0,
            1,
            0,
          ),
        },
      );
      x += w + 40;
      continue;
    }
    const d = Math.min(maxD, r.range(220, 300)),
      i = r.int(0, 3);
    if (x + d > b - 20) break;
    S.ell(x + d / 2, y + d / 2, d / 2, d / 2, { fill: pal[i] });
    S.ell(x + d / 2, y + d / 2, d / 2 - 8, d / 2 - 8, {
      fill: "none",
      stroke: rim[i],
      "stroke-width": Math.max(1, S.w(6)),
    });
    S.ell(x + d / 2, y + d / 2, d * 0.3, d * 0.3, { fill: "#000", opacity: 0.05 });
    x += d * 0.62;
  }
  S.rect(a, y + 60, b, y + 80, { fill: "#000", opacity: 0.15 });
}
