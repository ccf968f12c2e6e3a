// Brushed metal texture (brass, copper with patina) and its colour ramps.
import { makePerlin, fbm, mulberry32, sstep, clamp01 } from "../noise.mjs";
import { cache, lerp3, field, make } from "./raster.mjs";

function ramp(stops, t) {
  if (t <= stops[0][0]) return stops[0][1];
  for (let i = 1; i < stops.length; i++) {
    if (t <= stops[i][0]) {
      const [t0, c0] = stops[i - 1],
        [t1, c1] = stops[i];
      return lerp3(c0, c1, (t - t0) / (t1 - t0));
    }
  }
  return stops[stops.length - 1][1];
}

export const METALS = {
  brass: [
    [0, [92, 66, 30]],
    [0.35, [160, 124, 66]],
    [0.65, [206, 172, 108]],
    [1, [244, 222, 166]],
  ],
  copper: [
    [0, [86, 42, 24]],
    [0.35, [150, 80, 46]],
    [0.7, [198, 122, 80]],
    [1, [236, 178, 138]],
  ],
};

/** Brushed metal with horizontal streaks; copper can carry darkened oxidation and fine verdigris. */
export function metal(kind, w, h, { seed = 11, patina = 0 } = {}) {
  const key = `metal:${kind}:${w}:${h}:${seed}:${patina}`;
  if (cache.has(key)) return cache.get(key);
  const stops = METALS[kind],
    N1 = makePerlin(seed),
    N2 = makePerlin(seed + 1),
    N3 = makePerlin(seed + 2),
    N4 = makePerlin(seed + 3);
  const R = mulberry32(seed + 3);
  const rows = new Float32Array(h).map(() => R() * 2 - 1);
  const SH = field(w, h, 6, (u, v) => fbm(N2, u * 2, v * 2, 2, 2, 2));
  const OX = patina ? field(w, h, 3, (u, v) => fbm(N4, u * 6 + 3, v * 6, 4, 6, 6)) : null;
  const PA = patina ? field(w, h, 2, (u, v) => fbm(N3, u * 9, v * 9, 4, 9, 9)) : null;
  const tex = make(w, h, (x, y) => {
    const u = x / w,
      v = y / h;
    const streak = N1(u * 3, v * 240, 3, 240) * 0.5 + N1(u * 1.5 + 5, v * 120, 2, 120) * 0.3 + rows[y] * 0.18;
    const sheen = 0.5 + 0.5 * Math.sin((u * 1.2 + v * 0.5 + SH(x, y) * 0.3) * Math.PI * 2);
    let c = ramp(stops, clamp01(0.22 + sheen * 0.55 + streak * 0.2 + (R() - 0.5) * 0.05));
    if (patina) {
      const ox = OX(x, y);
      c = lerp3(c, [74, 40, 26], sstep(-0.1, 0.45, ox) * 0.55 * patina);
      const sp = N3(u * 140, v * 140, 140, 140);
      const a = sstep(0.22, 0.6, PA(x, y) + sp * 0.1) * patina * 0.5;
      if (a > 0) c = lerp3(c, lerp3([86, 138, 122], [146, 190, 170], clamp01(0.5 + sp)), a);
    }
    return c;
  });
  cache.set(key, tex);
  return tex;
}
