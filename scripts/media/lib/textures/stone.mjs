// Stone textures: veined marble / soapstone and engineered quartz.
import { makePerlin, fbm, mulberry32, sstep, clamp01 } from "../noise.mjs";
import { cache, lerp3, hex, field, make } from "./raster.mjs";

export const STONES = {
  carrara: {
    base: [239, 238, 234],
    cloud: [212, 213, 214],
    vein: [104, 110, 120],
    halo: [184, 188, 194],
    angle: 0.6,
    freq: 1.5,
    stretch: 3.2,
    minor: 0.9,
    thin: 55,
  },
  calacatta: {
    base: [246, 243, 237],
    cloud: [226, 221, 212],
    vein: [138, 120, 98],
    halo: [210, 200, 184],
    angle: 0.35,
    freq: 1.1,
    stretch: 2.6,
    minor: 0.4,
    thin: 40,
  },
  soapstone: {
    base: [62, 68, 66],
    cloud: [46, 51, 50],
    vein: [134, 146, 140],
    halo: [80, 88, 85],
    angle: -0.5,
    freq: 1.3,
    stretch: 2.2,
    minor: 0.7,
    thin: 45,
  },
};

/** Marble-like stone: domain-warped ridged noise gives long, feathery veins along a diagonal. */
export function marble(kind, w, h, { seed = 5 } = {}) {
  const key = `marble:${kind}:${w}:${h}:${seed}`;
  if (cache.has(key)) return cache.get(key);
  const st = STONES[kind];
  const NA = makePerlin(seed),
    NB = makePerlin(seed + 1),
    NC = makePerlin(seed + 2),
    ND = makePerlin(seed + 3),
    NE = makePerlin(seed + 4);
  const ca = Math.cos(st.angle),
    sa = Math.sin(st.angle),
    asp = w / Math.max(w, h),
    bsp = h / Math.max(w, h);
  const WX = field(w, h, 4, (u, v) => fbm(NA, u * asp * 3, v * bsp * 3, 4));
  const WY = field(w, h, 4, (u, v) => fbm(NB, u * asp * 3, v * bsp * 3, 4));
  const CL = field(w, h, 4, (u, v) => fbm(NE, u * asp * 4, v * bsp * 4, 4));
  const tex = make(w, h, (x, y) => {
    const u = (x / w) * asp,
      v = (y / h) * bsp;
    const p = u * ca - v * sa,
      q = u * sa + v * ca,
      wx = WX(x, y),
      wy = WY(x, y);
    const n = fbm(NC, p * st.freq + wx * 0.45, q * st.freq * st.stretch + wy * 0.8 + 10, 5);
    const r = 1 - Math.abs(n);
    const thin = r ** st.thin,
      halo = r ** 7;
    const m = fbm(ND, p * st.freq * 2.4 + wx * 1.1, q * st.freq * st.stretch * 1.6 + wy * 1.3, 4);
    const minor = (1 - Math.abs(m)) ** 110 * st.minor;
    let c = lerp3(st.base, st.cloud, clamp01(0.45 + CL(x, y) * 1.1) * 0.7);
    c = lerp3(c, st.halo, halo * 0.5);
    c = lerp3(c, st.vein, clamp01(thin * 0.85 + minor * 0.5));
    return c;
  });
  cache.set(key, tex);
  return tex;
}

/** Engineered quartz: tinted base, soft cloud and small flecks. */
export function quartz(base, flecks, w, h, { seed = 7, cloud = 0.04 } = {}) {
  const key = `quartz:${base}:${flecks}:${w}:${h}:${seed}`;
  if (cache.has(key)) return cache.get(key);
  const B = hex(base),
    F = flecks.map(hex);
  const Ns = F.map((_, i) => makePerlin(seed + i * 3 + 1)),
    NC = makePerlin(seed);
  const R = mulberry32(seed + 77);
  const tex = make(w, h, (x, y) => {
    const u = x / w,
      v = y / h;
    const k = 1 + fbm(NC, u * 4, v * 4, 3, 4, 4) * cloud;
    let c = [B[0] * k, B[1] * k, B[2] * k];
    for (let i = 0; i < F.length; i++) {
      const n = Ns[i](u * 160 + i * 13.7, v * 160, 160, 160);
      const a = sstep(0.5 + i * 0.04, 0.62 + i * 0.04, n);
      if (a > 0) c = lerp3(c, F[i], a * 0.85);
    }
    const s = R();
    if (s > 0.9975) c = lerp3(c, [255, 255, 255], 0.6);
    else if (s < 0.002) c = lerp3(c, F[0], 0.7);
    return c;
  });
  cache.set(key, tex);
  return tex;
}
