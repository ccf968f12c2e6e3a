// Wood grain texture and the species palettes it draws from.
import { makePerlin, fbm, mulberry32, sstep } from "../noise.mjs";
import { cache, lerp3, field, make } from "./raster.mjs";

export const WOODS = {
  oak: {
    light: [216, 178, 126],
    dark: [168, 122, 72],
    pore: [122, 86, 48],
    rings: 16,
    warp: 1.3,
    contrast: 0.55,
    pores: 0.55,
    flecks: 0.25,
  },
  smoked: {
    light: [140, 104, 72],
    dark: [88, 60, 38],
    pore: [58, 40, 26],
    rings: 16,
    warp: 1.3,
    contrast: 0.55,
    pores: 0.55,
    flecks: 0.12,
  },
  walnut: {
    light: [128, 88, 62],
    dark: [78, 50, 34],
    pore: [54, 34, 22],
    rings: 12,
    warp: 2.0,
    contrast: 0.6,
    pores: 0.35,
    flecks: 0,
    streak: 0.35,
  },
  ash: {
    light: [232, 214, 182],
    dark: [186, 152, 108],
    pore: [156, 124, 86],
    rings: 13,
    warp: 1.2,
    contrast: 0.7,
    pores: 0.45,
    flecks: 0,
  },
  beech: {
    light: [222, 184, 140],
    dark: [196, 152, 108],
    pore: [170, 124, 86],
    rings: 14,
    warp: 1.0,
    contrast: 0.35,
    pores: 0.25,
    flecks: 0.5,
  },
  pine: {
    light: [232, 204, 156],
    dark: [198, 140, 78],
    pore: [180, 130, 80],
    rings: 10,
    warp: 1.6,
    contrast: 0.8,
    pores: 0.1,
    flecks: 0,
  },
};

/** Wood grain. boards>0 gives flat-sawn "cathedral" staves (not tileable); boards=0 gives tileable straight grain. */
export function wood(species, w, h, { seed = 1, boards = 0, horizontal = false } = {}) {
  const key = `wood:${species}:${w}:${h}:${seed}:${boards}:${horizontal}`;
  if (cache.has(key)) return cache.get(key);
  const sp = WOODS[species];
  const N1 = makePerlin(seed),
    N2 = makePerlin(seed + 1),
    N3 = makePerlin(seed + 2),
    N4 = makePerlin(seed + 3),
    N5 = makePerlin(seed + 4);
  const R = mulberry32(seed + 9);
  const acrossN = horizontal ? h : w,
    alongN = horizontal ? w : h;
  const fibre = new Float32Array(acrossN).map(() => R() * 2 - 1);
  const bp = Array.from({ length: Math.max(1, boards) }, () => ({
    c: R() * 1.6 - 0.3,
    d0: 0.15 + R() * 0.9,
    slope: (R() - 0.5) * 1.2,
    tone: (R() - 0.5) * 0.16,
    rings: sp.rings * (0.75 + R() * 0.5),
  }));
  const aspect = alongN / acrossN;
  const fw = horizontal ? (u, v) => fbm(N1, v * 4, u * 2, 3, 4, 2) : (u, v) => fbm(N1, u * 4, v * 2, 3, 4, 2);
  const WARP = field(w, h, 3, fw);
  const LO = field(
    w,
    h,
    8,
    horizontal ? (u, v) => fbm(N3, v * 2, u * 2, 2, 2, 2) : (u, v) => fbm(N3, u * 2, v * 2, 2, 2, 2),
  );
  const STR = field(
    w,
    h,
    4,
    horizontal ? (u, v) => N3(v * 6 + 7, u * 0.5, 6, 1) : (u, v) => N3(u * 6 + 7, v * 0.5, 6, 1),
  );
  const tex = make(w, h, (x, y) => {
    const ap = horizontal ? y : x,
      bpx = horizontal ? x : y;
    const a = ap / acrossN,
      b = bpx / alongN;
    let t,
      tone = 0,
      edge = 0;
    const warp = WARP(x, y);
    if (boards > 0) {
      const bi = Math.min(boards - 1, Math.floor(a * boards)),
        la = a * boards - bi,
        q = bp[bi];
      const dx = la - q.c,
        dy = q.d0 + (b - 0.5) * aspect * boards * q.slope * 0.25;
      t = Math.sqrt(dx * dx + dy * dy) * q.rings * 0.85 + warp * sp.warp * 0.6 + 0.05 * N2(a * 64, b * 4, 64, 4);
      tone = q.tone;
      const e = (Math.min(la, 1 - la) * acrossN) / boards;
      edge = e < 1.2 ? 0.35 : 0;
    } else {
      t = a * sp.rings * 1.5 + warp * sp.warp * 0.45 + 0.06 * N2(a * 64, b * 4, 64, 4);
    }
    const ring = 0.5 + 0.5 * Math.sin(t * Math.PI * 2);
    const late = ring ** 5,
      fine = (0.5 + 0.5 * Math.sin(t * Math.PI * 6)) ** 8 * 0.25;
    let c = lerp3(sp.light, sp.dark, Math.min(1, sp.contrast * (late + fine) + 0.12 * (1 - ring)));
    const pr = N4(a * 200, b * 5, 200, 5);
    const pore = sp.pores * sstep(0.2, 0.6, pr) * (0.3 + 0.7 * late);
    c = lerp3(c, sp.pore, pore);
    if (sp.flecks) {
      const fl = N5(a * 120, b * 24, 120, 24);
      c = lerp3(c, sp.light, sp.flecks * sstep(0.45, 0.75, fl));
    }
    const lo = LO(x, y);
    const streak = sp.streak ? sp.streak * sstep(0.1, 0.6, STR(x, y)) : 0;
    const k = 1 + tone + lo * 0.08 + fibre[ap] * 0.035 + streak * 0.25 - edge;
    return [c[0] * k, c[1] * k, c[2] * k];
  });
  cache.set(key, tex);
  return tex;
}
