// Dining table with chairs for open-plan scenes and the "before" rooms.
import { shade } from "../svg.mjs";
import { front, flatY } from "../perspective.mjs";
import { q } from "../polygonPoints.mjs";

/** Dining table with chairs on the far side. */
export function diningTable(svg, cam, x0, x1, z0, z1, color, chairColor = "#3b3a36") {
  const P = cam.P,
    h = 750;
  const C = front(svg, cam, z0 - 120);
  for (let x = x0 + 350; x < x1 - 200; x += 650) {
    C.rect(x - 200, 0, x - 175, 1000, { fill: chairColor });
    C.rect(x + 175, 0, x + 200, 1000, { fill: chairColor });
    C.rect(x - 200, 900, x + 200, 1000, { fill: chairColor });
    for (let s = -120; s <= 120; s += 60) C.rect(x + s - 8, 560, x + s + 8, 900, { fill: shade(chairColor, 0.1) });
  }
  flatY(svg, cam, 0).rect(x0 - 100, z0 - 100, x1 + 100, z1 + 150, { fill: svg.soft("#000", 0.22, 0.5) });
  const F = front(svg, cam, z1 - 80),
    Fb = front(svg, cam, z0 + 80);
  for (const x of [x0 + 60, x1 - 120]) Fb.rect(x, 0, x + 60, h, { fill: shade(color, -0.35) });
  for (const x of [x0 + 60, x1 - 120])
    F.rect(x, 0, x + 60, h - 40, {
      fill: svg.lin(
        [
          [0, shade(color, 0.05)],
          [1, shade(color, -0.2)],
        ],
        0,
        0,
        1,
        0,
      ),
    });
  F.rect(x0 + 40, h - 120, x1 - 40, h - 40, { fill: shade(color, -0.15) });
  svg.add(`<polygon points="${q([P(x0, h, z0), P(x1, h, z0), P(x1, h, z1), P(x0, h, z1)])}" fill="${color}"/>`);
  svg.add(
    `<polygon points="${q([P(x0, h, z0), P(x1, h, z0), P(x1, h, z1), P(x0, h, z1)])}" fill="${svg.lin([
      [0, "#000", 0.1],
      [1, "#fff", 0.12],
    ])}"/>`,
  );
  front(svg, cam, z1).rect(x0, h - 40, x1, h, { fill: shade(color, -0.1) });
  return h;
}
