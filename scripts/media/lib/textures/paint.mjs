// Painted timber texture: brush streaks and eggshell stipple.
import { makePerlin, fbm, mulberry32 } from "../noise.mjs";
import { cache, hex, make } from "./raster.mjs";

/** Painted timber: brush streaks along the grain plus an eggshell stipple. */
export function paint(color, w, h, { seed = 3, horizontal = false, strength = 1 } = {}) {
  const key = `paint:${color}:${w}:${h}:${seed}:${horizontal}:${strength}`;
  if (cache.has(key)) return cache.get(key);
  const C = hex(color),
    N1 = makePerlin(seed),
    N2 = makePerlin(seed + 1),
    R = mulberry32(seed + 5);
  const tex = make(w, h, (x, y) => {
    const a = horizontal ? y / h : x / w,
      b = horizontal ? x / w : y / h;
    const brush =
      N1(a * 60, b * 2, 60, 2) * 0.5 + N1(a * 150 + 3, b * 4, 150, 4) * 0.22 + N1(a * 24 + 7, b * 1, 24, 1) * 0.28;
    const lo = fbm(N2, a * 3, b * 3, 2, 3, 3);
    const k = 1 + strength * (brush * 0.022 + lo * 0.02 + (R() - 0.5) * 0.022);
    return [C[0] * k, C[1] * k, C[2] * k];
  });
  cache.set(key, tex);
  return tex;
}
