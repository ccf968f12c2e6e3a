// Bar stool for island seating, seen from the front.
import { shade } from "../svg.mjs";
import { front } from "../perspective.mjs";

/** Simple bar stool seen from the front at depth z. */
export function stool(svg, cam, x, z, seatH, color, wood = "#8a6444") {
  const S = front(svg, cam, z);
  S.ell(x, 0, 300, 60, { fill: svg.soft("#000", 0.3) });
  for (const d of [-1, 1]) {
    S.poly(
      [
        [x + d * 190, 0],
        [x + d * 205, 0],
        [x + d * 150, seatH],
        [x + d * 130, seatH],
      ],
      { fill: shade(wood, -0.15) },
    );
  }
  S.rect(x - 175, seatH * 0.32, x + 175, seatH * 0.32 + 22, { fill: shade(wood, -0.25) });
  S.rect(x - 200, seatH, x + 200, seatH + 60, {
    fill: svg.lin([
      [0, shade(color, 0.15)],
      [1, shade(color, -0.2)],
    ]),
  });
  S.rect(x - 200, seatH + 48, x + 200, seatH + 60, { fill: "#fff", opacity: 0.2 });
}
