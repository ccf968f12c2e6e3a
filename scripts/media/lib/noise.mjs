// Seeded pseudo-random numbers and tileable gradient noise (no dependencies).

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashStr(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export class Rng {
  constructor(seed) {
    this.f = mulberry32(typeof seed === "string" ? hashStr(seed) : seed);
  }
  r() {
    return this.f();
  }
  range(a, b) {
    return a + (b - a) * this.f();
  }
  int(a, b) {
    return Math.floor(this.range(a, b + 1));
  }
  pick(arr) {
    return arr[Math.floor(this.f() * arr.length)];
  }
  chance(p) {
    return this.f() < p;
  }
  jit(v, amt) {
    return v + (this.f() * 2 - 1) * amt;
  }
}

/** Perlin gradient noise; tileable when px/py (lattice periods, <= 256) are integers. Range ~[-1, 1]. */
export function makePerlin(seed) {
  const r = mulberry32(seed);
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  const perm = new Uint8Array(512);
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  const GX = new Float32Array(256),
    GY = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const a = r() * Math.PI * 2;
    GX[i] = Math.cos(a);
    GY[i] = Math.sin(a);
  }
  return function noise(x, y, px = 256, py = 256) {
    const xi = Math.floor(x),
      yi = Math.floor(y);
    const xf = x - xi,
      yf = y - yi;
    let x0 = xi % px;
    if (x0 < 0) x0 += px;
    let y0 = yi % py;
    if (y0 < 0) y0 += py;
    let x1 = x0 + 1;
    if (x1 >= px) x1 = 0;
    let y1 = y0 + 1;
    if (y1 >= py) y1 = 0;
    x0 &= 255;
    x1 &= 255;
    y0 &= 255;
    y1 &= 255;
    const h00 = perm[perm[x0] + y0],
      h10 = perm[perm[x1] + y0];
    const h01 = perm[perm[x0] + y1],
      h11 = perm[perm[x1] + y1];
    const n00 = GX[h00] * xf + GY[h00] * yf;
    const n10 = GX[h10] * (xf - 1) + GY[h10] * yf;
    const n01 = GX[h01] * xf + GY[h01] * (yf - 1);
    const n11 = GX[h11] * (xf - 1) + GY[h11] * (yf - 1);
    const u = xf * xf * xf * (xf * (xf * 6 - 15) + 10);
    const v = yf * yf * yf * (yf * (yf * 6 - 15) + 10);
    const a = n00 + (n10 - n00) * u,
      b = n01 + (n11 - n01) * u;
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: the committed images were drawn with this rounded √2; Math.SQRT2 would shift their pixels
    return (a + (b - a) * v) * 1.4142;
  };
}

/** Fractal sum of noise octaves; px/py are the base periods (keep px*2^(oct-1) <= 256 for tiling). */
export function fbm(noise, x, y, oct, px = 256, py = 256, gain = 0.5) {
  let s = 0,
    a = 1,
    f = 1,
    n = 0;
  for (let i = 0; i < oct; i++) {
    s += a * noise(x * f, y * f, Math.min(256, px * f), Math.min(256, py * f));
    n += a;
    a *= gain;
    f *= 2;
  }
  return s / n;
}

export const clamp01 = (x) => (x < 0 ? 0 : Math.min(x, 1));
export const sstep = (a, b, x) => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};
