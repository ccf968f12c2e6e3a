// Ceiling features: exposed beams and recessed spotlights.
import { shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";
import { front, flatY } from "../perspective.mjs";
import { q } from "../polygonPoints.mjs";

export function beams(svg, cam, room, zs, color) {
  const P = cam.P,
    X0 = -room.w / 2,
    X1 = room.w / 2,
    y = room.h - 200;
  for (const z of zs) {
    svg.add(
      `<polygon points="${q([P(X0, y, z), P(X1, y, z), P(X1, y, z + 200), P(X0, y, z + 200)])}" fill="${shade(color, -0.2)}"/>`,
    );
    const S = front(svg, cam, z + 200);
    S.rect(X0, y, X1, room.h, {
      fill: svg.lin([
        [0, shade(color, 0.1)],
        [1, shade(color, -0.15)],
      ]),
    });
    const r = new Rng(z);
    for (let i = 0; i < 5; i++) {
      const yy = r.range(y + 20, room.h - 20);
      S.rect(X0, yy, X1, yy + 6, { fill: shade(color, -0.3), opacity: 0.5 });
    }
  }
}

export function ceilingSpots(svg, cam, room, xs, zs) {
  const F = flatY(svg, cam, room.h - 1);
  for (const x of xs)
    for (const z of zs) {
      F.ell(x, z, 55, 55, { fill: "#d9d4cc" });
      F.ell(x, z, 38, 38, { fill: "#fffdf4" });
    }
}
