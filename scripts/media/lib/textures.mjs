// Raster material textures computed per pixel (wood, stone, paint, metal).
// Each returns { w, h, data: Uint8ClampedArray (RGB) }. Results are cached per key.
import sharp from "sharp";
import { makePerlin, fbm, mulberry32, sstep, clamp01 } from "./noise.mjs";

const cache = new Map();
const lerp3 = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const hex = (h) => {
  const n = parseInt(h.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

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

/** Smooth low-frequency field sampled every `step` px and bilinearly interpolated (fn takes u,v in 0..1). */
function field(w, h, step, fn) {
  const gw = Math.ceil(w / step) + 2,
    gh = Math.ceil(h / step) + 2,
    F = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++) for (let i = 0; i < gw; i++) F[j * gw + i] = fn((i * step) / w, (j * step) / h);
  return (x, y) => {
    const fx = x / step,
      fy = y / step,
      i = fx | 0,
      j = fy | 0,
      tx = fx - i,
      ty = fy - j,
      o = j * gw + i;
    const a = F[o] + (F[o + 1] - F[o]) * tx,
      b = F[o + gw] + (F[o + gw + 1] - F[o + gw]) * tx;
    return a + (b - a) * ty;
  };
}

function make(w, h, fn) {
  const data = new Uint8ClampedArray(w * h * 3);
  let o = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = fn(x, y);
      data[o++] = c[0];
      data[o++] = c[1];
      data[o++] = c[2];
    }
  }
  return { w, h, data };
}

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

/** Encode a texture as a data URI for embedding in SVG <image>. */
export async function toUri(tex, quality = 90) {
  if (tex.uri) return tex.uri;
  const buf = await sharp(Buffer.from(tex.data.buffer), { raw: { width: tex.w, height: tex.h, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: "4:4:4" })
    .toBuffer();
  tex.uri = `data:image/jpeg;base64,${buf.toString("base64")}`;
  return tex.uri;
}
