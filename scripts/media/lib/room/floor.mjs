// Floors in perspective (planks, tiles, checker, concrete, vinyl); a scene picks its floor independently of its walls.
import { poly, ell, line, shade } from "../svg.mjs";
import { Rng } from "../noise.mjs";

/** Floor: 'planks' | 'tiles' | 'checker' | 'concrete' | 'vinyl'. */
export function floor(svg, cam, room, spec) {
  const { w } = room,
    X0 = -w / 2,
    X1 = w / 2,
    P = cam.P;
  const r = new Rng(spec.seed ?? 17);
  const zBottom = cam.D - (cam.f * cam.eye) / Math.max(1, cam.H - cam.hz);
  const zMax = Math.min(cam.D - 100, Math.max(1500, zBottom + 700));
  const F = (x, z) => P(x, 0, z);
  svg.add(poly([F(X0, 0), F(X1, 0), F(X1, zMax), F(X0, zMax)], { fill: spec.color }));
  if (spec.type === "planks") {
    const pw = spec.plank ?? 190;
    for (let x = X0; x < X1; x += pw) {
      let z = -r.range(0, 1800);
      while (z < zMax) {
        const len = r.range(900, 2100),
          z1 = Math.min(zMax, z + len),
          z0 = Math.max(0, z);
        if (z1 > 0) {
          const c = shade(spec.color, r.range(-0.08, 0.06));
          svg.add(poly([F(x, z0), F(x + pw, z0), F(x + pw, z1), F(x, z1)], { fill: c }));
          for (let k = 0; k < 6; k++) {
            const gx = x + r.range(10, pw - 10),
              za = r.range(z0, z1),
              zb = Math.min(z1, za + r.range(300, 1200));
            const a = F(gx, za),
              b = F(gx + r.range(-12, 12), zb);
            svg.add(
              line(a[0], a[1], b[0], b[1], {
                stroke: shade(c, k % 3 ? -0.18 : 0.15),
                "stroke-width": r.range(0.7, 1.8),
                opacity: 0.45,
              }),
            );
          }
          const j = F(x, z1),
            j2 = F(x + pw, z1);
          svg.add(
            line(j[0], j[1], j2[0], j2[1], { stroke: shade(spec.color, -0.45), "stroke-width": 1.2, opacity: 0.6 }),
          );
        }
        z += len;
      }
      const a = F(x, 0),
        b = F(x, zMax);
      svg.add(line(a[0], a[1], b[0], b[1], { stroke: shade(spec.color, -0.5), "stroke-width": 1.4, opacity: 0.55 }));
    }
  } else if (spec.type === "tiles" || spec.type === "checker" || spec.type === "vinyl") {
    const ts = spec.size ?? 400,
      cols = spec.colors ?? [spec.color];
    for (let x = X0; x < X1; x += ts) {
      for (let z = 0; z < zMax; z += ts) {
        const i = Math.round((x - X0) / ts),
          j = Math.round(z / ts);
        let c = spec.type === "checker" || spec.type === "vinyl" ? cols[(i + j) % 2] : r.pick(cols);
        const vr = spec.vary ?? 0.06;
        c = shade(c, r.range(-vr, vr));
        const gr = spec.grout ?? 0.02;
        svg.add(
          poly(
            [
              F(x + ts * gr, z + ts * gr),
              F(x + ts * (1 - gr), z + ts * gr),
              F(x + ts * (1 - gr), z + ts * (1 - gr)),
              F(x + ts * gr, z + ts * (1 - gr)),
            ],
            { fill: c },
          ),
        );
      }
    }
  } else if (spec.type === "concrete") {
    for (let i = 0; i < 14; i++) {
      const p = F(r.range(X0, X1), r.range(0, 2600));
      svg.add(
        ell(p[0], p[1], r.range(80, 300), r.range(20, 60), {
          fill: svg.soft(r.chance(0.5) ? "#fff" : "#000", 0.06, 0),
        }),
      );
    }
  }
  // depth shading: darker towards the back wall, a soft sheen in the foreground
  svg.add(
    poly([F(X0, 0), F(X1, 0), F(X1, zMax), F(X0, zMax)], {
      fill: svg.lin([
        [0, "#000", 0.22],
        [0.35, "#000", 0.05],
        [1, "#fff", spec.sheen ?? 0.06],
      ]),
    }),
  );
}
