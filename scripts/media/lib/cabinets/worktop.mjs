// Worktop slab in perspective; used by the base runs, islands and the portrait scenes on their own.
import { shade } from "../svg.mjs";
import { front, sideX } from "../perspective.mjs";

/** Worktop slab: top surface in perspective plus the front edge. spec: { fill, edge, color } */
export function worktop(svg, cam, x0, x1, y, z0, z1, th, spec) {
  const P = cam.P,
    q = [P(x0, y, z0), P(x1, y, z0), P(x1, y, z1), P(x0, y, z1)];
  const pt = (a) => a.map((p) => p.map((v) => Math.round(v * 10) / 10).join(",")).join(" ");
  svg.add(`<polygon points="${pt(q)}" fill="${spec.fill ?? spec.color}"/>`);
  svg.add(
    `<polygon points="${pt(q)}" fill="${svg.lin([
      [0, "#000", 0.12],
      [1, "#fff", 0.12],
    ])}"/>`,
  );
  const S = front(svg, cam, z1);
  S.rect(x0, y - th, x1, y, { fill: spec.edge ?? spec.fill ?? spec.color });
  S.rect(x0, y - th, x1, y, {
    fill: svg.lin([
      [0, "#fff", 0.25],
      [0.3, "#fff", 0],
      [1, "#000", 0.25],
    ]),
  });
  if (x0 > 0) sideX(svg, cam, x0).rect(z0, y - th, z1, y, { fill: shade(spec.color, -0.2) });
  if (x1 < 0) sideX(svg, cam, x1).rect(z0, y - th, z1, y, { fill: shade(spec.color, -0.1) });
  S.rect(x0, y - th - 30, x1, y - th, {
    fill: svg.lin([
      [0, "#000", 0.28],
      [1, "#000", 0],
    ]),
  });
}
