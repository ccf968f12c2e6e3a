// Ceiling pendant lights (dome, globe, bell, cone) with their glow.
import { shade } from "../svg.mjs";
import { front } from "../perspective.mjs";
import { METALS } from "../metalFinishes.mjs";

/** Ceiling pendant at (x, z) hanging to shade bottom yb; style: dome | globe | bell | cone. */
export function pendant(svg, cam, x, z, yb, ceil, style, color, metal = "brass") {
  const S = front(svg, cam, z),
    [hi, mid, lo] = METALS[metal];
  const size = style === "globe" ? 150 : 190;
  const ytop = yb + (style === "globe" ? size * 2 : size);
  S.line(x, ceil, x, ytop, { stroke: "#2a2624", "stroke-width": Math.max(1, S.w(5)) });
  S.rect(x - 40, ceil - 15, x + 40, ceil, { fill: mid });
  S.ell(x, yb - 250, size * 2.2, size * 1.3, {
    fill: svg.rad([
      [0, "#fff2d0", 0.35],
      [1, "#fff2d0", 0],
    ]),
  });
  if (style === "globe") {
    S.ell(x, yb + size, size * 2.1, size * 2.1, {
      fill: svg.rad([
        [0, "#fff3d6", 0.5],
        [1, "#fff3d6", 0],
      ]),
    });
    S.ell(x, yb + size, size, size, {
      fill: svg.rad(
        [
          [0, "#fffdf5"],
          [0.55, "#fbeccc"],
          [1, "#dcc8a0"],
        ],
        0.45,
        0.45,
        0.6,
      ),
    });
    S.rect(x - 30, ytop - 20, x + 30, ytop + 30, {
      fill: svg.lin(
        [
          [0, hi],
          [1, lo],
        ],
        0,
        0,
        1,
        0,
      ),
    });
    return;
  }
  const w = style === "cone" ? size * 0.9 : size;
  const path =
    style === "dome"
      ? ["M", x - w, yb, "Q", x - w, ytop, x, ytop, "Q", x + w, ytop, x + w, yb, "Z"]
      : style === "bell"
        ? [
            "M",
            x - w,
            yb,
            "Q",
            x - w * 0.35,
            yb + 30,
            x - w * 0.3,
            ytop,
            "L",
            x + w * 0.3,
            ytop,
            "Q",
            x + w * 0.35,
            yb + 30,
            x + w,
            yb,
            "Z",
          ]
        : ["M", x - w, yb, "L", x - 40, ytop, "L", x + 40, ytop, "L", x + w, yb, "Z"];
  S.path(path, {
    fill: svg.lin(
      [
        [0, shade(color, 0.25)],
        [0.5, color],
        [1, shade(color, -0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
  });
  S.ell(x, yb, w, w * 0.18, {
    fill: svg.rad([
      [0, "#fffbe8"],
      [1, "#f3d9a0"],
    ]),
  });
  S.rect(x - w, yb, x + w, yb + 12, { fill: metal === "black" ? "#222" : mid, opacity: 0.8 });
  S.rect(x - 25, ytop - 5, x + 25, ytop + 40, { fill: mid });
}
