// Room shell: walls, ceiling, plaster mottling, corner shading and cornice; the first layer of every room.
import { poly, rect, ell, shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";

/** Walls, ceiling and soft corner shading. room: { w, h, wall, side, ceiling, zNear } */
export function shell(svg, cam, room) {
  const { w, h } = room,
    X0 = -w / 2,
    X1 = w / 2,
    zN = room.zNear ?? cam.D - 150;
  const P = cam.P;
  const ceil = room.ceiling ?? shade(room.wall, 0.25);
  svg.add(
    poly([P(X0, h, 0), P(X1, h, 0), P(X1, h, zN), P(X0, h, zN)], {
      fill: svg.lin(
        [
          [0, ceil],
          [1, shade(ceil, -0.18)],
        ],
        0,
        1,
        0,
        0,
      ),
    }),
  );
  const sideL = room.sideL ?? shade(room.wall, 0.06),
    sideR = room.sideR ?? shade(room.wall, -0.1);
  svg.add(
    poly([P(X0, 0, 0), P(X0, h, 0), P(X0, h, zN), P(X0, 0, zN)], {
      fill: svg.lin(
        [
          [0, sideL],
          [1, shade(sideL, -0.12)],
        ],
        1,
        0,
        0,
        0,
      ),
    }),
  );
  svg.add(
    poly([P(X1, 0, 0), P(X1, h, 0), P(X1, h, zN), P(X1, 0, zN)], {
      fill: svg.lin(
        [
          [0, sideR],
          [1, shade(sideR, -0.15)],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  const [bx0, by0] = P(X0, h, 0),
    [bx1, by1] = P(X1, 0, 0);
  svg.add(rect(bx0, by0, bx1 - bx0, by1 - by0, { fill: room.wall }));
  // plaster mottling
  const r = new Rng(room.seed ?? 3);
  for (let i = 0; i < 7; i++) {
    svg.add(
      ell(r.range(bx0, bx1), r.range(by0, by1), r.range(150, 420), r.range(90, 260), {
        fill: svg.soft(r.chance(0.5) ? "#fff" : "#000", 0.045, 0),
      }),
    );
  }
  // corner occlusion
  const cs = cam.s(0);
  svg.add(
    rect(bx0, by0, 120 * cs, by1 - by0, {
      fill: svg.lin(
        [
          [0, "#000", 0.12],
          [1, "#000", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  svg.add(
    rect(bx1 - 120 * cs, by0, 120 * cs, by1 - by0, {
      fill: svg.lin(
        [
          [0, "#000", 0],
          [1, "#000", 0.16],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  svg.add(
    rect(bx0, by0, bx1 - bx0, 90 * cs, {
      fill: svg.lin([
        [0, "#000", 0.1],
        [1, "#000", 0],
      ]),
    }),
  );
  if (room.cornice) {
    const c = room.cornice,
      d = 90;
    svg.add(poly([P(X0, h - d, 0), P(X1, h - d, 0), P(X1, h, 0), P(X0, h, 0)], { fill: shade(c, 0.05) }));
    svg.add(
      poly([P(X0, h - d, 0), P(X1, h - d, 0), P(X1, h - d * 0.55, 0), P(X0, h - d * 0.55, 0)], {
        fill: "#000",
        opacity: 0.07,
      }),
    );
  }
}
