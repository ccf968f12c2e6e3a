// Fittings set into or onto the worktop: tap, sink bowl and hob.
import { front, flatY } from "../perspective.mjs";
import { METALS } from "../metalFinishes.mjs";

/** Gooseneck tap at depth z, standing on the worktop at y. */
export function tap(svg, cam, x, y, z, metal = "brass") {
  const S = front(svg, cam, z),
    [hi, mid, lo] = METALS[metal],
    w = Math.max(1.2, S.w(24));
  const grad = svg.lin(
    [
      [0, hi],
      [0.5, mid],
      [1, lo],
    ],
    0,
    0,
    1,
    0,
  );
  S.path(
    [
      "M",
      x,
      y,
      "L",
      x,
      y + 260,
      "Q",
      x,
      y + 390,
      x + 110,
      y + 390,
      "Q",
      x + 200,
      y + 390,
      x + 200,
      y + 290,
      "L",
      x + 200,
      y + 250,
    ],
    { fill: "none", stroke: mid, "stroke-width": w, "stroke-linecap": "round" },
  );
  S.path(["M", x - 6, y + 20, "L", x - 6, y + 260, "Q", x - 6, y + 380, x + 100, y + 382], {
    fill: "none",
    stroke: hi,
    "stroke-width": w * 0.25,
    opacity: 0.8,
  });
  S.rect(x - 30, y, x + 30, y + 40, { fill: grad });
  for (const d of [-110, 110]) {
    S.rect(x + d - 14, y, x + d + 14, y + 70, { fill: grad });
    S.rect(x + d - 45, y + 70, x + d + 45, y + 84, { fill: grad });
  }
}

/** Sink bowl cut into a worktop (top view in perspective). */
export function sinkBowl(svg, cam, x0, x1, y, z0, z1, butler = false) {
  const F = flatY(svg, cam, y);
  F.rect(x0, z0, x1, z1, { fill: butler ? "#f3f1eb" : "#9a9a98" });
  F.rect(x0 + 35, z0 + 35, x1 - 35, z1 - 35, {
    fill: svg.lin([
      [0, "#6d6c69"],
      [1, "#c8c6c0"],
    ]),
  });
}

/** Induction hob or gas burners on a worktop. */
export function hob(svg, cam, x0, x1, y, z0, z1) {
  const F = flatY(svg, cam, y + 1);
  F.rect(x0, z0, x1, z1, { fill: "#141415" });
  F.rect(x0, z0, x1, z1, {
    fill: svg.lin([
      [0, "#fff", 0],
      [1, "#fff", 0.12],
    ]),
  });
}
